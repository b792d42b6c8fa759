import { expect, it } from 'vitest';
import { tenantGate } from '../../../src/store/tenant-gate.js';
import { PgTaskStore } from '../../../src/mcp/task-store-pg.js';
import { SqliteTaskStore } from '../../../src/mcp/task-store-sqlite.js';
import type { TaskOwner, TaskStore } from '../../../src/mcp/task-store.js';
import { HOUR, ManualClock, MINUTE } from '../../helpers/clock.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

const clock = new ManualClock();
describeStoreContract<TaskStore>(
  'MCP task store',
  {
    sqlite: (db) => new SqliteTaskStore(db, tenantGate(db), () => clock.now()),
    postgres: (pool) => new PgTaskStore(pool, () => clock.now()),
  },
  (subject) => {
    const ownerIn = async (): Promise<TaskOwner> => ({
      tenantId: await subject.backend.addTenant('e1'),
      owner: 'ada@example.com',
    });
    const result = { content: [{ type: 'text' as const, text: 'done' }] };

    it('creates a working task its owner alone can read', async () => {
      const owner = await ownerIn();
      const task = await subject.store.create(owner, 'wiki.search', HOUR);
      expect(task).toEqual({
        taskId: expect.any(String),
        status: 'working',
        createdAt: new Date(clock.now()).toISOString(),
        lastUpdatedAt: new Date(clock.now()).toISOString(),
        ttl: HOUR,
        pollInterval: 500,
      });
      expect(await subject.store.get(owner, task.taskId)).toEqual(task);
      expect(await subject.store.get({ ...owner, owner: 'bob@example.com' }, task.taskId)).toBeUndefined();
      expect(await subject.store.get(owner, 'no-such-task')).toBeUndefined();
      expect(await subject.store.result(owner, task.taskId)).toBeUndefined();
    });

    it('finishes a task once, keeping its result and message; a second finish changes nothing', async () => {
      const owner = await ownerIn();
      const task = await subject.store.create(owner, 'wiki.search', HOUR);
      clock.advance(1000);
      const finishes = await Promise.all([
        subject.store.finish(task.taskId, 'completed', result),
        subject.store.finish(task.taskId, 'failed', undefined, 'too late'),
      ]);
      expect(finishes.filter(Boolean)).toHaveLength(1);
      const view = await subject.store.get(owner, task.taskId);
      expect(view?.lastUpdatedAt).toBe(new Date(clock.now()).toISOString());
      if (finishes[0]) {
        expect(view?.status).toBe('completed');
        expect(await subject.store.result(owner, task.taskId)).toEqual(result);
      } else {
        expect(view).toMatchObject({ status: 'failed', statusMessage: 'too late' });
      }
      expect(await subject.store.finish(task.taskId, 'cancelled', undefined)).toBe(false);
    });

    it("lists an owner's live tasks newest first, a page at a time", async () => {
      const owner = await ownerIn();
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        ids.push((await subject.store.create(owner, `tool-${i}`, HOUR)).taskId);
        clock.advance(10);
      }
      await subject.store.create({ ...owner, owner: 'bob@example.com' }, 'other', HOUR);
      const first = await subject.store.list(owner, 2);
      expect(first.tasks.map((task) => task.taskId)).toEqual([ids[4], ids[3]]);
      expect(first.nextCursor).toBe(ids[3]);
      const second = await subject.store.list(owner, 2, first.nextCursor);
      expect(second.tasks.map((task) => task.taskId)).toEqual([ids[2], ids[1]]);
      const last = await subject.store.list(owner, 2, second.nextCursor);
      expect(last).toEqual({ tasks: [expect.objectContaining({ taskId: ids[0] })] });
    });

    it('orders tasks created in the same millisecond by id, on every page', async () => {
      const owner = await ownerIn();
      const ids = await Promise.all([1, 2, 3].map(() => subject.store.create(owner, 'same-ms', HOUR)));
      const sorted = ids.map((task) => task.taskId).sort((a, b) => (a < b ? 1 : -1));
      const first = await subject.store.list(owner, 2);
      const rest = await subject.store.list(owner, 2, first.nextCursor);
      expect([...first.tasks, ...rest.tasks].map((task) => task.taskId)).toEqual(sorted);
    });

    it('forgets tasks past their time to live, and purges them', async () => {
      const owner = await ownerIn();
      const task = await subject.store.create(owner, 'short', MINUTE);
      const kept = await subject.store.create(owner, 'long', HOUR);
      clock.advance(MINUTE);
      expect(await subject.store.get(owner, task.taskId)).toBeUndefined();
      expect((await subject.store.list(owner, 10)).tasks.map((view) => view.taskId)).toEqual([kept.taskId]);
      expect(await subject.store.purgeExpired()).toBeGreaterThanOrEqual(1);
      expect(await subject.store.finish(task.taskId, 'completed', result)).toBe(false);
      expect(await subject.store.get(owner, kept.taskId)).toBeDefined();
    });

    it('creates no task for a tenant that is gone or was re-created since the caller was authorised', async () => {
      const owner = await ownerIn();
      await expect(subject.store.create({ ...owner, tenantEpoch: 'e0' }, 'stale', HOUR)).rejects.toMatchObject({
        code: 'TENANT_NOT_FOUND',
      });
      await subject.backend.deleteTenant(owner.tenantId);
      await expect(subject.store.create(owner, 'gone', HOUR)).rejects.toMatchObject({ code: 'TENANT_NOT_FOUND' });
      expect((await subject.store.list(owner, 10)).tasks).toEqual([]);
    });

    it("removes a tenant's tasks with the tenant", async () => {
      const owner = await ownerIn();
      const task = await subject.store.create(owner, 'wiki.search', HOUR);
      await subject.backend.deleteTenant(owner.tenantId);
      expect(await subject.store.get(owner, task.taskId)).toBeUndefined();
      expect(await subject.store.finish(task.taskId, 'completed', result)).toBe(false);
    });

    it("deleteTenant forgets one tenant's tasks and no other's", async () => {
      const owner = await ownerIn();
      const other = await ownerIn();
      await subject.store.create(owner, 'one', HOUR);
      await subject.store.create(owner, 'two', HOUR);
      const kept = await subject.store.create(other, 'kept', HOUR);
      expect(await subject.store.deleteTenant(owner.tenantId)).toBe(2);
      expect((await subject.store.list(owner, 10)).tasks).toEqual([]);
      expect(await subject.store.get(other, kept.taskId)).toEqual(kept);
      expect(await subject.store.deleteTenant(owner.tenantId)).toBe(0);
    });
  },
);
