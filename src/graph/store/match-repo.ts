import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';
import type { KeywordHit, KeywordQuery, PatternQuery } from './graph-storage.js';
import { keywordLookupOf, SQLITE_GRAPH_KEYWORD_SQL } from './keyword-sql.js';
import { bindable, conditionSql, type EdgeLink, type NodeRow } from './rows.js';

/** The SQL behind the query language's relationship patterns and the keyword search. */
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

  /** Nodes whose text holds any of the words, best BM25 (over the tenant's own nodes) first. */
  keyword(tenantId: string, query: KeywordQuery): KeywordHit[] {
    const { terms, prefix, prefixEnd } = keywordLookupOf(query);
    if (terms.length === 0 && prefix === null) return [];
    const rows = this.statement(SQLITE_GRAPH_KEYWORD_SQL).all({
      tenant: tenantId,
      terms: JSON.stringify(terms),
      prefix,
      prefixEnd,
      types: JSON.stringify(query.types),
      limit: query.limit,
    }) as Array<NodeRow & { score: number }>;
    return rows.map(({ score, ...row }) => ({ row, score }));
  }

  /** The tenant's keyword totals (its nodes' postings and lengths go with the nodes). */
  deleteTenantTotals(tenantId: string): void {
    this.statement('DELETE FROM graph_keyword_totals WHERE tenant_id = ?').run(tenantId);
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
