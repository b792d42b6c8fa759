import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { silentLogger } from '../../src/config/logger.js';
import type { Caller, ClientProvider } from '../../src/toolkit/context.js';
import { defineTool, type ServiceMap } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { Executor, type ExecutionEvent } from '../../src/toolkit/executor.js';
import { Registry } from '../../src/toolkit/registry.js';
import { ManualClock } from '../helpers/clock.js';

const system = { id: 'demo_sys', name: 'Demo', description: 'test system', keywords: [], when_to_use: 'tests' };
const hints = { aliases: ['x'], when_to_use: 'tests', not_for: 'nothing', examples: [] };
const items = Array.from({ length: 250 }, (_, i) => ({ id: i, name: `item-${i}`, nested: { a: i, b: 'x' } }));

const listTool = defineTool({
  system: 'demo_sys',
  name: 'list_things',
  description: 'list',
  capability: { type: 'read', name: 'demo.things.list' },
  input: z.object({ big: z.boolean().default(false) }),
  list: { key: 'things' },
  hints,
  async run({ args }) {
    return { items: args.big ? items.map((i) => ({ ...i, blob: 'y'.repeat(5_000) })) : items };
  },
});

const analytical = defineTool({
  system: 'demo_sys',
  name: 'metrics',
  description: 'metrics',
  capability: { type: 'analytical', name: 'demo.metrics', outputs: ['a', 'b'] },
  input: z.object({ fail: z.array(z.enum(['a', 'b'])).default([]) }),
  hints,
  async run({ args, gather }) {
    const fail = (name: string) => async () => {
      if (args.fail.includes(name as 'a' | 'b')) throw new AppError('UPSTREAM_ERROR', `${name} is down`);
      return name === 'a' ? 1 : 2;
    };
    const { a, b } = await gather({ a: fail('a'), b: fail('b') });
    return { a: a ?? null, b: b ?? null };
  },
});

const action = defineTool({
  system: 'demo_sys',
  name: 'close_thing',
  description: 'close',
  capability: { type: 'action', name: 'demo.things.close', idempotent: true },
  input: z.object({ honest: z.boolean() }),
  hints,
  verify: (result) => (result.state === 'closed' ? undefined : `state is ${String(result.state)}`),
  async run({ args }) {
    return { state: args.honest ? 'closed' : 'open' };
  },
});

function setup() {
  const events: ExecutionEvent[] = [];
  const clients: ClientProvider = {
    get: () => {
      throw new Error('no clients in this test');
    },
    accessDigest: async () => 'none',
  };
  const executor = new Executor({
    registry: new Registry([system], [listTool, analytical, action]),
    clients,
    services: {} as ServiceMap,
    clock: new ManualClock(),
    log: silentLogger,
    observers: [(e) => events.push(e)],
  });
  return { executor, events };
}

const caller: Caller = { tenantId: 'acme', userEmail: 'ada@acme.test', connections: {} };

describe('list tools', () => {
  it('page by offset and by cursor, with the pagination block', async () => {
    const { executor } = setup();
    const first = await executor.execute(caller, listTool, { limit: 100 });
    expect(first.count).toBe(100);
    expect(first.truncated).toBe(false);
    expect(first.pagination).toMatchObject({
      limit: 100,
      offset: 0,
      total: 250,
      total_is_lower_bound: true,
      has_more: true,
    });
    const second = await executor.execute(caller, listTool, {
      limit: 100,
      cursor: (first.pagination as { next_cursor: string }).next_cursor,
    });
    expect((second.things as Array<{ id: number }>)[0].id).toBe(100);
    const last = await executor.execute(caller, listTool, { limit: 100, offset: 200 });
    expect(last).toMatchObject({ count: 50, truncated: false, pagination: { has_more: false, next_cursor: null } });
  });

  it('defaults to 30 items and refuses a limit above 100', async () => {
    const { executor } = setup();
    expect((await executor.execute(caller, listTool, {})).count).toBe(30);
    await expect(executor.execute(caller, listTool, { limit: 101 })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(executor.execute(caller, listTool, { cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  it('cuts a page at the size budget and continues with the cursor', async () => {
    const { executor } = setup();
    const page = await executor.execute(caller, listTool, { big: true, limit: 100 });
    expect(page.count).toBeLessThan(100);
    expect(page.truncated).toBe(true);
    expect(JSON.stringify(page).length).toBeLessThan(110_000);
    const next = await executor.execute(caller, listTool, {
      big: true,
      limit: 100,
      cursor: (page.pagination as { next_cursor: string }).next_cursor,
    });
    expect((next.things as Array<{ id: number }>)[0].id).toBe(page.count);
  });

  it('projects fields of each item, while observers get the whole items', async () => {
    const { executor, events } = setup();
    const page = await executor.execute(caller, listTool, { limit: 2, fields: ['id', 'nested.a'] });
    expect(page.things).toEqual([
      { id: 0, nested: { a: 0 } },
      { id: 1, nested: { a: 1 } },
    ]);
    expect(events[0].result?.things).toEqual(items.slice(0, 2));
  });

  it('reads item paths written against the whole result (`things.id`) as the same paths; the key alone keeps whole items', async () => {
    const { executor } = setup();
    const page = await executor.execute(caller, listTool, { limit: 1, fields: ['things.id', 'nested.a'] });
    expect(page.things).toEqual([{ id: 0, nested: { a: 0 } }]);
    const whole = await executor.execute(caller, listTool, { limit: 1, fields: ['things'] });
    expect(whole.things).toEqual(items.slice(0, 1));
  });
});

describe('capability paths', () => {
  it('analytical: partial result naming the failed source', async () => {
    const { executor } = setup();
    expect(await executor.execute(caller, analytical, {})).toEqual({ a: 1, b: 2 });
    const partial = await executor.execute(caller, analytical, { fail: ['b'] });
    expect(partial).toMatchObject({
      a: 1,
      b: null,
      partial: true,
      failed_sources: [{ resource: 'b', error: { code: 'UPSTREAM_ERROR', message: 'b is down' } }],
    });
    await expect(executor.execute(caller, analytical, { fail: ['a', 'b'] })).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
    });
  });

  it('action: a result that fails verification is an error', async () => {
    const { executor } = setup();
    expect(await executor.execute(caller, action, { honest: true })).toEqual({ state: 'closed' });
    await expect(executor.execute(caller, action, { honest: false })).rejects.toMatchObject({
      code: 'VERIFICATION_FAILED',
    });
  });

  it('reports every execution to observers, failures included', async () => {
    const { executor, events } = setup();
    await executor.execute(caller, action, { honest: true });
    await executor.execute(caller, action, { honest: 'yes' }).catch(() => undefined);
    expect(events.map((e) => [e.tool.name, e.success, e.error?.code])).toEqual([
      ['close_thing', true, undefined],
      ['close_thing', false, 'VALIDATION_ERROR'],
    ]);
    expect(events[0].durationMs).toBeGreaterThanOrEqual(0);
  });

  it('validation errors name the field', async () => {
    const { executor } = setup();
    await expect(executor.execute(caller, action, {})).rejects.toThrow(/honest/);
    await expect(executor.execute(caller, action, null)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
