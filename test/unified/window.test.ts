import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { silentLogger } from '../../src/config/logger.js';
import type { Caller, ClientProvider } from '../../src/toolkit/context.js';
import { defineTool, type ServiceMap } from '../../src/toolkit/define-tool.js';
import { Executor } from '../../src/toolkit/executor.js';
import { Registry } from '../../src/toolkit/registry.js';
import { readWindow, windowListPage } from '../../tools/shared/cursor-window.js';
import { ManualClock } from '../helpers/clock.js';

/**
 * The offset window over an upstream's cursors, through the real executor: an upstream list of 1,000
 * records served in cursor pages (an opaque cursor, a page size cap), with every request counted.
 */
const RECORDS = Array.from({ length: 1000 }, (_, i) => ({
  id: i,
  name: `record-${i}`,
  body: i % 7 === 0 ? 'z'.repeat(3_000) : '',
}));
const UPSTREAM_MAX = 100;

function upstream() {
  const requests: Array<{ cursor?: string; limit: number }> = [];
  const list = async (cursor: string | undefined, limit: number) => {
    requests.push({ cursor, limit });
    const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString().replace('at:', '')) : 0;
    if (!Number.isInteger(start)) throw new Error(`upstream refuses cursor ${cursor}`);
    const end = Math.min(start + Math.min(limit, UPSTREAM_MAX), RECORDS.length);
    return {
      records: RECORDS.slice(start, end),
      next: end < RECORDS.length ? Buffer.from(`at:${end}`).toString('base64url') : null,
    };
  };
  return { requests, list };
}

function setup(resultBudgetChars?: number) {
  const source = upstream();
  const tool = defineTool({
    system: 'demo_sys',
    name: 'list_records',
    description: 'list',
    capability: { type: 'read', name: 'demo.records.list' },
    input: z.object({}),
    list: { key: 'records', defaultLimit: 100 },
    hints: { aliases: ['x'], when_to_use: 'tests', not_for: 'nothing', examples: [] },
    async run({ page }) {
      return windowListPage(await readWindow(source.list, page, UPSTREAM_MAX), page);
    },
  });
  const clients: ClientProvider = {
    get: () => {
      throw new Error('no clients in this test');
    },
    accessDigest: async () => 'none',
  };
  const executor = new Executor({
    registry: new Registry(
      [{ id: 'demo_sys', name: 'Demo', description: 'test system', keywords: [], when_to_use: 'tests' }],
      [tool],
    ),
    clients,
    services: {} as ServiceMap,
    clock: new ManualClock(),
    log: silentLogger,
    resultBudgetChars,
  });
  const caller: Caller = { tenantId: 'acme', userEmail: 'ada@acme.test', connections: {} };
  const walk = async (limit: number) => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = (await executor.execute(caller, tool, { limit, ...(cursor ? { cursor } : {}) })) as {
        records: Array<{ id: number }>;
        pagination: { next_cursor: string | null; has_more: boolean };
      };
      seen.push(...page.records.map((r) => r.id));
      cursor = page.pagination.next_cursor ?? undefined;
      pages += 1;
    } while (cursor);
    return { seen, pages };
  };
  return { source, executor, tool, caller, walk };
}

describe('the offset window over upstream cursors', () => {
  it('walks a 1,000-record list with one upstream request per page, every record once and in order', async () => {
    const { source, walk } = setup();
    const { seen, pages } = await walk(100);
    expect(seen).toEqual(RECORDS.map((r) => r.id));
    expect(pages).toBe(10);
    // A walk from the start for every page would cost 1 + 2 + ... + 10 = 55 requests.
    expect(source.requests).toHaveLength(10);
  });

  it('continues exactly where a page cut short by the size budget stopped', async () => {
    const { source, walk } = setup(20_000);
    const { seen, pages } = await walk(50);
    expect(seen).toEqual(RECORDS.map((r) => r.id));
    expect(pages).toBeGreaterThan(20);
    expect(source.requests.length).toBeLessThan(pages * 2);
  });

  it('answers a plain offset, and ignores a resume point past the offset, by walking from the start', async () => {
    const { source, executor, tool, caller } = setup();
    const byOffset = (await executor.execute(caller, tool, { offset: 250, limit: 10 })) as {
      records: Array<{ id: number }>;
    };
    expect(byOffset.records.map((r) => r.id)).toEqual(RECORDS.slice(250, 260).map((r) => r.id));
    const forged = Buffer.from(
      JSON.stringify({ o: 20, r: { a: 900, c: Buffer.from('at:900').toString('base64url') } }),
    ).toString('base64url');
    const page = (await executor.execute(caller, tool, { cursor: forged, limit: 5 })) as {
      records: Array<{ id: number }>;
    };
    expect(page.records.map((r) => r.id)).toEqual([20, 21, 22, 23, 24]);
    expect(source.requests.at(-1)?.cursor).toBeUndefined();
  });

  it('turns a cursor the upstream refuses into the upstream’s own error, and a malformed one into 400', async () => {
    const { executor, tool, caller } = setup();
    const refused = Buffer.from(JSON.stringify({ o: 20, r: { a: 10, c: 'bogus' } })).toString('base64url');
    await expect(executor.execute(caller, tool, { cursor: refused })).rejects.toThrow('upstream refuses cursor bogus');
    await expect(executor.execute(caller, tool, { cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});
