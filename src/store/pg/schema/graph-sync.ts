/** Each tenant's background sync settings and per-system results (migration `010_graph_sync`), gone with its tenant. */
export const graphSyncSchema = `
CREATE TABLE graph_sync_settings (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  body jsonb NOT NULL,
  updated_at bigint NOT NULL
);
CREATE TABLE graph_sync_status (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  system text NOT NULL,
  body jsonb NOT NULL,
  PRIMARY KEY (tenant_id, system)
);
`;
