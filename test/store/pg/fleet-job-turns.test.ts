import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PgFleetLocks } from '../../../src/store/fleet-locks.js';
import { FleetJobs, type JobOutcome } from '../../../src/store/fleet-jobs.js';
import type { Logger } from '../../../src/toolkit/context.js';
import { pgTestDatabase } from '../../helpers/pg-lane.js';

/** A pool of four connections: one lock slot for background work (a quarter of the pool). */
async function oneSlotNode() {
  const pool = new pg.Pool({ connectionString: await pgTestDatabase(), max: 4 });
  const observed: Array<[string, JobOutcome]> = [];
  const warnings: string[] = [];
  const log: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (message) => void warnings.push(message),
    error: (message) => void warnings.push(message),
  };
  const jobs = new FleetJobs(new PgFleetLocks(pool), log, (job, outcome) => void observed.push([job, outcome]));
  return { pool, jobs, observed, warnings };
}

/** Work that runs until the test lets it finish. */
function heldWork() {
  let finish = () => undefined as void;
  let started = () => undefined as void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const work = () => {
    started();
    return new Promise<void>((resolve) => (finish = resolve));
  };
  return { work, running, finish: () => finish() };
}

const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

describe('background job turns on a node out of lock slots', () => {
  it('counts a turn that found no free slot as deferred, not as left to another node', async () => {
    const node = await oneSlotNode();
    pools.push(node.pool);
    const sweep = heldWork();
    const sweeping = node.jobs.run('sweep', sweep.work);
    await sweep.running;

    expect(await node.jobs.run('refresh', async () => undefined)).toBe('deferred');

    sweep.finish();
    expect(await sweeping).toBe('ran');
    expect(node.observed).toEqual([
      ['refresh', 'deferred'],
      ['sweep', 'ran'],
    ]);
  });

  it('answers a second turn of a job the node already runs as skipped, even with no slot free', async () => {
    const node = await oneSlotNode();
    pools.push(node.pool);
    const sync = heldWork();
    const syncing = node.jobs.run('sync.acme', sync.work);
    await sync.running;

    expect(await node.jobs.run('sync.acme', async () => undefined)).toBe('skipped');

    sync.finish();
    expect(await syncing).toBe('ran');
    expect(node.observed).toEqual([
      ['sync.acme', 'skipped'],
      ['sync.acme', 'ran'],
    ]);
  });

  it('counts a failed turn and logs why', async () => {
    const node = await oneSlotNode();
    pools.push(node.pool);

    const outcome = await node.jobs.run('retention', () => Promise.reject(new Error('table is gone')));

    expect(outcome).toBe('failed');
    expect(node.observed).toEqual([['retention', 'failed']]);
    expect(node.warnings).toEqual(['background job failed']);
  });

  it('a scheduled turn still waiting for a slot when the node stops never starts; stopping waits for the running one', async () => {
    const node = await oneSlotNode();
    const sweep = heldWork();
    const sweeping = node.jobs.run('sweep', sweep.work);
    await sweep.running;
    let retentionStarted = false;

    node.jobs.every('retention', 60_000, async () => void (retentionStarted = true));
    const order: string[] = [];
    void sweeping.then(() => order.push('sweep ended'));
    const stopped = node.jobs.stop().then(() => order.push('stopped'));
    sweep.finish();
    await stopped;
    await node.pool.end();

    expect(order).toEqual(['sweep ended', 'stopped']);

    expect(retentionStarted).toBe(false);
    expect(node.observed).toEqual([['sweep', 'ran']]);
    expect(node.warnings).toEqual([]);
  });
});
