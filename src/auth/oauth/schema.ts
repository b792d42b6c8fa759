import type { Migration } from '../../store/db.js';

export const oauthMigrations: Migration[] = [
  {
    // Authorizations in progress, keyed by the state's nonce; `tenant_id` puts them in the tenant purge.
    id: '311_oauth_pending',
    up: (db) =>
      db.exec(`
        CREATE TABLE oauth_pending (
          nonce TEXT PRIMARY KEY,
          tenant_id TEXT NOT NULL,
          user_email TEXT NOT NULL,
          provider TEXT NOT NULL,
          code_verifier TEXT,
          redirect_uri TEXT NOT NULL,
          return_url TEXT,
          expires_at INTEGER NOT NULL
        );
        CREATE INDEX oauth_pending_by_expiry ON oauth_pending (expires_at);
      `),
  },
  {
    // Consent links already opened (single use); no tenant data, only the nonce until the link's expiry.
    id: '312_oauth_consent_links_used',
    up: (db) =>
      db.exec(`
        CREATE TABLE oauth_consent_links_used (
          nonce TEXT PRIMARY KEY,
          expires_at INTEGER NOT NULL
        );
        CREATE INDEX oauth_consent_links_used_by_expiry ON oauth_consent_links_used (expires_at);
      `),
  },
];
