import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../src/database.js';
import { AuditLog } from '../../src/governance/audit/audit-log.js';
import { LinkSigner } from '../../src/governance/audit/chain.js';
import type { AuditEntry } from '../../src/governance/audit/record.js';
import { auditMigrations, SqliteAuditStore } from '../../src/governance/audit/store-sqlite.js';
import { coreMigrations } from '../../src/store/core-schema.js';
import { openStore, type Db } from '../../src/store/db.js';
import { tenantGate } from '../../src/store/tenant-gate.js';
import { ManualClock, MINUTE } from '../helpers/clock.js';

const DAY = 1440 * MINUTE;
const KEY = randomBytes(32);
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The audit tables and indexes of a store, as SQLite holds them. */
const auditSchemaOf = (db: Db) =>
  db.prepare("SELECT type, name, sql FROM sqlite_schema WHERE tbl_name LIKE 'audit_%' ORDER BY name").all();

const logOn = (db: Db, clock: ManualClock) =>
  new AuditLog(new SqliteAuditStore(db, tenantGate(db)), new LinkSigner([KEY]), clock, silent);

/** `count` acts of the tenant, one a minute. */
async function recordActs(log: AuditLog, clock: ManualClock, tenantId: string, count: number): Promise<void> {
  for (let n = 1; n <= count; n++) {
    const act: AuditEntry = {
      tenantId,
      at: clock.now(),
      kind: 'tool_call',
      action: 'code_host_get_issue',
      user: 'ada@acme.test',
      node: 'node-1',
      argsDigest: `digest-${n}`,
      outcome: 'ok',
      durationMs: n,
    };
    log.record(act);
    clock.advance(MINUTE);
  }
  await log.flush();
}

it("keeps an installation's audit chains, pages and checkpoints through the lean-append upgrade, and appends on", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'constellation-audit-upgrade-'));
  dirs.push(dir);
  const file = join(dir, 'installation.db');
  const clock = new ManualClock();
  const start = clock.now();
  const before = openStore(file, {
    extensions: [],
    migrations: [...coreMigrations, ...auditMigrations.filter((m) => m.id < '461')],
  });
  const addTenant = before.prepare(
    "INSERT INTO tenants (id, consumer_id, created_at, updated_at, epoch) VALUES (?, 'c', '', '', 'e1')",
  );
  for (const tenant of ['acme', 'globex']) addTenant.run(tenant);
  const old = logOn(before, clock);
  await recordActs(old, clock, 'acme', 5);
  await recordActs(old, clock, 'globex', 3);
  // A retention cut before the upgrade: acme's checkpoint is at its record 2.
  clock.set(start + 30 * DAY + 1.5 * MINUTE);
  expect(await old.cut(30)).toBe(2);
  const pagesBefore = await Promise.all(['acme', 'globex'].map((t) => old.page(t, { afterSeq: 0, limit: 10 })));
  before.close();

  const db = openDatabase(file);
  try {
    const fresh = openDatabase(':memory:');
    expect(auditSchemaOf(db)).toEqual(auditSchemaOf(fresh));
    fresh.close();
    expect(auditSchemaOf(db)).not.toContainEqual(expect.objectContaining({ name: 'audit_records_by_time' }));
    const log = logOn(db, clock);
    const pagesAfter = await Promise.all(['acme', 'globex'].map((t) => log.page(t, { afterSeq: 0, limit: 10 })));
    expect(pagesAfter).toEqual(pagesBefore);
    expect(pagesAfter[0].records.map((r) => r.seq)).toEqual([3, 4, 5]);
    expect(await log.verify('acme')).toEqual({ tenant_id: 'acme', ok: true, records: 3, head_seq: 5 });
    expect(await log.verify('globex')).toEqual({ tenant_id: 'globex', ok: true, records: 3, head_seq: 3 });
    // Appends go on from the head, and the next cut finds both tenants' expired records.
    await recordActs(log, clock, 'acme', 1);
    clock.set(start + 30 * DAY + 7.5 * MINUTE);
    expect(await log.cut(30)).toBe(3 + 3);
    expect((await log.page('acme', { afterSeq: 0, limit: 10 })).records.map((r) => r.seq)).toEqual([6]);
    expect(await log.verify('acme')).toEqual({ tenant_id: 'acme', ok: true, records: 1, head_seq: 6 });
    expect(await log.verify('globex')).toEqual({ tenant_id: 'globex', ok: true, records: 0, head_seq: 3 });
  } finally {
    db.close();
  }
});
