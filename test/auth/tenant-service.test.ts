import { afterAll, describe, expect, it } from 'vitest';
import { TenantService } from '../../src/auth/tenants.js';
import { openDatabase } from '../../src/database.js';
import { SqliteTenantStore } from '../../src/store/tenant-store-sqlite.js';
import { ManualClock } from '../helpers/clock.js';

const db = openDatabase(':memory:');
afterAll(() => db.close());

/** A purge that holds until released, recording which tenants it purged and when. */
function heldPurge() {
  const events: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    events,
    release,
    purge: async (tenantId: string) => {
      events.push(`purge started ${tenantId}`);
      await released;
      events.push(`purge done ${tenantId}`);
    },
  };
}

describe('tenant lifecycle', () => {
  it('a tenant created again while its deletion is purging waits for the purge, which cannot empty it', async () => {
    const held = heldPurge();
    const tenants = new TenantService(new SqliteTenantStore(db), new ManualClock(), {
      purge: held.purge,
      onRemoved: (id) => held.events.push(`removed ${id}`),
    });
    const first = await tenants.create({ id: 'phoenix', consumerId: 'first-owner' });
    const firstEpoch = await tenants.epochOf(first.id);

    const removal = tenants.remove('phoenix');
    const again = tenants.ensure({ id: 'phoenix', consumerId: 'second-owner' }).then((tenant) => {
      held.events.push('created again');
      return tenant;
    });
    await expect.poll(() => held.events).toEqual(['purge started phoenix']);
    expect(await tenants.exists('phoenix')).toBe(false);

    held.release();
    await removal;
    expect((await again).consumerId).toBe('second-owner');
    expect(held.events).toEqual(['purge started phoenix', 'purge done phoenix', 'removed phoenix', 'created again']);
    expect(await tenants.epochOf('phoenix')).not.toBe(firstEpoch);
  });

  it('two creations of one id at once: one is created, the other told it exists; ensure agrees with both', async () => {
    const tenants = new TenantService(new SqliteTenantStore(db), new ManualClock());
    const outcomes = await Promise.allSettled([
      tenants.create({ id: 'twins', consumerId: 'one' }),
      tenants.create({ id: 'twins', consumerId: 'two' }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: { code: 'TENANT_EXISTS' },
    });
    const ensured = await Promise.all([
      tenants.ensure({ id: 'twins', consumerId: 'three' }),
      tenants.ensure({ id: 'twins', consumerId: 'four' }),
    ]);
    expect(ensured.map((tenant) => tenant.consumerId)).toEqual([
      (await tenants.get('twins')).consumerId,
      (await tenants.get('twins')).consumerId,
    ]);
  });
});
