/**
 * Confirmations (migration `007_confirmations`): single-use, bound to tenant, user, tool and the arguments'
 * digest; consumed by one conditional UPDATE so that a fleet runs a confirmed call once.
 */
export const confirmationsSchema = `
CREATE TABLE confirmations (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  tool text NOT NULL,
  args_digest text NOT NULL,
  action text NOT NULL,
  args text NOT NULL,
  token_allowed boolean NOT NULL,
  status text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  decided_at bigint,
  used_at bigint
);
CREATE INDEX confirmations_by_binding ON confirmations (tenant_id, user_id, tool, args_digest);
CREATE INDEX confirmations_by_expiry ON confirmations (expires_at);
`;
