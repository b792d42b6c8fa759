import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';
import type { KeywordHit, KeywordQuery, PatternQuery } from './graph-storage.js';
import { bindable, conditionSql, type EdgeLink, type NodeRow } from './rows.js';

/** The SQL behind the query language's relationship patterns and the keyword (FTS5) search. */
export class MatchRepo {
  private readonly cache = new Map<string, Statement>();

  constructor(private readonly db: Db) {}

  /** Edges matching the pattern, with `from_id`/`to_id` as stored (not as seen from `a`). */
  pattern(tenantId: string, query: PatternQuery): EdgeLink[] {
    const parts: Array<{ sql: string; params: Array<string | number> }> = [];
    if (query.direction !== 'in') parts.push(this.directed(tenantId, query, 'from_id', 'to_id'));
    if (query.direction !== 'out') parts.push(this.directed(tenantId, query, 'to_id', 'from_id'));
    const sql = `SELECT DISTINCT from_id, to_id, edge_type FROM (${parts.map((p) => p.sql).join(' UNION ALL ')}) LIMIT ?`;
    return this.statement(sql).all(...parts.flatMap((p) => p.params), query.limit) as EdgeLink[];
  }

  private directed(
    tenantId: string,
    query: PatternQuery,
    leftEnd: string,
    rightEnd: string,
  ): { sql: string; params: Array<string | number> } {
    // Both ends are constrained to the tenant, so the plan can start from either end's nodes.
    const where = ['+e.tenant_id = ?', 'a.tenant_id = ?', 'b.tenant_id = ?'];
    const params: Array<string | number> = [tenantId, tenantId, tenantId];
    const constrain = (alias: string, node: PatternQuery['left']) => {
      if (node.type) {
        where.push(`${alias}.node_type = ?`);
        params.push(node.type);
      }
      where.push(...node.conditions.map((c) => conditionSql(alias, c)));
      params.push(...bindable(node.conditions));
    };
    constrain('a', query.left);
    constrain('b', query.right);
    if (query.edgeTypes.length) {
      where.push('e.edge_type IN (SELECT value FROM json_each(?))');
      params.push(JSON.stringify(query.edgeTypes));
    }
    const sql = `SELECT e.from_id, e.to_id, e.edge_type FROM graph_edges e
      JOIN graph_nodes a ON a.id = e.${leftEnd} JOIN graph_nodes b ON b.id = e.${rightEnd}
      WHERE ${where.join(' AND ')}`;
    return { sql, params };
  }

  /** Nodes whose text holds any of the words, best bm25 first. */
  keyword(tenantId: string, query: KeywordQuery): KeywordHit[] {
    const typed = query.types.length > 0;
    const sql = `SELECT n.*, bm25(graph_node_text) AS rank FROM graph_node_text t JOIN graph_nodes n ON n.id = t.rowid
      WHERE graph_node_text MATCH ? AND n.tenant_id = ?${typed ? ' AND n.node_type IN (SELECT value FROM json_each(?))' : ''}
      ORDER BY rank LIMIT ?`;
    const params = [ftsQueryOf(query), tenantId, ...(typed ? [JSON.stringify(query.types)] : []), query.limit];
    const rows = this.statement(sql).all(...params) as Array<NodeRow & { rank: number }>;
    return rows.map(({ rank, ...row }) => ({ row, score: -rank }));
  }

  private statement(sql: string): Statement {
    let stmt = this.cache.get(sql);
    if (!stmt) {
      if (this.cache.size > 200) this.cache.clear();
      stmt = this.db.prepare(sql);
      this.cache.set(sql, stmt);
    }
    return stmt;
  }
}

/** The FTS5 query of the words: each quoted, OR-ed so bm25 ranks rows holding more of them first; the last a prefix too. */
function ftsQueryOf({ words, prefixLast }: KeywordQuery): string {
  return words.map((w, i) => (prefixLast && i === words.length - 1 ? `"${w}"*` : `"${w}"`)).join(' OR ');
}
