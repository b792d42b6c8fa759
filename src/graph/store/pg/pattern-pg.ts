import type pg from 'pg';
import type { PatternQuery } from '../graph-storage.js';
import type { EdgeLink } from '../rows.js';
import { conditionsPg, PgParams } from './conditions-pg.js';
import { edgeLinkOf, type PgEdgeLink } from './rows-pg.js';

/** One direction of a pattern: edges from the `a` end `leftEnd` to the `b` end `rightEnd`. */
function directed(query: PatternQuery, leftEnd: string, rightEnd: string, params: PgParams): string {
  const where = ['e.tenant_id = $1', 'a.tenant_id = $1', 'b.tenant_id = $1'];
  const constrain = (alias: string, node: PatternQuery['left']) => {
    if (node.type) where.push(`${alias}.node_type = ${params.add(node.type)}`);
    return conditionsPg(alias, node.conditions, params);
  };
  const left = constrain('a', query.left);
  const right = constrain('b', query.right);
  if (query.edgeTypes.length) where.push(`e.edge_type = ANY(${params.add(query.edgeTypes)}::text[])`);
  return `SELECT e.from_id, e.to_id, e.edge_type FROM graph_edges e
    JOIN graph_nodes a ON a.id = e.${leftEnd} JOIN graph_nodes b ON b.id = e.${rightEnd}
    WHERE ${where.join(' AND ')}${left}${right}`;
}

/** Edges matching a one-hop pattern, with `from_id`/`to_id` as stored (not as seen from `a`). */
export async function matchPatternPg(pool: pg.Pool, tenantId: string, query: PatternQuery): Promise<EdgeLink[]> {
  const params = new PgParams(tenantId);
  const parts: string[] = [];
  if (query.direction !== 'in') parts.push(directed(query, 'from_id', 'to_id', params));
  if (query.direction !== 'out') parts.push(directed(query, 'to_id', 'from_id', params));
  const sql = `SELECT DISTINCT from_id, to_id, edge_type FROM (${parts.join(' UNION ALL ')}) matches LIMIT ${params.add(query.limit)}`;
  const { rows } = await pool.query<PgEdgeLink>(sql, params.values);
  return rows.map(edgeLinkOf);
}
