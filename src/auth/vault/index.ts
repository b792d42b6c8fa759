export { CredentialVault, type VaultOwner, type VaultSecret } from './vault.js';
export type { CredentialStore } from './credential-store.js';
export { SqliteCredentialStore } from './credential-store-sqlite.js';
export { PgCredentialStore } from './credential-store-pg.js';
export { createKeyring, openingDerivedKeys, requireSharableKey, type Keyring } from './keyring.js';
export { vaultCredentials } from './source.js';
export { openVault } from './open.js';
export { vaultMigrations } from './schema.js';
export { LocalGrantGenerations, type GrantGenerations, type GrantKey } from './generations.js';
