import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../src/database.js';
import { registerKeywordFunction } from '../../src/graph/keyword-function.js';
import { graphMigrations } from '../../src/graph/schema.js';
import { SqliteGraphStorage } from '../../src/graph/store/graph-storage-sqlite.js';
import type { GraphStorage, TenantActivityWrite } from '../../src/graph/store/graph-storage.js';
import { coreMigrations } from '../../src/store/core-schema.js';
import { openStore, type Db } from '../../src/store/db.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const TENANTS = ['acme', 'globex'];

/** Each tenant's records, a minute apart, by two people on three issues (written out of time order). */
const RECORDS: TenantActivityWrite[] = TENANTS.flatMap((tenantId) =>
  [5, 1, 4, 2, 3, 0].map((minute) => ({
    tenantId,
    write: {
      action: `act-${minute}`,
      actorType: 'user',
      actorId: minute % 2 === 0 ? 'ada' : 'bob',
      targetType: 'issue',
      targetId: `I-${minute % 3}`,
      timestamp: minute * 60_000,
      properties: '{}',
    },
  })),
);

/** What a tenant's reads answer: its feed, an issue's timeline, a person's, and its count. */
async function readsOf(storage: GraphStorage, tenantId: string) {
  const actions = (rows: Array<{ action: string }>) => rows.map((row) => row.action);
  return {
    feed: actions(await storage.activityFeed(tenantId, 10)),
    issue: actions(
      await storage.activityTimeline(tenantId, { type: 'issue', targetIds: ['I-1'], actorIds: [], limit: 10 }),
    ),
    person: actions(
      await storage.activityTimeline(tenantId, { type: 'user', targetIds: [], actorIds: ['bob'], limit: 10 }),
    ),
    count: await storage.countActivity(tenantId),
  };
}

const activitySchemaOf = (db: Db) =>
  db.prepare("SELECT type, name, sql FROM sqlite_schema WHERE tbl_name = 'graph_activity' ORDER BY name").all();

it("keeps an installation's activity feeds and timelines through the upgrade that drops the index on age, and prunes every tenant", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'constellation-activity-upgrade-'));
  dirs.push(dir);
  const file = join(dir, 'installation.db');
  const before = openStore(file, {
    extensions: [registerKeywordFunction],
    migrations: [...coreMigrations, ...graphMigrations.filter((m) => m.id < '108')],
  });
  const old = new SqliteGraphStorage(before);
  expect(await old.appendActivity(RECORDS)).toEqual(RECORDS.map(() => true));
  const readsBefore = await Promise.all(TENANTS.map((tenant) => readsOf(old, tenant)));
  before.close();

  const db = openDatabase(file);
  try {
    const fresh = openDatabase(':memory:');
    expect(activitySchemaOf(db)).toEqual(activitySchemaOf(fresh));
    fresh.close();
    expect(activitySchemaOf(db)).not.toContainEqual(expect.objectContaining({ name: 'graph_activity_age' }));
    const storage = new SqliteGraphStorage(db);
    expect(await Promise.all(TENANTS.map((tenant) => readsOf(storage, tenant)))).toEqual(readsBefore);
    expect(readsBefore[0]).toEqual({
      feed: ['act-5', 'act-4', 'act-3', 'act-2', 'act-1', 'act-0'],
      issue: ['act-4', 'act-1'],
      person: ['act-5', 'act-3', 'act-1'],
      count: 6,
    });
    // Records before minute 3 go, of both tenants.
    expect(await storage.pruneActivity(3 * 60_000)).toBe(6);
    for (const tenant of TENANTS) expect((await readsOf(storage, tenant)).feed).toEqual(['act-5', 'act-4', 'act-3']);
  } finally {
    db.close();
  }
});
