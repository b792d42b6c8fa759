import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../src/database.js';
import { KEYWORD_POSTINGS_FUNCTION, registerKeywordFunction } from '../../src/graph/keyword-function.js';
import { graphMigrations, nodeTextSql } from '../../src/graph/schema.js';
import { SqliteGraphStorage } from '../../src/graph/store/graph-storage-sqlite.js';
import type { GraphStorage, KeywordQuery, NodeWrite } from '../../src/graph/store/graph-storage.js';
import { coreMigrations } from '../../src/store/core-schema.js';
import { openStore, type Db } from '../../src/store/db.js';
import { UPGRADE_EDGES, type UpgradeNode } from '../helpers/upgrade-graph.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const fileIn = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'constellation-lean-indexes-'));
  dirs.push(dir);
  return join(dir, name);
};

const TENANT = 'acme';

const NODES: UpgradeNode[] = [
  { type: 'issue', id: 'PAY-1', properties: { key: 'PAY-1', status: 'open', title: 'Refund the invoice twice' } },
  { type: 'issue', id: 'PAY-2', properties: { key: 'PAY-2', status: 'done', title: 'Invoice totals drift' } },
  { type: 'issue', id: 'PAY-3', properties: { key: 'PAY-3', status: 'open', title: 'Ledger export' } },
  { type: 'user', id: 'ada', properties: { login: 'ada', name: 'Ada Lovelace' } },
  { type: 'user', id: 'grace', properties: { login: 'grace', name: 'Grace Hopper' } },
  { type: 'repository', id: 'acme/api', properties: { full_name: 'acme/api', description: 'invoices and refunds' } },
];

const EDGES = UPGRADE_EDGES;

const QUERIES: KeywordQuery[] = [
  { words: ['invoice', 'refund'], prefixLast: false, types: [], limit: 10 },
  { words: ['led'], prefixLast: true, types: [], limit: 10 },
  { words: ['ada', 'invoices'], prefixLast: false, types: ['user', 'repository'], limit: 10 },
];

/** An installation at migration 106 holding the graph as its writes left it: nodes, edges, postings, lengths, totals. */
function storeAt106(file: string): void {
  const db = openStore(file, {
    extensions: [registerKeywordFunction],
    migrations: [...coreMigrations, ...graphMigrations.filter((m) => m.id < '107')],
  });
  const node = db.prepare(
    'INSERT INTO graph_nodes (tenant_id, node_type, node_id, properties, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, 1) RETURNING id',
  );
  const rowids = NODES.map(
    ({ type, id, properties }) => node.pluck().get(TENANT, type, id, JSON.stringify(properties), 'test') as number,
  );
  const edge = db.prepare(
    'INSERT INTO graph_edges (tenant_id, from_id, to_id, edge_type, properties, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, 1, 1)',
  );
  for (const [from, to, type] of EDGES) edge.run(TENANT, rowids[from], rowids[to], type);
  // The postings, lengths and totals 106's writes kept (the terms of migration 103's function, which are theirs).
  db.exec(`
    INSERT INTO graph_node_postings (tenant_id, term, node_rowid, tf, node_length)
      SELECT n.tenant_id, p.value ->> 0, n.id, p.value ->> 1, p.value ->> 2
      FROM graph_nodes n, json_each(${KEYWORD_POSTINGS_FUNCTION}(${nodeTextSql('n')})) p;
    INSERT INTO graph_node_lengths (node_rowid, tenant_id, length)
      SELECT n.id, n.tenant_id, coalesce((SELECT sum(tf) FROM graph_node_postings p WHERE p.node_rowid = n.id), 0)
      FROM graph_nodes n;
    INSERT INTO graph_keyword_totals (tenant_id, nodes, terms)
      SELECT tenant_id, count(*), sum(length) FROM graph_node_lengths GROUP BY tenant_id;
  `);
  db.close();
}

/** The same graph written through the store on a store created now. */
async function writtenNow(storage: GraphStorage): Promise<void> {
  await storage.writeFor(TENANT, undefined, async (w) => {
    const writes: NodeWrite[] = NODES.map(({ type, id, properties }) => ({
      type,
      id,
      properties: JSON.stringify(properties),
      source: 'test',
      now: 1,
    }));
    const rowids = await w.upsertNodes(writes);
    await w.upsertEdges(
      EDGES.map(([from, to, type]) => ({ fromId: rowids[from], toId: rowids[to], type, properties: null, now: 1 })),
    );
  });
}

