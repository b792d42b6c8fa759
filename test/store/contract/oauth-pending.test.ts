import { expect, it } from 'vitest';
import { PgPendingAuthorizations } from '../../../src/auth/oauth/pending-pg.js';
import { SqlitePendingAuthorizations } from '../../../src/auth/oauth/pending-sqlite.js';
import type { PendingAuthorization, PendingAuthorizations } from '../../../src/auth/oauth/pending.js';
import { tenantGate } from '../../../src/store/tenant-gate.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

const NOW = 1_800_000_000_000;

describeStoreContract<PendingAuthorizations>(
  'OAuth pending authorizations',
  {
    sqlite: (db) => new SqlitePendingAuthorizations(db, tenantGate(db)),
    postgres: (pool) => new PgPendingAuthorizations(pool),
  },
  (subject) => {
    let counter = 0;
    const pendingFor = (tenantId: string, extra: Partial<PendingAuthorization> = {}): PendingAuthorization => ({
      nonce: `nonce-${subject.name}-${(counter += 1)}`,
      tenantId,
      userEmail: 'ada@example.com',
      provider: 'github',
      redirectUri: 'http://127.0.0.1/oauth/github/callback',
      expiresAt: NOW + 600_000,
      ...extra,
    });

    it('hands back a started authorization once, with every field; a replay finds nothing', async () => {
      const full = pendingFor(await subject.backend.addTenant(), {
        codeVerifier: 'v'.repeat(64),
        returnUrl: 'http://x/done',
      });
      const bare = pendingFor(full.tenantId);
      await subject.store.add(full, NOW, 'e1');
      await subject.store.add(bare, NOW);
      expect(await subject.store.consume(full.nonce, NOW)).toEqual(full);
      expect(await subject.store.consume(full.nonce, NOW)).toBeUndefined();
      expect(await subject.store.consume(bare.nonce, NOW)).toEqual(bare);
      expect(await subject.store.consume('unknown', NOW)).toBeUndefined();
    });

    it('gives a state to exactly one of two callbacks racing with it', async () => {
      const pending = pendingFor(await subject.backend.addTenant());
      await subject.store.add(pending, NOW);
      const taken = await Promise.all([
        subject.store.consume(pending.nonce, NOW),
        subject.store.consume(pending.nonce, NOW),
      ]);
      expect(taken.filter((one) => one !== undefined)).toEqual([pending]);
    });

    it('refuses an expired authorization, and prunes expired ones when another starts', async () => {
      const tenant = await subject.backend.addTenant();
      const expired = pendingFor(tenant, { expiresAt: NOW + 1000 });
      const kept = pendingFor(tenant, { expiresAt: NOW + 1000 });
      await subject.store.add(expired, NOW);
      await subject.store.add(kept, NOW);
      expect(await subject.store.consume(expired.nonce, NOW + 1000)).toBeUndefined();
      await subject.store.add(pendingFor(tenant), NOW + 1000);
      // Pruned, so even a clock behind the expiry no longer finds it.
      expect(await subject.store.consume(kept.nonce, NOW)).toBeUndefined();
    });

    it('records nothing for a tenant that is gone or was re-created since the user was authorised', async () => {
      const tenant = await subject.backend.addTenant('e1');
      const stale = pendingFor(tenant);
      await expect(subject.store.add(stale, NOW, 'e0')).rejects.toMatchObject({ code: 'TENANT_NOT_FOUND' });
      const gone = pendingFor('no-such-tenant');
      await expect(subject.store.add(gone, NOW)).rejects.toMatchObject({ code: 'TENANT_NOT_FOUND' });
      expect(await subject.store.consume(stale.nonce, NOW)).toBeUndefined();
      expect(await subject.store.consume(gone.nonce, NOW)).toBeUndefined();
    });

    it("removes a tenant's started authorizations with the tenant", async () => {
      const pending = pendingFor(await subject.backend.addTenant());
      await subject.store.add(pending, NOW);
      await subject.backend.deleteTenant(pending.tenantId);
      expect(await subject.store.consume(pending.nonce, NOW)).toBeUndefined();
    });

    it("deleteTenant forgets the authorizations one tenant's users started, and no other's", async () => {
      const gone = pendingFor(await subject.backend.addTenant());
      const kept = pendingFor(await subject.backend.addTenant());
      await subject.store.add(gone, NOW);
      await subject.store.add(kept, NOW);
      expect(await subject.store.deleteTenant(gone.tenantId)).toBe(1);
      expect(await subject.store.consume(gone.nonce, NOW)).toBeUndefined();
      expect(await subject.store.consume(kept.nonce, NOW)).toEqual(kept);
    });
  },
);
