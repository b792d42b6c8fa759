import { expect, it } from 'vitest';
import { tenantGate } from '../../../src/store/tenant-gate.js';
import type { SyncSettings, SyncStore, SystemSyncStatus } from '../../../src/sync/store.js';
import { PgSyncStore } from '../../../src/sync/store-pg.js';
import { SqliteSyncStore } from '../../../src/sync/store-sqlite.js';
import { describeStoreContract } from '../../helpers/store-backends.js';
import { storeCount } from '../../helpers/store-sql.js';

const ON: SyncSettings = { enabled: true, interval_minutes: 60, systems: ['wiki'], initial_window_days: 30 };
const status = (system: string, cursor: string | null): SystemSyncStatus => ({
  system,
  state: 'idle',
  last_started_at: '2026-11-01T12:00:00.000Z',
  last_finished_at: '2026-11-01T12:01:00.000Z',
  cursor,
  directory_read_at: null,
  items_read: 3,
  upstream_requests: 2,
  last_failure: null,
  progress: null,
});

describeStoreContract<SyncStore>(
  'graph sync settings and statuses',
  {
    sqlite: (db) => new SqliteSyncStore(db, tenantGate(db)),
    postgres: (pool) => new PgSyncStore(pool),
  },
  (subject) => {
    it('keeps a tenant’s settings, lists the tenants whose sync is on, and keeps one status per system', async () => {
      const [a, b] = [await subject.backend.addTenant(), await subject.backend.addTenant()];
      expect(await subject.store.settings(a)).toBeUndefined();
      expect(await subject.store.putSettings(a, ON, 1_000)).toBe(true);
      expect(await subject.store.putSettings(b, { ...ON, enabled: false }, 1_000)).toBe(true);
      expect(await subject.store.settings(a)).toEqual(ON);
      expect((await subject.store.enabledTenants()).filter((t) => [a, b].includes(t.tenantId))).toEqual([
        { tenantId: a, settings: ON },
      ]);
      expect(await subject.store.putStatus(a, status('wiki', null))).toBe(true);
      expect(await subject.store.putStatus(a, status('wiki', '2026-10-01T00:00:00.000Z'))).toBe(true);
      expect(await subject.store.putStatus(a, status('code_host', null))).toBe(true);
      expect(await subject.store.statuses(a)).toEqual([
        status('code_host', null),
        status('wiki', '2026-10-01T00:00:00.000Z'),
      ]);
      expect(await subject.store.statuses(b)).toEqual([]);
    });

    it('stores nothing for a tenant that does not exist, and goes with its tenant', async () => {
      expect(await subject.store.putSettings('no-such-tenant', ON, 1_000)).toBe(false);
      expect(await subject.store.putStatus('no-such-tenant', status('wiki', null))).toBe(false);
      const tenantId = await subject.backend.addTenant();
      await subject.store.putSettings(tenantId, ON, 1_000);
      await subject.store.putStatus(tenantId, status('wiki', null));
      await subject.backend.deleteTenant(tenantId);
      expect(await storeCount(subject.backend.backend, 'graph_sync_settings', 'tenant_id = ?', [tenantId])).toBe(0);
      expect(await storeCount(subject.backend.backend, 'graph_sync_status', 'tenant_id = ?', [tenantId])).toBe(0);
      expect(await subject.store.statuses(tenantId)).toEqual([]);
    });
  },
);
