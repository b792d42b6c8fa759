/**
 * What documents read of the graph (SQLite: `document-reads-sqlite.ts`, PostgreSQL:
 * `document-reads-pg.ts`): documents link chunks to nodes, expand queries through edges and embed node
 * texts, but never read the graph's tables themselves. Every method filters by tenant.
 */
export interface GraphReadsForDocuments {
  /** Nodes one edge away from any of `rowids`, in either direction (at most 500). */
  neighbours(tenantId: string, rowids: readonly number[]): Promise<number[]>;
  /** For each key, the rowid of the node of the first of its types that has its id (undefined: none). */
  nodesByKey(
    tenantId: string,
    keys: ReadonlyArray<{ types: readonly string[]; id: string }>,
  ): Promise<Array<number | undefined>>;
  /** The nodes known under each alias (such as `email:…`). */
  nodesByAlias(tenantId: string, aliases: readonly string[]): Promise<Map<string, number>>;
  /** Nodes of the types with a name or title of at least `minLength` characters: that label, as stored. */
  labelledNodes(
    tenantId: string,
    types: readonly string[],
    minLength: number,
  ): Promise<Array<{ id: number; label: string }>>;
  /** Every node of the tenant with when it last changed (epoch ms): what entity vectors are brought up to date against. */
  nodeVersions(tenantId: string): Promise<Array<{ id: number; updatedAt: number }>>;
  /** The searchable text of each node (the one its keywords index); nodes gone are left out. */
  nodeTexts(tenantId: string, rowids: readonly number[]): Promise<Map<number, string>>;
}
