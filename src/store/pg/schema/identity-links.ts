/**
 * How and when each identifier was tied to its person (migration `008_identity_links`, added to a released
 * schema): `method` is null where an upstream record named the identifier with the person's other ones (then
 * `linked_at` is unknown too), `directory` where an upstream's user directory tied it to the person's email,
 * `manual` where an admin linked it. `graph_write_batch` leaves both columns alone, as SQLite's ingestion does.
 */
export const identityLinksSchema = `
ALTER TABLE graph_aliases ADD COLUMN method text CHECK (method IN ('directory', 'manual'));
ALTER TABLE graph_aliases ADD COLUMN linked_at bigint;
`;
