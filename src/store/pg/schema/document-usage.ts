/**
 * Migration 016. The bytes each tenant's documents take (pending ones included), as SQLite's documents
 * migration 406 keeps them: a row per tenant that the documents' own inserts and deletes adjust, filled from
 * the documents there are. Every upload's quota check summed the tenant's every document row instead.
 */
export const documentUsageSchema = `
CREATE TABLE document_usage (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  bytes bigint NOT NULL
);
INSERT INTO document_usage (tenant_id, bytes) SELECT tenant_id, sum(file_size) FROM documents GROUP BY tenant_id;

CREATE FUNCTION document_usage_adjust() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO document_usage (tenant_id, bytes) VALUES (NEW.tenant_id, NEW.file_size)
      ON CONFLICT (tenant_id) DO UPDATE SET bytes = document_usage.bytes + excluded.bytes;
  ELSE
    UPDATE document_usage SET bytes = bytes - OLD.file_size WHERE tenant_id = OLD.tenant_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER documents_usage AFTER INSERT OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION document_usage_adjust();
`;
