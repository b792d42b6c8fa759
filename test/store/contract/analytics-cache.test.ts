import { expect, it } from 'vitest';
import { PgAnalyticsCacheStore } from '../../../src/analytics/cache-store-pg.js';
import { SqliteAnalyticsCacheStore } from '../../../src/analytics/cache-store-sqlite.js';
import type { AnalyticsCacheStore } from '../../../src/analytics/cache-store.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

describeStoreContract<AnalyticsCacheStore>(
  'analytics cache store',
  {
    sqlite: (db) => new SqliteAnalyticsCacheStore(db),
    postgres: (pool) => new PgAnalyticsCacheStore(pool),
  },
  (subject) => {
    const put = (tenantId: string, key: string, value: string, computedAt: number) =>
      subject.store.put(tenantId, key, 'code_host.get_dora_metrics', '{"days":30}', value, computedAt);

    it('stores a result per tenant and key, and reads it back', async () => {
      const [acme, globex] = [await subject.backend.addTenant(), await subject.backend.addTenant()];
      await put(acme, 'k1', '{"n":1}', 1000);
      expect(await subject.store.get(acme, 'k1')).toEqual({ value: '{"n":1}', computedAt: 1000 });
      expect(await subject.store.get(globex, 'k1')).toBeUndefined();
      expect(await subject.store.get(acme, 'k2')).toBeUndefined();
      expect(await subject.store.count(acme)).toBe(1);
      expect(await subject.store.count(globex)).toBe(0);
    });

    it('keeps the newer result when a slower refresh finishes later', async () => {
      const tenant = await subject.backend.addTenant();
      await put(tenant, 'k', '{"n":2}', 2000);
      await put(tenant, 'k', '{"n":1}', 1000);
      expect(await subject.store.get(tenant, 'k')).toEqual({ value: '{"n":2}', computedAt: 2000 });
      await put(tenant, 'k', '{"n":3}', 3000);
      expect(await subject.store.get(tenant, 'k')).toEqual({ value: '{"n":3}', computedAt: 3000 });
    });

    it('prunes rows computed before the cutoff only', async () => {
      const tenant = await subject.backend.addTenant();
      await put(tenant, 'old', '{}', 10);
      await put(tenant, 'new', '{}', 5_000_000_000_000);
      expect(await subject.store.prune(11)).toBeGreaterThanOrEqual(1);
      expect(await subject.store.get(tenant, 'old')).toBeUndefined();
      expect(await subject.store.count(tenant)).toBe(1);
    });

    it("deletes a tenant's rows on request, and no one else's", async () => {
      const [acme, globex] = [await subject.backend.addTenant(), await subject.backend.addTenant()];
      await put(acme, 'k', '{}', 1);
      await put(acme, 'j', '{}', 1);
      await put(globex, 'k', '{}', 1);
      expect(await subject.store.deleteTenant(acme)).toBe(2);
      expect(await subject.store.count(acme)).toBe(0);
      expect(await subject.store.count(globex)).toBe(1);
    });

    it('stores nothing for a tenant that does not exist', async () => {
      await put('no-such-tenant', 'k', '{}', 1);
      expect(await subject.store.get('no-such-tenant', 'k')).toBeUndefined();
    });

    it("removes a tenant's rows with the tenant, and a refresh racing the delete leaves none behind", async () => {
      const tenant = await subject.backend.addTenant();
      await put(tenant, 'k', '{}', 1);
      await Promise.all([
        put(tenant, 'racing', '{}', 2),
        subject.backend.deleteTenant(tenant),
        put(tenant, 'late', '{}', 3),
      ]);
      await put(tenant, 'after', '{}', 4);
      expect(await subject.store.count(tenant)).toBe(0);
    });
  },
);
