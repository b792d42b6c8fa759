import { createHash, hkdfSync } from 'node:crypto';
import type { StoreBackend } from '../../store/backend.js';

/** One AES-256 key of the credential vault, named by its fingerprint so rows record which key sealed them. */
export interface VaultKey {
  id: string;
  key: Buffer;
}

/**
 * The vault's keys: the first seals every new row; the others only open rows sealed before a rotation
 * (the vault re-seals those under the current key when it opens the store).
 */
export interface Keyring {
  current: VaultKey;
  byId: ReadonlyMap<string, VaultKey>;
  /** True when no key was configured and a local one was derived (development and demo only). */
  derived: boolean;
}

const fingerprint = (key: Buffer): string =>
  createHash('sha256').update('constellation-vault-key-id').update(key).digest('hex').slice(0, 16);

function vaultKey(key: Buffer): VaultKey {
  return { id: fingerprint(key), key };
}

/**
 * A keyring from the configured keys or, without any, a key derived from a local secret (the JWT
 * secret and the database's path): stable across restarts of one installation, never for production.
 */
export function createKeyring(configured: readonly Buffer[] | undefined, localSecret: string): Keyring {
  const keys = configured?.length
    ? configured.map(vaultKey)
    : [vaultKey(Buffer.from(hkdfSync('sha256', localSecret, 'constellation', 'credential-vault', 32)))];
  return { current: keys[0], byId: new Map(keys.map((k) => [k.id, k])), derived: !configured?.length };
}

/**
 * Refuses to open the vault on a store several servers share (PostgreSQL) with a derived key: each
 * server derives its own from its JWT secret and database path, so none could open what another sealed.
 * The composition root calls it before opening the vault.
 */
export function requireSharableKey(keyring: Keyring, store: StoreBackend['kind']): void {
  if (store === 'postgres' && keyring.derived)
    throw new Error(
      'CONSTELLATION_ENCRYPTION_KEY must be set when the store is PostgreSQL (CONSTELLATION_DATABASE_URL): every ' +
        'server sharing the database needs the same vault key, and a key derived from the local secrets is not ' +
        'shared (generate one with: openssl rand -base64 32)',
    );
}

/**
 * `keyring` that also opens rows sealed under the local keys `localSecrets` derive (an installation that
 * ran without a configured key), so that re-sealing moves them to the current key. Moving such an
 * installation to a store servers share (`constellation store copy`) needs it.
 */
export function openingDerivedKeys(keyring: Keyring, localSecrets: readonly string[]): Keyring {
  const derived = localSecrets.map((secret) => createKeyring(undefined, secret).current);
  return { ...keyring, byId: new Map([...derived.map((k) => [k.id, k] as const), ...keyring.byId]) };
}
