import type { Config } from '../../config/config.js';
import { storeOn, type StoreBackend } from '../../store/backend.js';
import { tenantGate } from '../../store/tenant-gate.js';
import type { Clock, Logger } from '../../toolkit/context.js';
import { PgCredentialStore } from './credential-store-pg.js';
import { SqliteCredentialStore } from './credential-store-sqlite.js';
import type { CredentialStore } from './credential-store.js';
import { LocalGrantGenerations } from './generations.js';
import { createKeyring, requireSharableKey } from './keyring.js';
import { CredentialVault } from './vault.js';

/** The vault's keys: the configured ones, or one derived from the JWT secret and database path. */
export const vaultKeyringOf = (config: Config) =>
  createKeyring(config.vaultKeys, `${config.jwtSecret}\0${config.databaseFile}`);

/** The credential vault, with rows sealed under a rotated-out key moved to the current one. */
export async function openVault(
  config: Config,
  backend: StoreBackend,
  log: Logger,
  clock: Clock,
): Promise<CredentialVault> {
  const keyring = vaultKeyringOf(config);
  requireSharableKey(keyring, backend.kind);
  const store = storeOn<CredentialStore>(backend, {
    sqlite: (db) => new SqliteCredentialStore(db, tenantGate(db)),
    postgres: (pool) => new PgCredentialStore(pool),
  });
  const vault = new CredentialVault(store, keyring, () => clock.now(), new LocalGrantGenerations());
  if (keyring.derived && config.environment !== 'test') {
    // Demo data holds no real credentials, so saying so is enough; anywhere else it deserves a warning.
    const message =
      'vault: CONSTELLATION_ENCRYPTION_KEY is not set; per-user credentials are sealed with a key derived from the JWT secret and database path';
    if (config.demo) log.info(message);
    else log.warn(`${message} (set a key before storing real credentials)`);
  }
  const resealed = await vault.reseal();
  if (resealed > 0)
    log.info('vault: re-sealed credentials under the current key', { rows: resealed, key_id: keyring.current.id });
  return vault;
}
