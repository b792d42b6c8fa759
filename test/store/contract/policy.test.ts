import { expect, it } from 'vitest';
import type { TenantPolicy } from '../../../src/governance/policy/rules.js';
import type { PolicyStore } from '../../../src/governance/policy/store.js';
import { PgPolicyStore } from '../../../src/governance/policy/store-pg.js';
import { SqlitePolicyStore } from '../../../src/governance/policy/store-sqlite.js';
import { tenantGate } from '../../../src/store/tenant-gate.js';
import { describeStoreContract } from '../../helpers/store-backends.js';
import { storeCount } from '../../helpers/store-sql.js';

const POLICY: TenantPolicy = {
  deny: { tools: ['wiki_delete_page'] },
  read_only: false,
  limits: { code_host_get_repository: 5 },
  users: { 'ada@acme.test': { read_only: true, confirm: ['code_host_add_issue_comment'] } },
};

describeStoreContract<PolicyStore>(
  'tenant policies',
  {
    sqlite: (db) => new SqlitePolicyStore(db, tenantGate(db)),
    postgres: (pool) => new PgPolicyStore(pool),
  },
  (subject) => {
    it('keeps a tenant’s policy as given, replaces it, and resets it to none', async () => {
      const tenantId = await subject.backend.addTenant();
      expect(await subject.store.get(tenantId)).toBeUndefined();
      expect(await subject.store.put(tenantId, POLICY, 1_000)).toBe(true);
      expect(await subject.store.get(tenantId)).toEqual(POLICY);
      expect(await subject.store.put(tenantId, { read_only: true }, 2_000)).toBe(true);
      expect(await subject.store.get(tenantId)).toEqual({ read_only: true });
      expect(await subject.store.reset(tenantId)).toBe(true);
      expect(await subject.store.reset(tenantId)).toBe(false);
      expect(await subject.store.get(tenantId)).toBeUndefined();
    });

    it('keeps each tenant’s apart, and stores none for a tenant that does not exist', async () => {
      const [a, b] = [await subject.backend.addTenant(), await subject.backend.addTenant()];
      await subject.store.put(a, POLICY, 1_000);
      expect(await subject.store.get(b)).toBeUndefined();
      expect(await subject.store.put('no-such-tenant', POLICY, 1_000)).toBe(false);
      expect(await subject.store.get('no-such-tenant')).toBeUndefined();
    });

    it('goes with its tenant', async () => {
      const tenantId = await subject.backend.addTenant();
      await subject.store.put(tenantId, POLICY, 1_000);
      await subject.backend.deleteTenant(tenantId);
      expect(await storeCount(subject.backend.backend, 'tenant_policies', 'tenant_id = ?', [tenantId])).toBe(0);
      expect(await subject.store.get(tenantId)).toBeUndefined();
    });
  },
);
