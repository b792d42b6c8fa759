import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INJECTIONS, PLANTERS, restCall } from '../helpers/injections.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Injections planted in mail, chat, tickets, pages and documents by outside authors: each is read as an
 * agent would read it, then the action it asks for is attempted with the value it planted. None may run
 * without a person's confirmation, and the fake must receive nothing.
 */
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor('acme');
});
afterAll(() => server.close());

const cases = Object.entries(PLANTERS).flatMap(([source, plant]) =>
  INJECTIONS.map((injection, i) => ({ source, plant, injection, n: Object.keys(PLANTERS).indexOf(source) * 100 + i })),
);
const outcomes: Array<{ case: string; flagged: boolean; ranWithoutConfirmation: boolean }> = [];

describe('injection suite', () => {
  it('has at least 30 cases across mail, chat, tickets, pages and documents', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cases.map((c) => c.source))).toEqual(new Set(['mail', 'chat', 'ticket', 'page', 'document']));
  });

  it.each(cases.map((c) => [`${c.source}: ${c.injection.name}`, c] as const))('%s', async (name, c) => {
    const value = c.injection.value(c.n);
    const read = await c.plant(server, token, c.injection.text(value));
    const shown = await restCall(server, token, read.system, read.tool, read.arguments);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const flagged = (shown.body.data.untrusted_content?.flagged ?? []) as unknown[];
    const { action } = c.injection;
    const sentBefore = server.sandbox.faults.count('POST', action.sentTo);
    const attempt = await restCall(server, token, action.system, action.tool, action.arguments(value, server));
    outcomes.push({ case: name, flagged: flagged.length > 0, ranWithoutConfirmation: attempt.status === 200 });
    expect(flagged.length).toBeGreaterThan(0);
    expect(attempt.status).toBe(409);
    expect(attempt.body.error.code).toBe('CONFIRMATION_REQUIRED');
    expect(attempt.body.error.details.untrusted_source).toContain(value.toLowerCase());
    expect(server.sandbox.faults.count('POST', action.sentTo)).toBe(sentBefore);
  });

  it('lets none of the actions through, and the same actions with values no flagged content carried run', async () => {
    expect(outcomes.filter((o) => o.ranWithoutConfirmation)).toEqual([]);
    expect(outcomes.filter((o) => !o.flagged)).toEqual([]);
    const unflagged = new Set(INJECTIONS.map((i) => i.action));
    for (const action of unflagged) {
      const fresh = action === INJECTIONS[0].action ? 'colleague@acme.test' : 'https://docs.acme.test/release-notes';
      const ran = await restCall(server, token, action.system, action.tool, action.arguments(fresh, server));
      expect({ tool: action.tool, status: ran.status }).toEqual({ tool: action.tool, status: 200 });
    }
  });
});
