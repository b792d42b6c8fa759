import type { ActivityRow, EdgeLink, EdgeRefRow, NodeRow } from '../rows.js';

/**
 * pg hands bigints back as strings and jsonb as parsed values: the queries select jsonb as text
 * (`properties::text`) and these turn the bigints (rowids, epoch milliseconds, counts) into numbers.
 */
type Bigints<Row, Keys extends keyof Row> = Omit<Row, Keys> & {
  [K in Keys]: Row[K] extends number ? string : string | null;
};

export const NODE_COLUMNS =
  'n.id, n.tenant_id, n.node_type, n.node_id, n.properties::text AS properties, n.source, n.created_at, n.updated_at, n.expires_at';

export type PgNodeRow = Bigints<NodeRow, 'id' | 'created_at' | 'updated_at' | 'expires_at'>;

export const nodeRowOf = (row: PgNodeRow): NodeRow => ({
  ...row,
  id: Number(row.id),
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
  expires_at: row.expires_at === null ? null : Number(row.expires_at),
});

export type PgEdgeLink = Bigints<EdgeLink, 'from_id' | 'to_id'>;

export const edgeLinkOf = (row: PgEdgeLink): EdgeLink => ({
  from_id: Number(row.from_id),
  to_id: Number(row.to_id),
  edge_type: row.edge_type,
});

export const edgeRefOf = (row: Bigints<EdgeRefRow, 'from_id' | 'to_id'>): EdgeRefRow => ({
  ...row,
  from_id: Number(row.from_id),
  to_id: Number(row.to_id),
});

export const ACTIVITY_COLUMNS =
  'id, action, actor_type, actor_id, target_type, target_id, timestamp, properties::text AS properties';

export const activityRowOf = (row: Bigints<ActivityRow, 'id' | 'timestamp'>): ActivityRow => ({
  ...row,
  id: Number(row.id),
  timestamp: Number(row.timestamp),
});

/** `{ key: count }` of grouped count rows (counts are bigints). */
export const countsOf = (rows: ReadonlyArray<{ key: string; count: string }>): Record<string, number> =>
  Object.fromEntries(rows.map((row) => [row.key, Number(row.count)]));

/**
 * `items` split into rounds in which no key repeats, each in the original order: one multi-row
 * `INSERT … ON CONFLICT DO UPDATE` may not touch a row twice, and a later write must merge after an earlier one.
 */
export function roundsOf<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const rounds: T[][] = [];
  const roundOfKey = new Map<string, number>();
  for (const item of items) {
    const key = keyOf(item);
    const round = (roundOfKey.get(key) ?? -1) + 1;
    roundOfKey.set(key, round);
    (rounds[round] ??= []).push(item);
  }
  return rounds;
}
