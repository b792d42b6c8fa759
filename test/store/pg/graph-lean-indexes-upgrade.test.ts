import type pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { PgGraphStorage } from '../../../src/graph/store/pg/graph-storage-pg.js';
import { migratePg } from '../../../src/store/pg/migrate.js';
import { pgMigrations } from '../../../src/store/pg/migrations.js';
import { openPgPool } from '../../../src/store/pg/pool.js';
import { pgTestDatabase } from '../../helpers/pg-lane.js';
import { UPGRADE_EDGES, type UpgradeNode } from '../../helpers/upgrade-graph.js';

const ends: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(ends.splice(0).map((end) => end()));
});

const NODES: UpgradeNode[] = [
  { type: 'issue', id: 'PAY-1', properties: { key: 'PAY-1', status: 'open', title: 'Refund the invoice twice' } },
  { type: 'issue', id: 'PAY-2', properties: { key: 'PAY-2', status: 'done', title: 'Invoice totals drift' } },
  { type: 'issue', id: 'PAY-3', properties: { key: 'PAY-3', status: 'open', points: 3, labels: ['open'] } },
  { type: 'user', id: 'ada', properties: { login: 'ada', name: 'Ada Lovelace', active: true } },
  { type: 'user', id: 'grace', properties: { login: 'grace', name: 'Grace Hopper', active: false } },
  { type: 'repository', id: 'acme/api', properties: { full_name: 'acme/api', description: 'invoices and refunds' } },
];

const EDGES = UPGRADE_EDGES;

/** Two tenants' graphs written through the store at `016`; `globex` has the same graph but its first edge. */
async function graphAt016(pool: pg.Pool, storage: PgGraphStorage): Promise<void> {
  await migratePg(
    pool,
    pgMigrations.filter((m) => m.id < '017'),
  );
  for (const [tenant, edges] of [
    ['acme', EDGES],
    ['globex', EDGES.slice(1)],
  ] as const) {
    await pool.query("INSERT INTO tenants (id, consumer_id, created_at, updated_at) VALUES ($1, $1, '', '')", [tenant]);
    await storage.writeFor(tenant, undefined, async (writes) => {
      const rowids = await writes.upsertNodes(
        NODES.map(({ type, id, properties }) => ({
          type,
          id,
          properties: JSON.stringify(properties),
          source: 'test',
          now: 1,
        })),
      );
      await writes.upsertEdges(
        edges.map(([from, to, type]) => ({ fromId: rowids[from], toId: rowids[to], type, properties: null, now: 1 })),
      );
    });
  }
}

const idsOf = (rows: ReadonlyArray<{ node_id: string }>) => rows.map((row) => row.node_id).sort();

async function indexesOf(pool: pg.Pool, table: string): Promise<string[]> {
  const { rows } = await pool.query<{ indexname: string }>(
    'SELECT indexname FROM pg_indexes WHERE tablename = $1 ORDER BY indexname',
    [table],
  );
  return rows.map((row) => row.indexname);
}

it('upgrades a graph to the lean write indexes (017) and reads the same graph back through the store', async () => {
  const pool = await openPgPool(await pgTestDatabase({ migrated: false }));
  ends.push(() => pool.end());
  const storage = new PgGraphStorage(pool);
  await graphAt016(pool, storage);

  expect(await migratePg(pool, pgMigrations)).toEqual(['017_graph_lean_write_indexes']);
  expect(await indexesOf(pool, 'graph_edges')).toEqual(['graph_edges_incoming', 'graph_edges_pkey']);
  const nodeIndexes = await indexesOf(pool, 'graph_nodes');
  expect(nodeIndexes).toEqual(expect.arrayContaining(['graph_nodes_prop_key', 'graph_nodes_prop_status']));
  expect(nodeIndexes).not.toContain('graph_nodes_properties');

  // Exact-match searches, with and without a type, on indexed and other properties of every JSON kind.
  const search = async (type: string | undefined, property: string, value: string | number | boolean | null) =>
    idsOf(await storage.searchNodes('acme', type, [{ property, value }], 10));
  expect(await search('issue', 'status', 'open')).toEqual(['PAY-1', 'PAY-3']);
  expect(await search(undefined, 'key', 'PAY-2')).toEqual(['PAY-2']);
  expect(await search('issue', 'points', 3)).toEqual(['PAY-3']);
  expect(await search('user', 'active', true)).toEqual(['ada']);
  expect(await search('issue', 'labels', 'open')).toEqual([]);
  expect(await search('issue', 'points', null)).toEqual(['PAY-1', 'PAY-2']);

  expect(await storage.countEdges('acme')).toBe(7);
  expect(await storage.countEdges('globex')).toBe(6);
  expect(await storage.countEdgesByType('acme')).toEqual({ ASSIGNED_TO: 3, BELONGS_TO: 3, CONTRIBUTES_TO: 1 });
  expect(await storage.countNodesByType('acme')).toEqual({ issue: 3, user: 1 + 1, repository: 1 });

  // The ids of the nodes links start from.
  const sourcesOf = async (links: ReadonlyArray<{ from_id: number }>) =>
    idsOf(
      await storage.nodes(
        'acme',
        links.map((link) => link.from_id),
      ),
    );
  const ada = (await storage.node('acme', 'user', 'ada'))!;
  const assigned = await storage.links('acme', [ada.id], 'in', ['ASSIGNED_TO']);
  expect(await sourcesOf(assigned)).toEqual(['PAY-1', 'PAY-2']);
  const pattern = await storage.matchPattern('acme', {
    left: { type: 'issue', conditions: [{ property: 'status', value: 'open' }] },
    right: { type: 'repository', conditions: [] },
    edgeTypes: ['BELONGS_TO'],
    direction: 'out',
    limit: 10,
  });
  expect(await sourcesOf(pattern)).toEqual(['PAY-1', 'PAY-3']);
  const hits = await storage.keywordSearch('acme', { words: ['invoice'], prefixLast: false, types: [], limit: 10 });
  expect(idsOf(hits.map((hit) => hit.row))).toEqual(['PAY-1', 'PAY-2', 'acme/api']);

  expect(await storage.deleteNodesWhere('acme', 'issue', [{ property: 'key', value: 'PAY-2' }])).toBe(1);
  expect(await storage.countEdges('acme')).toBe(5);
  expect(await storage.deleteTenant('acme')).toEqual({ nodes: 5, edges: 5, activity: 0 });
  expect(await storage.countEdges('acme')).toBe(0);
  expect(await storage.countEdges('globex')).toBe(6);
  expect(await search(undefined, 'key', 'PAY-1')).toEqual([]);
  expect(idsOf(await storage.searchNodes('globex', 'issue', [{ property: 'key', value: 'PAY-2' }], 10))).toEqual([
    'PAY-2',
  ]);
});
