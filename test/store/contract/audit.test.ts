import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { AuditLog } from '../../../src/governance/audit/audit-log.js';
import { LinkSigner } from '../../../src/governance/audit/chain.js';
import type { AuditEntry } from '../../../src/governance/audit/record.js';
import type { AuditStore } from '../../../src/governance/audit/store.js';
import { PgAuditStore } from '../../../src/governance/audit/store-pg.js';
import { SqliteAuditStore } from '../../../src/governance/audit/store-sqlite.js';
import { tenantGate } from '../../../src/store/tenant-gate.js';
import { HOUR, ManualClock } from '../../helpers/clock.js';
import { describeStoreContract } from '../../helpers/store-backends.js';
import { storeRows } from '../../helpers/store-sql.js';

const clock = new ManualClock();
const DAY = 24 * HOUR;
const KEY = randomBytes(32);
const silent = { debug() {}, info() {}, warn() {}, error() {} };

describeStoreContract<AuditStore>(
  'audit log',
  {
    sqlite: (db) => new SqliteAuditStore(db, tenantGate(db)),
    postgres: (pool) => new PgAuditStore(pool),
  },
  (subject) => {
    const logWith = (key = KEY) => new AuditLog(subject.store, new LinkSigner([key]), clock, silent);
    const act = (tenantId: string, n: number): AuditEntry => ({
      tenantId,
      at: clock.now(),
      kind: 'tool_call',
      action: `code_host_get_issue`,
      user: 'ada@acme.test',
      node: 'node-1',
      argsDigest: `digest-${n}`,
      outcome: 'ok',
      durationMs: n,
    });
    /** A tenant with `count` records, one a minute. */
    const tenantWith = async (count: number, log = logWith()) => {
      const tenantId = await subject.backend.addTenant();
      for (let n = 1; n <= count; n++) {
        log.record(act(tenantId, n));
        clock.advance(60_000);
      }
      await log.flush();
      return tenantId;
    };
    const sql = (text: string, params: unknown[]) => storeRows(subject.backend.backend, text, params);

    it('chains records per tenant: seq from 1, each linked to the one before, and the chain verifies', async () => {
      const log = logWith();
      const tenantId = await tenantWith(3, log);
      const other = await tenantWith(2, log);
      const { records } = await log.page(tenantId, { afterSeq: 0, limit: 10 });
      expect(records.map((r) => r.seq)).toEqual([1, 2, 3]);
      expect(records[0].prev_hash).toBe('');
      expect(records[1].prev_hash).toBe(records[0].hash);
      expect(records[0]).toMatchObject({ kind: 'tool_call', action: 'code_host_get_issue', args_digest: 'digest-1' });
      expect(await log.verify(tenantId)).toEqual({ tenant_id: tenantId, ok: true, records: 3, head_seq: 3 });
      expect((await log.page(other, { afterSeq: 0, limit: 10 })).records.map((r) => r.seq)).toEqual([1, 2]);
    });

    it('names a record changed in the database', async () => {
      const tenantId = await tenantWith(4);
      await sql(
        `UPDATE audit_records SET body = replace(body, 'digest-2', 'digest-x') WHERE tenant_id = ? AND seq = 2`,
        [tenantId],
      );
      expect((await logWith().verify(tenantId)).broken).toEqual({
        seq: 2,
        problem: 'hash_mismatch',
        message: 'Record 2 was altered: its content does not match its hash',
      });
    });

    it('names a record deleted from the middle, and one deleted from the end', async () => {
      const tenantId = await tenantWith(4);
      await sql('DELETE FROM audit_records WHERE tenant_id = ? AND seq = 3', [tenantId]);
      expect((await logWith().verify(tenantId)).broken).toMatchObject({ seq: 3, problem: 'missing_seq' });
      const tail = await tenantWith(4);
      await sql('DELETE FROM audit_records WHERE tenant_id = ? AND seq = 4', [tail]);
      expect((await logWith().verify(tail)).broken).toMatchObject({ seq: 4, problem: 'missing_seq' });
    });

    it('names a record whose hash was recomputed: the next one no longer follows it', async () => {
      const tenantId = await tenantWith(3);
      await sql("UPDATE audit_records SET hash = 'f00d' WHERE tenant_id = ? AND seq = 1", [tenantId]);
      expect((await logWith().verify(tenantId)).broken).toMatchObject({ seq: 1, problem: 'hash_mismatch' });
      await sql("UPDATE audit_records SET prev_hash = 'f00d' WHERE tenant_id = ? AND seq = 2", [tenantId]);
      await sql('DELETE FROM audit_records WHERE tenant_id = ? AND seq = 1', [tenantId]);
      expect((await logWith().verify(tenantId)).broken).toMatchObject({ seq: 1, problem: 'missing_seq' });
    });

    it('keeps verifying after a retention cut, and detects a forged checkpoint', async () => {
      const start = clock.now();
      const tenantId = await tenantWith(5);
      clock.set(start + 30 * DAY + 2.5 * 60_000);
      const log = logWith();
      expect(await log.cut(30)).toBeGreaterThanOrEqual(3);
      const { records } = await log.page(tenantId, { afterSeq: 0, limit: 10 });
      expect(records.map((r) => r.seq)).toEqual([4, 5]);
      expect(await log.verify(tenantId)).toEqual({ tenant_id: tenantId, ok: true, records: 2, head_seq: 5 });
      // Appending goes on from the head.
      log.record(act(tenantId, 6));
      await log.flush();
      expect(await log.verify(tenantId)).toMatchObject({ ok: true, head_seq: 6 });
      // A checkpoint moved forward to hide a record, without the server's key.
      await sql('UPDATE audit_heads SET checkpoint_seq = 4 WHERE tenant_id = ?', [tenantId]);
      expect((await log.verify(tenantId)).broken).toMatchObject({ seq: 4, problem: 'bad_checkpoint' });
      // The same checkpoint under another server's key.
      await sql('UPDATE audit_heads SET checkpoint_seq = 3 WHERE tenant_id = ?', [tenantId]);
      expect((await logWith(randomBytes(32)).verify(tenantId)).broken).toMatchObject({ problem: 'bad_checkpoint' });
      clock.set(start);
    });

    it('filters a page by time and pages after a seq', async () => {
      const start = clock.now();
      const tenantId = await tenantWith(5);
      const log = logWith();
      const window = await log.page(tenantId, {
        afterSeq: 0,
        since: start + 60_000,
        until: start + 3 * 60_000,
        limit: 10,
      });
      expect(window.records.map((r) => r.seq)).toEqual([2, 3]);
      const first = await log.page(tenantId, { afterSeq: 0, limit: 2 });
      expect([first.records.map((r) => r.seq), first.more, first.lastSeq]).toEqual([[1, 2], true, 2]);
      const last = await log.page(tenantId, { afterSeq: 4, limit: 2 });
      expect([last.records.map((r) => r.seq), last.more]).toEqual([[5], false]);
    });

    it('keeps nothing for a tenant that does not exist, and forgets a deleted tenant’s records', async () => {
      const log = logWith();
      log.record(act('no-such-tenant', 1));
      await log.flush();
      expect(await subject.store.state('no-such-tenant')).toBeUndefined();
      const tenantId = await tenantWith(2, log);
      await subject.backend.deleteTenant(tenantId);
      expect(await sql('SELECT seq FROM audit_records WHERE tenant_id = ?', [tenantId])).toEqual([]);
      expect(await subject.store.state(tenantId)).toBeUndefined();
    });

    it('keeps no record queued under an epoch the tenant no longer has (deleted, then re-created under its id)', async () => {
      const tenantId = await subject.backend.addTenant();
      const [{ epoch }] = (await sql('SELECT epoch FROM tenants WHERE id = ?', [tenantId])) as Array<{ epoch: string }>;
      const log = logWith();
      log.record({ ...act(tenantId, 1), tenantEpoch: 'an-earlier-epoch' });
      log.record({ ...act(tenantId, 2), tenantEpoch: String(epoch) });
      await log.flush();
      const kept = (await sql('SELECT body FROM audit_records WHERE tenant_id = ?', [tenantId])) as Array<{
        body: string;
      }>;
      expect(kept.map((row) => (JSON.parse(row.body) as { args_digest: string }).args_digest)).toEqual(['digest-2']);
      expect((await logWith().verify(tenantId)).ok).toBe(true);
    });

    it('serialises concurrent appends of one tenant into one gapless chain', async () => {
      const tenantId = await subject.backend.addTenant();
      const logs = [logWith(), logWith(), logWith()];
      for (let n = 0; n < 30; n++) logs[n % 3].record(act(tenantId, n));
      await Promise.all(logs.map((log) => log.flush()));
      expect(await logWith().verify(tenantId)).toMatchObject({ ok: true, records: 30, head_seq: 30 });
    });
  },
);
