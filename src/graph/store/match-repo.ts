import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';
import { bindable, conditionSql, type Condition, type EdgeLink, type NodeRow } from './rows.js';

interface NodeConstraint {
  type?: string;
  conditions: readonly Condition[];
}

/** A one-hop pattern `(a)-[:T]->(b)`; `direction` is seen from `a`. */
interface PatternQuery {
  tenantId: string;
  left: NodeConstraint;
  right: NodeConstraint;
  edgeTypes: readonly string[];
  direction: 'out' | 'in' | 'both';
  limit: number;
}

interface KeywordHit {
  row: NodeRow;
  /** bm25 rank: lower is better. */
  rank: number;
}

/** The SQL behind the query language's relationship patterns and the keyword (FTS5) search. */
export class MatchRepo {
  private readonly cache = new Map<string, Statement>();

  constructor(private readonly db: Db) {}

  /** Edges matching the pattern, with `from_id`/`to_id` as stored (not as seen from `a`). */
  pattern(query: PatternQuery): EdgeLink[] {
    const parts: Array<{ sql: string; params: Array<string | number> }> = [];
    if (query.direction !== 'in') parts.push(this.directed(query, 'from_id', 'to_id'));
    if (query.direction !== 'out') parts.push(this.directed(query, 'to_id', 'from_id'));
    const sql = `SELECT DISTINCT from_id, to_id, edge_type FROM (${parts.map((p) => p.sql).join(' UNION ALL ')}) LIMIT ?`;
    return this.statement(sql).all(...parts.flatMap((p) => p.params), query.limit) as EdgeLink[];
  }

  private directed(
    query: PatternQuery,
    leftEnd: string,
    rightEnd: string,
  ): { sql: string; params: Array<string | number> } {
    // Both ends are constrained to the tenant, so the plan can start from either end's nodes.
    const where = ['+e.tenant_id = ?', 'a.tenant_id = ?', 'b.tenant_id = ?'];
    const params: Array<string | number> = [query.tenantId, query.tenantId, query.tenantId];
    const constrain = (alias: string, node: NodeConstraint) => {
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

  /** Nodes whose text matches an FTS5 query, best first. */
  keyword(tenantId: string, ftsQuery: string, types: readonly string[], limit: number): KeywordHit[] {
    const typed = types.length > 0;
    const sql = `SELECT n.*, bm25(graph_node_text) AS rank FROM graph_node_text t JOIN graph_nodes n ON n.id = t.rowid
      WHERE graph_node_text MATCH ? AND n.tenant_id = ?${typed ? ' AND n.node_type IN (SELECT value FROM json_each(?))' : ''}
      ORDER BY rank LIMIT ?`;
    const rows = this.statement(sql).all(ftsQuery, tenantId, ...(typed ? [JSON.stringify(types)] : []), limit) as Array<
      NodeRow & { rank: number }
    >;
    return rows.map(({ rank, ...row }) => ({ row, rank }));
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
