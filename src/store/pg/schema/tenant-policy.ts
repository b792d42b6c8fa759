/** Each tenant's governance policy (migration `009_tenant_policy`), gone with its tenant. */
export const tenantPolicySchema = `
CREATE TABLE tenant_policies (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  body jsonb NOT NULL,
  updated_at bigint NOT NULL
);
`;