/** What the store's reads give of the tenant's graph, by node keys (rowids are the store's own). */
async function graphOf(storage: GraphStorage) {
  const nodes = [];
  for (const { type, id } of NODES) {
    const row = await storage.node(TENANT, type, id);
    if (!row) continue;
    const edges = (await storage.edgeRefs(TENANT, row.id, 'both', undefined, 100)).map(
      (e) => `${e.from_node_id} ${e.edge_type} ${e.to_node_id}`,
    );
    const links = (await storage.links(TENANT, [row.id], 'both')).length;
    nodes.push({ type, id, properties: JSON.parse(row.properties) as unknown, edges: edges.sort(), links });
  }
  const searches = [];
  for (const query of QUERIES)
    searches.push(
      (await storage.keywordSearch(TENANT, query)).map(({ row, score }) => `${row.node_id} ${score.toFixed(6)}`),
    );
  return {
    nodes,
    searches,
    open: (await storage.searchNodes(TENANT, 'issue', [{ property: 'status', value: 'open' }], 10)).map(
      (r) => r.node_id,
    ),
    byKey: (await storage.searchNodes(TENANT, 'issue', [{ property: 'key', value: 'PAY-2' }], 10)).map(
      (r) => r.node_id,
    ),
    nodeTypes: await storage.countNodesByType(TENANT),
    edgeTypes: await storage.countEdgesByType(TENANT),
    edgeCount: await storage.countEdges(TENANT),
  };
}

/**
 * Changes after the upgrade: nodes re-titled (re-indexed: new terms; the same terms in other case; the same terms
 * and length with other counts), one deleted (its postings and edges go with it).
 */
async function changed(storage: GraphStorage): Promise<void> {
  const retitled = (id: string, title: string): NodeWrite => ({
    type: 'issue',
    id,
    properties: JSON.stringify({ title }),
    source: null,
    now: 2,
  });
  for (const writes of [
    [retitled('PAY-3', 'Ledger refund'), retitled('PAY-1', 'REFUND the invoice TWICE')],
    [retitled('PAY-2', 'Invoice invoice totals')],
    [retitled('PAY-2', 'Invoice totals totals')],
  ])
    await storage.writeFor(TENANT, undefined, (w) => w.upsertNodes(writes));
  const grace = (await storage.node(TENANT, 'user', 'grace'))!;
  await storage.deleteNodes(TENANT, [grace.id]);
}

async function both<T>(read: (storage: GraphStorage, db: Db) => Promise<T>): Promise<[upgraded: T, fresh: T]> {
  const upgradedFile = fileIn('upgraded.db');
  storeAt106(upgradedFile);
  const upgraded = openDatabase(upgradedFile);
  const fresh = openDatabase(fileIn('fresh.db'));
  try {
    const freshStorage = new SqliteGraphStorage(fresh);
    await writtenNow(freshStorage);
    return [await read(new SqliteGraphStorage(upgraded), upgraded), await read(freshStorage, fresh)];
  } finally {
    upgraded.close();
    fresh.close();
  }
}

it('reads the graph an installation at 106 holds the same after the lean-index upgrade as when written now', async () => {
  const [upgraded, fresh] = await both((storage) => graphOf(storage));
  expect(upgraded).toEqual(fresh);
  expect(upgraded.edgeCount).toBe(EDGES.length);
  expect(upgraded.open).toEqual(['PAY-3', 'PAY-1']);
  expect(upgraded.byKey).toEqual(['PAY-2']);
  expect(upgraded.searches[0].map((hit) => hit.split(' ')[0])).toEqual(['acme/api', 'PAY-1', 'PAY-2']);
});

it("re-indexes and deletes an upgraded installation's nodes as a new one's: no stale postings, edges or totals", async () => {
  const [upgraded, fresh] = await both(async (storage, db) => {
    await changed(storage);
    return {
      graph: await graphOf(storage),
      // Nothing left of the deleted node or the re-titled one's old text.
      postings: db.prepare('SELECT count(*) FROM graph_node_postings').pluck().get(),
      totals: db.prepare('SELECT nodes, terms FROM graph_keyword_totals WHERE tenant_id = ?').get(TENANT),
      retitled: db
        .prepare(
          `SELECT p.term, p.tf FROM graph_node_postings p JOIN graph_nodes n ON n.id = p.node_rowid
           WHERE n.node_id = 'PAY-2' ORDER BY p.term`,
        )
        .all(),
    };
  });
  expect(upgraded).toEqual(fresh);
  expect(upgraded.graph.nodes.map((n) => n.id)).not.toContain('grace');
  expect(upgraded.graph.searches[1].map((hit) => hit.split(' ')[0])).toEqual(['PAY-3']);
  expect(upgraded.graph.edgeCount).toBe(EDGES.length - 1);
  expect(upgraded.retitled).toEqual([
    { term: '2', tf: 2 },
    { term: 'invoic', tf: 1 },
    { term: 'pai', tf: 2 },
    { term: 'total', tf: 2 },
  ]);
});

it('deletes a tenant of an upgraded installation with its edges and postings', async () => {
  const [upgraded, fresh] = await both(async (storage, db) => {
    const deleted = await storage.deleteTenant(TENANT);
    const left = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    return { deleted, left: ['graph_nodes', 'graph_edges', 'graph_node_postings', 'graph_node_lengths'].map(left) };
  });
  expect(upgraded).toEqual(fresh);
  expect(upgraded).toEqual({ deleted: { nodes: NODES.length, edges: EDGES.length, activity: 0 }, left: [0, 0, 0, 0] });
});
