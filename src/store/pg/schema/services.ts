/**
 * The credential vault, OAuth authorizations in progress, the analytics cache and MCP tasks, column for
 * column as in SQLite (src/auth/vault/schema.ts, src/auth/oauth/schema.ts, src/analytics/schema.ts,
 * src/mcp/task-store-sqlite.ts): sealed bytes are bytea, epoch-millisecond times bigint, and serialized values
 * stay text (the stores hand them back byte for byte).
 */
export const servicesSchema = `
CREATE TABLE vault_credentials (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_email text NOT NULL,
  provider text NOT NULL,
  key_id text NOT NULL,
  nonce bytea NOT NULL,
  ciphertext bytea NOT NULL,
  tag bytea NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (tenant_id, user_email, provider)
);
CREATE INDEX vault_credentials_by_key ON vault_credentials (key_id);

CREATE TABLE oauth_pending (
  nonce text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_email text NOT NULL,
  provider text NOT NULL,
  code_verifier text,
  redirect_uri text NOT NULL,
  return_url text,
  expires_at bigint NOT NULL
);
CREATE INDEX oauth_pending_by_expiry ON oauth_pending (expires_at);
CREATE INDEX oauth_pending_by_tenant ON oauth_pending (tenant_id);

CREATE TABLE analytics_cache (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  cache_key text NOT NULL,
  tool text NOT NULL,
  args text NOT NULL,
  value text NOT NULL,
  computed_at bigint NOT NULL,
  PRIMARY KEY (tenant_id, cache_key)
);
CREATE INDEX analytics_cache_computed_at ON analytics_cache (computed_at);

CREATE TABLE mcp_tasks (
  task_id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  owner text NOT NULL,
  tool text NOT NULL,
  status text NOT NULL,
  status_message text,
  result text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  ttl_ms bigint NOT NULL
);
CREATE INDEX mcp_tasks_by_owner ON mcp_tasks (tenant_id, owner, created_at, task_id);
`;
