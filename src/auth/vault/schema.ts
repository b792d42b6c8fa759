import type { Migration } from '../../store/db.js';

export const vaultMigrations: Migration[] = [
  {
    // One row per tenant, user and provider. Only sealed bytes are stored; `tenant_id` makes the
    // tenant purge remove a deleted tenant's rows with everything else it owned.
    id: '301_vault_credentials',
    up: (db) =>
      db.exec(`
        CREATE TABLE vault_credentials (
          tenant_id TEXT NOT NULL,
          user_email TEXT NOT NULL,
          provider TEXT NOT NULL,
          key_id TEXT NOT NULL,
          nonce BLOB NOT NULL,
          ciphertext BLOB NOT NULL,
          tag BLOB NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (tenant_id, user_email, provider)
        ) WITHOUT ROWID;
        CREATE INDEX vault_credentials_by_key ON vault_credentials (key_id);
      `),
  },
];
