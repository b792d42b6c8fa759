/**
 * Consent links already opened (single use), as in SQLite (src/auth/oauth/schema.ts): no tenant data,
 * only the nonce until the link's expiry.
 */
export const consentLinksSchema = `
CREATE TABLE oauth_consent_links_used (
  nonce text PRIMARY KEY,
  expires_at bigint NOT NULL
);
CREATE INDEX oauth_consent_links_used_by_expiry ON oauth_consent_links_used (expires_at);
`;
