import type { Db } from '../../store/db.js';
import type { GraphReadsForDocuments } from './document-reads.js';
import { nodeTextSql } from '../schema.js';

const LABEL = "coalesce(json_extract(properties, '$.name'), json_extract(properties, '$.title'))";

/** What documents read of the graph, in SQLite (synchronous statements; the promises are settled on return). */
export class SqliteGraphReadsForDocuments implements GraphReadsForDocuments {
  constructor(private readonly db: Db) {}

  async neighbours(tenantId: string, rowids: readonly number[]): Promise<number[]> {
    if (rowids.length === 0) return [];
    const json = JSON.stringify(rowids);
    return this.db
      .prepare(
        `SELECT to_id FROM graph_edges WHERE from_id IN (SELECT value FROM json_each(?)) AND +tenant_id = ?
         UNION SELECT from_id FROM graph_edges WHERE to_id IN (SELECT value FROM json_each(?)) AND +tenant_id = ? LIMIT 500`,
      )
      .pluck()
      .all(json, tenantId, json, tenantId) as number[];
  }

  async nodesByKey(tenantId: string, keys: ReadonlyArray<{ types: readonly string[]; id: string }>) {
    const one = this.db
      .prepare('SELECT id FROM graph_nodes WHERE tenant_id = ? AND node_type = ? AND node_id = ?')
      .pluck();
    return keys.map((key) => {
      for (const type of key.types) {
        const rowid = one.get(tenantId, type, key.id) as number | undefined;
        if (rowid !== undefined) return rowid;
      }
      return undefined;
    });
  }

  async nodesByAlias(tenantId: string, aliases: readonly string[]): Promise<Map<string, number>> {
    if (aliases.length === 0) return new Map();
    const rows = this.db
      .prepare(
        'SELECT alias, node_rowid FROM graph_aliases WHERE tenant_id = ? AND alias IN (SELECT value FROM json_each(?))',
      )
      .all(tenantId, JSON.stringify(aliases)) as Array<{ alias: string; node_rowid: number }>;
    return new Map(rows.map((r) => [r.alias, r.node_rowid]));
  }

  async labelledNodes(tenantId: string, types: readonly string[], minLength: number) {
    return this.db
      .prepare(
        `SELECT id, ${LABEL} AS label FROM graph_nodes
         WHERE tenant_id = ? AND node_type IN (SELECT value FROM json_each(?)) AND length(coalesce(${LABEL}, '')) >= ?`,
      )
      .all(tenantId, JSON.stringify(types), minLength) as Array<{ id: number; label: string }>;
  }

  async nodeVersions(tenantId: string): Promise<Array<{ id: number; updatedAt: number }>> {
    return this.db
      .prepare('SELECT id, updated_at AS updatedAt FROM graph_nodes WHERE tenant_id = ?')
      .all(tenantId) as Array<{ id: number; updatedAt: number }>;
  }

  async nodeTexts(tenantId: string, rowids: readonly number[]): Promise<Map<number, string>> {
    if (rowids.length === 0) return new Map();
    const rows = this.db
      .prepare(
        `SELECT n.id, ${nodeTextSql('n')} AS text FROM graph_nodes n
         WHERE n.id IN (SELECT value FROM json_each(?)) AND +n.tenant_id = ?`,
      )
      .all(JSON.stringify(rowids), tenantId) as Array<{ id: number; text: string }>;
    return new Map(rows.map((r) => [r.id, r.text]));
  }
}
