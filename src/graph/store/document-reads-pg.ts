import type pg from 'pg';
import type { GraphReadsForDocuments } from './document-reads.js';

const LABEL = "coalesce(properties ->> 'name', properties ->> 'title')";

/** What documents read of the graph, in PostgreSQL. */
export class PgGraphReadsForDocuments implements GraphReadsForDocuments {
  constructor(private readonly pool: pg.Pool) {}

  async neighbours(tenantId: string, rowids: readonly number[]): Promise<number[]> {
    if (rowids.length === 0) return [];
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT to_id AS id FROM graph_edges WHERE from_id = ANY($1::bigint[]) AND tenant_id = $2
       UNION SELECT from_id FROM graph_edges WHERE to_id = ANY($1::bigint[]) AND tenant_id = $2 LIMIT 500`,
      [rowids, tenantId],
    );
    return rows.map((r) => Number(r.id));
  }

  async nodesByKey(tenantId: string, keys: ReadonlyArray<{ types: readonly string[]; id: string }>) {
    if (keys.length === 0) return [];
    const { rows } = await this.pool.query<{ node_type: string; node_id: string; id: string }>(
      `SELECT node_type, node_id, id FROM graph_nodes
       WHERE tenant_id = $1 AND node_id = ANY($2::text[]) AND node_type = ANY($3::text[])`,
      [tenantId, [...new Set(keys.map((k) => k.id))], [...new Set(keys.flatMap((k) => k.types))]],
    );
    const found = new Map(rows.map((r) => [JSON.stringify([r.node_type, r.node_id]), Number(r.id)]));
    return keys.map((key) =>
      key.types.map((type) => found.get(JSON.stringify([type, key.id]))).find((id) => id !== undefined),
    );
  }

  async nodesByAlias(tenantId: string, aliases: readonly string[]): Promise<Map<string, number>> {
    if (aliases.length === 0) return new Map();
    const { rows } = await this.pool.query<{ alias: string; node_rowid: string }>(
      'SELECT alias, node_rowid FROM graph_aliases WHERE tenant_id = $1 AND alias = ANY($2::text[])',
      [tenantId, aliases],
    );
    return new Map(rows.map((r) => [r.alias, Number(r.node_rowid)]));
  }

  async labelledNodes(tenantId: string, types: readonly string[], minLength: number) {
    const { rows } = await this.pool.query<{ id: string; label: string }>(
      `SELECT id, ${LABEL} AS label FROM graph_nodes
       WHERE tenant_id = $1 AND node_type = ANY($2::text[]) AND length(coalesce(${LABEL}, '')) >= $3`,
      [tenantId, types, minLength],
    );
    return rows.map((r) => ({ id: Number(r.id), label: r.label }));
  }

  async nodeVersions(tenantId: string): Promise<Array<{ id: number; updatedAt: number }>> {
    const { rows } = await this.pool.query<{ id: string; updated_at: string }>(
      'SELECT id, updated_at FROM graph_nodes WHERE tenant_id = $1',
      [tenantId],
    );
    return rows.map((r) => ({ id: Number(r.id), updatedAt: Number(r.updated_at) }));
  }

  async nodeTexts(tenantId: string, rowids: readonly number[]): Promise<Map<number, string>> {
    if (rowids.length === 0) return new Map();
    const { rows } = await this.pool.query<{ id: string; text: string }>(
      'SELECT id, graph_node_text(node_id, properties) AS text FROM graph_nodes WHERE id = ANY($1::bigint[]) AND tenant_id = $2',
      [rowids, tenantId],
    );
    return new Map(rows.map((r) => [Number(r.id), r.text]));
  }
}
