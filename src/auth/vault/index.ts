export { CredentialVault, type VaultOwner, type VaultSecret } from './vault.js';
export { createKeyring, type Keyring } from './keyring.js';
export { vaultCredentials } from './source.js';
export { vaultMigrations } from './schema.js';
export { LocalGrantGenerations, type GrantGenerations, type GrantKey } from './generations.js';
