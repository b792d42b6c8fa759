import type pg from 'pg';
import type { Direction } from '../../types.js';
import type { EdgeLink } from '../rows.js';
import { namedStatement } from './statement-pg.js';

/**
 * One direction of a neighbourhood read: the edges whose `near` end is one of `$2` (`side` 0: leaving them,
 * 1: entering them), from the index that leads with that end (the primary key for `from_id`,
 * `graph_edges_incoming` for `to_id`, both covering `tenant_id`). `$3`: edge types, when typed.
 */
function side(order: 0 | 1, typed: boolean): string {
  const [near, far] = order === 0 ? ['from_id', 'to_id'] : ['to_id', 'from_id'];
  return `SELECT ${order} AS side, ${near} AS near, ${far} AS far, edge_type FROM graph_edges
    WHERE ${near} = ANY($2::bigint[]) AND tenant_id = $1${typed ? ' AND edge_type = ANY($3::text[])' : ''}`;
}

const SIDES: Record<Direction, ReadonlyArray<0 | 1>> = { out: [0], in: [1], both: [0, 1] };

/**
 * The statement of each direction, with and without an edge-type filter, named: a traversal runs it on
 * every level. Both directions are one statement: outgoing edges first, then incoming ones, each in the
 * order of its index.
 */
const STATEMENTS = new Map(
  (['out', 'in', 'both'] as const).flatMap((direction) =>
    [false, true].map((typed) => {
      const key = `${direction}${typed ? '_typed' : ''}`;
      return [key, namedStatement(`links_${key}`, linksSql(direction, typed))];
    }),
  ),
);

/** The SQL of a neighbourhood read (`$1`: the tenant, `$2`: the node rowids, `$3`: the edge types when typed). */
export function linksSql(direction: Direction, typed: boolean): string {
  return `${SIDES[direction].map((order) => side(order, typed)).join(' UNION ALL ')} ORDER BY side, near, far, edge_type`;
}

/** Edges leaving, entering, or touching (`both`: leaving ones first) any of the nodes: one query. */
export async function linksPg(
  pool: pg.Pool,
  tenantId: string,
  rowids: readonly number[],
  direction: Direction,
  edgeTypes?: readonly string[],
): Promise<EdgeLink[]> {
  if (rowids.length === 0) return [];
  const typed = edgeTypes !== undefined && edgeTypes.length > 0;
  const statement = STATEMENTS.get(`${direction}${typed ? '_typed' : ''}`)!;
  const { rows } = await pool.query<{ side: 0 | 1; near: string; far: string; edge_type: string }>(
    statement(typed ? [tenantId, rowids, edgeTypes] : [tenantId, rowids]),
  );
  return rows.map(({ side, near, far, edge_type }) =>
    side === 0
      ? { from_id: Number(near), to_id: Number(far), edge_type }
      : { from_id: Number(far), to_id: Number(near), edge_type },
  );
}
