import { expect, it } from 'vitest';
import { PgConfirmationStore } from '../../../src/governance/confirmations/store-pg.js';
import { SqliteConfirmationStore } from '../../../src/governance/confirmations/store-sqlite.js';
import type { Confirmation, ConfirmationStore } from '../../../src/governance/confirmations/store.js';
import { tenantGate } from '../../../src/store/tenant-gate.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

const NOW = 1_800_000_000_000;
let next = 0;

const confirmationFor = (tenantId: string, changes: Partial<Confirmation> = {}): Confirmation => ({
  id: `c-${++next}-${tenantId}`,
  tenantId,
  userId: 'ann@acme.test',
  tool: 'wiki_delete_page',
  argsDigest: 'digest-1',
  action: 'Delete a Confluence page (page_id 1)',
  args: '{"page_id":"1"}',
  tokenAllowed: false,
  status: 'pending',
  createdAt: NOW,
  expiresAt: NOW + 300_000,
  ...changes,
});

const bindingOf = ({ tenantId, userId, tool, argsDigest }: Confirmation) => ({ tenantId, userId, tool, argsDigest });

describeStoreContract<ConfirmationStore>(
  'confirmations',
  {
    sqlite: (db) => new SqliteConfirmationStore(db, tenantGate(db)),
    postgres: (pool) => new PgConfirmationStore(pool),
  },
  (subject) => {
    it('stores a confirmation and reads it back as stored', async () => {
      const tenant = await subject.backend.addTenant();
      const stored = confirmationFor(tenant, { tokenAllowed: true });
      expect(await subject.store.create(stored, 'e1')).toBe(true);
      expect(await subject.store.get(stored.id)).toEqual(stored);
      expect(await subject.store.get('unknown')).toBeUndefined();
    });

    it('stores nothing for a tenant that is gone, or no longer at the epoch the caller was authorised under', async () => {
      const tenant = await subject.backend.addTenant('e2');
      const stale = confirmationFor(tenant);
      expect(await subject.store.create(stale, 'e1')).toBe(false);
      expect(await subject.store.create(confirmationFor('t-missing'))).toBe(false);
      expect(await subject.store.get(stale.id)).toBeUndefined();
    });

    it('a pending confirmation is used by no call; once its person confirmed it, by the same call once', async () => {
      const tenant = await subject.backend.addTenant();
      const c = confirmationFor(tenant);
      await subject.store.create(c);
      expect(await subject.store.consume(bindingOf(c), NOW + 1)).toBeUndefined();
      expect(await subject.store.decide(c.id, 'bob@acme.test', 'confirmed', NOW + 1)).toBe(false);
      expect(await subject.store.decide(c.id, c.userId, 'confirmed', NOW + 1)).toBe(true);
      expect(await subject.store.decide(c.id, c.userId, 'declined', NOW + 2)).toBe(false);
      expect(await subject.store.consume({ ...bindingOf(c), argsDigest: 'other' }, NOW + 2)).toBeUndefined();
      expect(await subject.store.consume({ ...bindingOf(c), userId: 'bob@acme.test' }, NOW + 2)).toBeUndefined();
      expect(await subject.store.consume(bindingOf(c), NOW + 2)).toBe(c.id);
      expect(await subject.store.consume(bindingOf(c), NOW + 3)).toBeUndefined();
      expect(await subject.store.get(c.id)).toMatchObject({ status: 'confirmed', decidedAt: NOW + 1, usedAt: NOW + 2 });
    });

    it('of two nodes using one confirmation at the same time, exactly one runs the call', async () => {
      const tenant = await subject.backend.addTenant();
      const c = confirmationFor(tenant);
      await subject.store.create(c);
      await subject.store.decide(c.id, c.userId, 'confirmed', NOW + 1);
      const used = await Promise.all([
        subject.store.consume(bindingOf(c), NOW + 2),
        subject.store.consume(bindingOf(c), NOW + 2),
        subject.store.consume(bindingOf(c), NOW + 2, c.id),
      ]);
      expect(used.filter(Boolean)).toEqual([c.id]);
    });

    it('an expired or declined confirmation is used by no call and can no longer be decided', async () => {
      const tenant = await subject.backend.addTenant();
      const expired = confirmationFor(tenant, { argsDigest: 'expired' });
      const declined = confirmationFor(tenant, { argsDigest: 'declined' });
      await subject.store.create(expired);
      await subject.store.create(declined);
      await subject.store.decide(expired.id, expired.userId, 'confirmed', NOW + 1);
      expect(await subject.store.consume(bindingOf(expired), expired.expiresAt)).toBeUndefined();
      expect(await subject.store.decide(declined.id, declined.userId, 'declined', NOW + 1)).toBe(true);
      expect(await subject.store.consume(bindingOf(declined), NOW + 2)).toBeUndefined();
      const late = confirmationFor(tenant, { argsDigest: 'late' });
      await subject.store.create(late);
      expect(await subject.store.decide(late.id, late.userId, 'confirmed', late.expiresAt)).toBe(false);
    });

    it('a token lets its own call run unconfirmed only where tokens were allowed, and only for that call', async () => {
      const tenant = await subject.backend.addTenant();
      const allowed = confirmationFor(tenant, { tokenAllowed: true, argsDigest: 'allowed' });
      const refused = confirmationFor(tenant, { argsDigest: 'refused' });
      await subject.store.create(allowed);
      await subject.store.create(refused);
      expect(await subject.store.consume(bindingOf(refused), NOW + 1, refused.id)).toBeUndefined();
      expect(await subject.store.consume(bindingOf(refused), NOW + 1, allowed.id)).toBeUndefined();
      expect(await subject.store.consume(bindingOf(allowed), NOW + 1)).toBeUndefined();
      expect(await subject.store.consume(bindingOf(allowed), NOW + 1, allowed.id)).toBe(allowed.id);
      expect(await subject.store.consume(bindingOf(allowed), NOW + 2, allowed.id)).toBeUndefined();
    });

    it('the sweep forgets confirmations expired before the time given, and only those', async () => {
      const tenant = await subject.backend.addTenant();
      const old = confirmationFor(tenant, { expiresAt: NOW - 1 });
      const live = confirmationFor(tenant);
      await subject.store.create(old);
      await subject.store.create(live);
      expect(await subject.store.deleteExpired(NOW)).toBeGreaterThanOrEqual(1);
      expect(await subject.store.get(old.id)).toBeUndefined();
      expect(await subject.store.get(live.id)).toEqual(live);
    });

    it('is purged with its tenant, and no other tenant loses a confirmation', async () => {
      const gone = await subject.backend.addTenant();
      const kept = await subject.backend.addTenant();
      const a = confirmationFor(gone);
      const b = confirmationFor(kept);
      await subject.store.create(a);
      await subject.store.create(b);
      await subject.backend.deleteTenant(gone);
      expect(await subject.store.get(a.id)).toBeUndefined();
      expect(await subject.store.get(b.id)).toEqual(b);
    });
  },
);
