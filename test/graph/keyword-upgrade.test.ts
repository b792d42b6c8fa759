import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../src/database.js';
import { registerKeywordFunction } from '../../src/graph/keyword-function.js';
import { graphMigrations } from '../../src/graph/schema.js';
import { SqliteGraphStorage } from '../../src/graph/store/graph-storage-sqlite.js';
import type { GraphStorage, KeywordQuery, NodeWrite } from '../../src/graph/store/graph-storage.js';
import { coreMigrations } from '../../src/store/core-schema.js';
import { openStore } from '../../src/store/db.js';
import { tenantGate } from '../../src/store/tenant-gate.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const NODES: Array<[string, string, string]> = [
  ['small', 'twice', 'invoice invoice'],
  ['small', 'once', 'refund'],
  ['small', 'other', 'unrelated words'],
  ...Array.from({ length: 30 }, (_, i): [string, string, string] => ['crowded', `N-${i}`, 'invoice sent']),
];

const QUERY: KeywordQuery = { words: ['invoice', 'refund'], prefixLast: false, types: [], limit: 10 };

it("indexes the keywords of an installation's existing nodes on upgrade, ranked over each tenant's own nodes", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'constellation-keyword-upgrade-'));
  dirs.push(dir);
  const file = join(dir, 'installation.db');
  const before = openStore(file, {
    extensions: [],
    migrations: [...coreMigrations, ...graphMigrations.filter((m) => m.id < '103')],
  });
  const insert = before.prepare(
    "INSERT INTO graph_nodes (tenant_id, node_type, node_id, properties, created_at, updated_at) VALUES (?, 'issue', ?, ?, 1, 1)",
  );
  for (const [tenant, id, title] of NODES) insert.run(tenant, id, JSON.stringify({ title }));
  before.close();

  const db = openDatabase(file);
  try {
    const storage = new SqliteGraphStorage(db, tenantGate(db));
    const hits = (await storage.keywordSearch('small', QUERY)).map((h) => `${h.row.node_id} ${h.score.toFixed(4)}`);
    expect(hits).toEqual(['twice 0.6785', 'once 0.5690']);
    expect((await storage.keywordSearch('crowded', QUERY)).length).toBe(10);
  } finally {
    db.close();
  }
});

it('keeps the postings the triggers wrote once the writes index their nodes themselves', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'constellation-keyword-upgrade-'));
  dirs.push(dir);
  const file = join(dir, 'installation.db');
  const issue = (id: string, title: string): NodeWrite => ({
    type: 'issue',
    id,
    properties: JSON.stringify({ title }),
    source: null,
    now: 1,
  });
  const write = (storage: GraphStorage, tenant: string, writes: NodeWrite[]) =>
    storage.writeFor(tenant, undefined, (w) => w.upsertNodes(writes));
  const before = openStore(file, {
    extensions: [registerKeywordFunction],
    migrations: [...coreMigrations, ...graphMigrations.filter((m) => m.id < '106')],
  });
  // Written as an installation at 105 wrote them: its triggers indexed each inserted node.
  const insert = before.prepare(
    "INSERT INTO graph_nodes (tenant_id, node_type, node_id, properties, created_at, updated_at) VALUES ('small', 'issue', ?, ?, 1, 1)",
  );
  for (const { id, properties } of [
    issue('twice', 'invoice invoice'),
    issue('once', 'refund'),
    issue('other', 'unrelated words'),
  ])
    insert.run(id, properties);
  before.close();

  const db = openDatabase(file);
  try {
    const storage = new SqliteGraphStorage(db);
    const other = (await storage.node('small', 'issue', 'other'))!;
    await storage.deleteNodes('small', [other.id]);
    await write(storage, 'small', [issue('once', 'refund invoice'), issue('new', 'invoice sent')]);
    // The same nodes written after the upgrade alone.
    await write(storage, 'fresh', [
      issue('twice', 'invoice invoice'),
      issue('once', 'refund invoice'),
      issue('new', 'invoice sent'),
    ]);
    const hits = async (tenant: string) =>
      (await storage.keywordSearch(tenant, QUERY)).map((h) => `${h.row.node_id} ${h.score.toFixed(4)}`);
    expect(await hits('small')).toEqual(await hits('fresh'));
    expect(await hits('small')).toEqual(['once 0.5108', 'twice 0.0000', 'new 0.0000']);
  } finally {
    db.close();
  }
});
