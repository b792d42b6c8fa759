/**
 * The audit log (migration `004_audit`): records chained per tenant and each tenant's chain head, whose row
 * every append locks `FOR UPDATE` so that the nodes of a fleet extend one chain, never fork it.
 */
export const auditSchema = `
CREATE TABLE audit_heads (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  hash text NOT NULL,
  signature text NOT NULL,
  checkpoint_seq bigint,
  checkpoint_hash text,
  checkpoint_signature text
);

CREATE TABLE audit_records (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  at bigint NOT NULL,
  body text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (tenant_id, seq)
);
CREATE INDEX audit_records_by_time ON audit_records (at);
`;
