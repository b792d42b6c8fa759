/**
 * graph_get_person's live open work: the person's open tickets and pull requests as the fakes hold them,
 * read with the caller's credentials; the calendar and Slack mentions (always the caller's own) only when
 * the caller asks about themselves; a failing upstream makes the answer partial. Over REST and MCP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GithubState } from '../../src/sandbox/github/state.js';
import { statusById, type JiraState } from '../../src/sandbox/jira/index.js';
import type { Person } from '../../src/sandbox/seed/people.js';
import type { ManualClock } from '../helpers/clock.js';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { fakeState, systemServer } from '../helpers/sandbox.js';
import { call, type TestServer } from '../helpers/server.js';

interface SystemWork {
  status: string;
  items: Array<{ kind: string; node: { type: string; id: string } }>;
}
interface Found {
  identities: unknown[];
  work: unknown;
  open_work?: { systems: Record<string, SystemWork>; not_connected: string[] };
  partial?: boolean;
  failed_sources?: Array<{ resource: string }>;
}

let server: TestServer;
let clock: ManualClock;
let ada: Person;
let bob: Person;

beforeAll(async () => {
  ({ server, clock } = await systemServer('graph', { hoursAfterSeed: 36, environment: 'development' }));
  const emails = server.app
    .demo!.users()
    .filter((u) => u.tenant_id === 'acme')
    .map((u) => u.user_email);
  // The last demo user has no Google or Slack consent: the first two have both.
  [ada, bob] = server.sandbox.seeds.acme.people.filter((p) => emails.slice(0, -1).includes(p.email));
  const token = await server.tokenFor('acme', ada.email);
  expect((await call(server, 'POST', '/graph/seed', { token })).status).toBe(200);
  await server.app.services.graph?.drain();
});
// Each call makes three GitHub searches, which GitHub allows 30 of a minute: every test starts a minute on.
beforeEach(() => clock.advance(61_000));
afterAll(async () => {
  await server?.close();
});

const getPerson = async (as: Person, person: Person, extra: Record<string, unknown> = {}): Promise<Found> => {
  const res = await call(server, 'POST', '/mcp/graph/execute', {
    token: await server.tokenFor('acme', as.email),
    body: { tool: 'get_person', arguments: { person: person.email, limit: 50, ...extra } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Found;
};
const ids = (work: SystemWork, kind: string) =>
  work.items
    .filter((item) => item.kind === kind)
    .map((item) => item.node.id)
    .sort();

function openTickets(person: Person): string[] {
  const jira = fakeState<JiraState>(server, '/jira');
  return jira.issues
    .filter((i) => i.assigneeId === person.accountId && statusById(jira, i.statusId)?.category !== 'done')
    .map((i) => i.key)
    .sort();
}
function openPullRequests(person: Person): string[] {
  return fakeState<GithubState>(server, '/github')
    .repos.filter((repo) => !repo.archived)
    .flatMap((repo) =>
      repo.issues
        .filter((i) => i.state === 'open' && i.pull && i.user.toLowerCase() === person.login.toLowerCase())
        .map((i) => `${repo.fullName}#${i.number}`),
    )
    .sort();
}

describe('graph_get_person open_work', () => {
  it("shows another person's open tickets and pull requests, never a calendar or mentions", async () => {
    const found = await getPerson(bob, ada);
    const systems = found.open_work!.systems;
    expect(found.partial).toBeUndefined();
    expect(openTickets(ada).length).toBeGreaterThan(0);
    expect(ids(systems.ticketing, 'ticket')).toEqual(openTickets(ada).slice(0, 50));
    expect(ids(systems.code_host, 'pull_request')).toEqual(openPullRequests(ada).slice(0, 50));
    expect(systems.suite).toEqual({ status: 'not_read', items: [], total: null });
    expect(systems.chat).toEqual({ status: 'not_read', items: [], total: null });
    expect(found.work).toBeDefined();
  });

  it('answers the same over MCP, still without the calendar or mentions', async () => {
    const client = await connectMcpClient(server, await server.tokenFor('acme', bob.email));
    try {
      const result = await client.callTool({ name: 'graph_get_person', arguments: { person: ada.login } });
      expect(result.isError).toBeFalsy();
      const { systems } = (result.structuredContent as Found).open_work!;
      expect(openTickets(ada)).toEqual(expect.arrayContaining(ids(systems.ticketing, 'ticket')));
      expect(systems.ticketing.items.length).toBe(Math.min(10, openTickets(ada).length));
      expect(systems.suite.status).toBe('not_read');
      expect(systems.chat.status).toBe('not_read');
    } finally {
      await client.close();
    }
  });

  it('reads the caller’s own calendar and mentions when they ask about themselves', async () => {
    const found = await getPerson(ada, ada);
    const { suite, chat } = found.open_work!.systems;
    expect(suite.status).toBe('ok');
    expect(suite.items.length).toBeGreaterThan(0);
    expect(suite.items.every((item) => item.kind === 'meeting')).toBe(true);
    expect(chat.status).toBe('ok');
    expect(found.open_work!.not_connected).toEqual([]);
  });

  it('is partial, naming the failing system, and keeps the rest of the answer', async () => {
    const fault = server.sandbox.faults.add({ prefix: '/jira', status: 503 });
    try {
      const found = await getPerson(bob, ada);
      expect(found.partial).toBe(true);
      expect(found.failed_sources!.map((f) => f.resource)).toEqual(['ticketing']);
      expect(found.open_work!.systems.ticketing).toMatchObject({ status: 'failed', items: [] });
      expect(found.open_work!.systems.code_host.status).toBe('ok');
      expect(found.identities.length).toBeGreaterThan(0);
    } finally {
      server.sandbox.faults.clear(fault);
    }
  });

  it('still answers from the graph when every system it reads live fails', async () => {
    const faults = ['/jira', '/github', '/confluence'].map((prefix) =>
      server.sandbox.faults.add({ prefix, status: 503 }),
    );
    try {
      const found = await getPerson(bob, ada);
      expect(found.partial).toBe(true);
      expect(found.failed_sources!.map((f) => f.resource).sort()).toEqual([
        'code_host',
        'ticketing',
        'wiki',
        'wiki_pages',
      ]);
      expect(found.identities.length).toBeGreaterThan(0);
      expect(found.work).toBeDefined();
    } finally {
      for (const fault of faults) server.sandbox.faults.clear(fault);
    }
  });

  it('reads nothing live when open_work is false', async () => {
    const found = await getPerson(bob, ada, { open_work: false });
    expect(found.open_work).toBeUndefined();
    expect(found.identities.length).toBeGreaterThan(0);
  });

  it("shows another tenant nothing of this one's people or work", async () => {
    const res = await call(server, 'POST', '/mcp/graph/execute', {
      token: await server.tokenFor('globex'),
      body: { tool: 'get_person', arguments: { person: ada.email } },
    });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(openTickets(ada)[0]);
  });
});
