import { hkdfSync } from 'node:crypto';
import type { Config } from '../../config/config.js';
import { vaultKeyringOf } from '../../auth/vault/open.js';
import { storeOn, type StoreBackend } from '../../store/backend.js';
import { tenantGate } from '../../store/tenant-gate.js';
import type { Clock, Logger } from '../../toolkit/context.js';
import { AuditLog } from './audit-log.js';
import { LinkSigner } from './chain.js';
import type { AuditStore } from './store.js';
import { PgAuditStore } from './store-pg.js';
import { SqliteAuditStore } from './store-sqlite.js';

export const auditStoreOn = (backend: StoreBackend): AuditStore =>
  storeOn<AuditStore>(backend, {
    sqlite: (db) => new SqliteAuditStore(db, tenantGate(db)),
    postgres: (pool) => new PgAuditStore(pool),
  });

/**
 * The keys that sign chain heads and checkpoints, derived from the vault's (the first signs; keys rotated
 * out still verify what they signed): every node sharing the store has them, and nobody with only the
 * database does.
 */
export function auditSigner(config: Config): LinkSigner {
  const keyring = vaultKeyringOf(config);
  const keys = [keyring.current, ...[...keyring.byId.values()].filter((key) => key !== keyring.current)];
  return new LinkSigner(
    keys.map((key) => Buffer.from(hkdfSync('sha256', key.key, 'constellation', 'audit-chain', 32))),
  );
}

/** The audit log over the installation's store (the server's, and the CLI's `audit verify`). */
export const openAuditLog = (config: Config, backend: StoreBackend, clock: Clock, log: Logger): AuditLog =>
  new AuditLog(auditStoreOn(backend), auditSigner(config), clock, log);
