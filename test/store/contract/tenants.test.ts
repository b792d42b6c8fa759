import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { TenantRow, TenantStore } from '../../../src/store/tenant-store.js';
import { PgTenantStore } from '../../../src/store/tenant-store-pg.js';
import { SqliteTenantStore } from '../../../src/store/tenant-store-sqlite.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

const rowOf = (id: string, fields: Partial<TenantRow> = {}): TenantRow => ({
  id,
  consumerId: `${id}-consumer`,
  name: null,
  description: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});
const freshId = (prefix = 'tn') => `${prefix}${randomBytes(5).toString('hex')}`;

describeStoreContract<TenantStore>(
  'tenant store',
  { sqlite: (db) => new SqliteTenantStore(db), postgres: (pool) => new PgTenantStore(pool) },
  (subject) => {
    it('creates a tenant once: of two creations at once one wins, the other is told it exists', async () => {
      const id = freshId();
      const outcomes = await Promise.all([
        subject.store.insert(rowOf(id, { consumerId: 'first' })),
        subject.store.insert(rowOf(id, { consumerId: 'second' })),
      ]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      const kept = await subject.store.get(id);
      expect(kept?.consumerId).toBe(outcomes[0] ? 'first' : 'second');
      expect(await subject.store.insert(rowOf(id))).toBe(false);
    });

    it('gives back what was stored, field for field', async () => {
      const row = rowOf(freshId(), { name: 'Acme', description: 'Rockets' });
      expect(await subject.store.insert(row)).toBe(true);
      expect(await subject.store.get(row.id)).toEqual(row);
      expect(await subject.store.get(freshId())).toBeUndefined();
    });

    it('a tenant deleted and created again under its id has a new epoch', async () => {
      const id = freshId();
      await subject.store.insert(rowOf(id));
      const first = await subject.store.epochOf(id);
      expect(first).toMatch(/^[0-9a-f]{32}$/);
      expect(await subject.store.remove(id)).toBe(true);
      expect(await subject.store.epochOf(id)).toBeUndefined();
      expect(await subject.store.remove(id)).toBe(false);
      await subject.store.insert(rowOf(id));
      const second = await subject.store.epochOf(id);
      expect(second).toMatch(/^[0-9a-f]{32}$/);
      expect(second).not.toBe(first);
    });

    it('reads the epoch and cache generation together; a bump starts a new generation of the same epoch', async () => {
      const id = freshId();
      await subject.store.insert(rowOf(id));
      const before = await subject.store.stateOf(id);
      expect(before).toEqual({ epoch: await subject.store.epochOf(id), cacheGeneration: '0' });
      await Promise.all([subject.store.bumpCacheGeneration(id), subject.store.bumpCacheGeneration(id)]);
      expect(await subject.store.stateOf(id)).toEqual({ epoch: before?.epoch, cacheGeneration: '2' });
      await subject.store.bumpCacheGeneration(freshId());
      expect(await subject.store.stateOf(freshId())).toBeUndefined();
    });

    it('updates the fields it may change and keeps the epoch; an unknown tenant is not updated', async () => {
      const row = rowOf(freshId());
      await subject.store.insert(row);
      const epoch = await subject.store.epochOf(row.id);
      const next = { ...row, consumerId: 'moved', name: 'New name', updatedAt: '2026-02-01T00:00:00.000Z' };
      expect(await subject.store.update(next)).toBe(true);
      expect(await subject.store.get(row.id)).toEqual(next);
      expect(await subject.store.epochOf(row.id)).toBe(epoch);
      expect(await subject.store.update(rowOf(freshId()))).toBe(false);
    });

    it('lists every tenant by id, in byte order', async () => {
      const prefix = freshId('ls');
      const ids = [`${prefix}b`, `${prefix}B`, `${prefix}a`, `${prefix}A1`];
      for (const id of ids) await subject.store.insert(rowOf(id));
      const listed = (await subject.store.list()).map((t) => t.id).filter((id) => id.startsWith(prefix));
      expect(listed).toEqual([...ids].sort());
    });
  },
);
