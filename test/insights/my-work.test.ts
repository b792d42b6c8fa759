/**
 * The caller's open work across systems, checked against the fakes' records read here directly (not
 * through the tool's code): Jira tickets assigned and not done, GitHub review requests, own open pull
 * requests and assigned issues, Confluence pages mentioning them, today's events of their own primary
 * calendar, and Slack mentions (posted here by a colleague) they have not answered. Then a user without
 * Google or Slack consent, a failing upstream, and what other users and tenants see, over REST and MCP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../../src/sandbox/credentials.js';
import { currentVersion, type ConfluenceState } from '../../src/sandbox/confluence/state.js';
import type { GithubState } from '../../src/sandbox/github/state.js';
import type { GoogleState } from '../../src/sandbox/google/state.js';
import { occurrences } from '../../src/sandbox/google/calendar/recurrence.js';
import { statusById, type JiraState } from '../../src/sandbox/jira/index.js';
import type { Person } from '../../src/sandbox/seed/people.js';
import type { SlackState } from '../../src/sandbox/slack/state.js';
import type { ManualClock } from '../helpers/clock.js';
import { connectMcpClient, listEveryTool } from '../helpers/mcp-session.js';
import { OutputChecker } from '../helpers/output-schemas.js';
import { checkedRunner, fakeState, toolRunner, type Runner } from '../helpers/sandbox.js';
import { systemServer } from '../helpers/sandbox.js';
import { call, type TestServer } from '../helpers/server.js';

const DAY = 86_400_000;
let server: TestServer;
let clock: ManualClock;
let run: Runner;
let checker: OutputChecker;

interface Item {
  kind: string;
  status: string | null;
  title: string;
  at: string | null;
  node: { type: string; id: string };
}
interface SystemWork {
  status: string;
  items: Item[];
  total: number | null;
}
type Result = {
  systems: Record<string, SystemWork>;
  not_connected: string[];
  partial?: boolean;
  failed_sources?: Array<{ resource: string }>;
};

// A Monday, so the seeded weekday meetings happen today.
beforeAll(async () => {
  ({ server, clock } = await systemServer('insights', { hoursAfterSeed: 36 }));
  checker = new OutputChecker(() => server.app.registry);
  run = checkedRunner(server, 'insights', checker);
});
// Each call makes four GitHub searches, which GitHub allows 30 of a minute: every test starts a minute on.
beforeEach(() => clock.advance(61_000));
afterAll(async () => {
  await server.close();
  expect(checker.checked.has('get_my_work')).toBe(true);
});

const demoUsers = (tenant: WorkspaceId): Person[] => {
  const emails = server.app
    .demo!.users()
    .filter((u) => u.tenant_id === tenant)
    .map((u) => u.user_email);
  return server.sandbox.seeds[tenant].people.filter((p) => emails.includes(p.email));
};

/** Every item's node id of one kind, sorted. */
const ids = (work: SystemWork, kind: string): string[] =>
  work.items
    .filter((i) => i.kind === kind)
    .map((i) => i.node.id)
    .sort();

/** The listed items are the first `limit` of the expected ones (any order), and the total counts them all. */
function expectListed(listed: string[], expected: string[], limit: number) {
  expect(listed.length).toBe(Math.min(limit, expected.length));
  expect(expected).toEqual(expect.arrayContaining(listed));
}

function expectedTickets(tenant: WorkspaceId, person: Person): string[] {
  const jira = fakeState<JiraState>(server, '/jira', tenant);
  return jira.issues
    .filter((i) => i.assigneeId === person.accountId && statusById(jira, i.statusId)?.category !== 'done')
    .map((i) => i.key);
}

function expectedCode(tenant: WorkspaceId, person: Person) {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const open = fakeState<GithubState>(server, '/github', tenant).repos.flatMap((repo) =>
    repo.archived
      ? []
      : repo.issues
          .filter((i) => i.state === 'open')
          .map((issue) => ({ issue, id: `${repo.fullName}#${issue.number}` })),
  );
  return {
    review_request: open.filter(({ issue }) => issue.pull?.requestedReviewers.some((r) => same(r, person.login))),
    pull_request: open.filter(({ issue }) => issue.pull && same(issue.user, person.login)),
    issue: open.filter(({ issue }) => !issue.pull && issue.assignees.some((a) => same(a, person.login))),
  };
}

function expectedPages(tenant: WorkspaceId, person: Person): string[] {
  const wiki = fakeState<ConfluenceState>(server, '/confluence', tenant);
  return [...wiki.pages.values()]
    .filter((p) => p.status === 'current' || p.status === 'archived')
    .filter((p) => currentVersion(p).body.includes(`ri:account-id="${person.accountId}"`))
    .map((p) => p.id);
}

/** Today's (UTC) occurrences on the person's primary calendar (its own events and their invitations), as `summary@start:their answer`. */
function expectedMeetings(tenant: WorkspaceId, person: Person): string[] {
  const calendar = fakeState<GoogleState>(server, '/google', tenant).calendar;
  const primary = [...calendar.calendars.values()].find((c) => c.primaryOf === person.index)!.id;
  const own = calendar.events.get(primary) ?? [];
  const invited = [...calendar.events]
    .filter(([id]) => id !== primary)
    .flatMap(([, events]) => events.filter((e) => e.attendees?.some((a) => a.email === person.email)));
  const unique = [...new Map([...invited, ...own].map((e) => [e.id, e])).values()];
  const dayStart = Math.floor(clock.now() / DAY) * DAY;
  const dayEnd = dayStart + DAY;
  return unique
    .filter((e) => e.status !== 'cancelled')
    .flatMap((e) =>
      occurrences(e, dayEnd)
        .filter((start) => start < dayEnd && start + (e.endMs - e.startMs) > dayStart)
        .map(
          (start) =>
            `${e.summary}@${start}:${e.attendees?.find((a) => a.email === person.email)?.responseStatus ?? null}`,
        ),
    )
    .sort();
}

/** Messages of the last 7 days mentioning the person, by others, with no later message of theirs in the conversation. */
function expectedMentions(tenant: WorkspaceId, person: Person): string[] {
  const slack = fakeState<SlackState>(server, '/slack', tenant);
  const since = (clock.now() - 7 * DAY) / 1000;
  return slack.channels
    .filter((c) => c.kind === 'public' || c.members.includes(person.slackId))
    .flatMap((c) =>
      c.messages
        .filter((m) => m.user !== person.slackId && m.text.includes(`<@${person.slackId}>`) && Number(m.ts) >= since)
        .filter((m) => !c.messages.some((later) => later.user === person.slackId && Number(later.ts) > Number(m.ts)))
        .map((m) => `${c.id}/${m.ts}`),
    )
    .sort();
}

const LIMIT = 50;

function checkAgainstFakes(result: Result, tenant: WorkspaceId, person: Person) {
  expect(result.partial).toBeUndefined();
  expect(result.not_connected).toEqual([]);
  for (const work of Object.values(result.systems)) expect(work.status).toBe('ok');
  const { ticketing, code_host, wiki, suite, chat } = result.systems;

  const tickets = expectedTickets(tenant, person);
  expect(ticketing.total).toBe(tickets.length);
  expectListed(ids(ticketing, 'ticket'), tickets, LIMIT);
  expect(ticketing.items.every((i) => i.node.type === 'issue')).toBe(true);

  const code = expectedCode(tenant, person);
  for (const kind of ['review_request', 'pull_request', 'issue'] as const)
    expectListed(
      ids(code_host, kind),
      code[kind].map((c) => c.id),
      LIMIT,
    );
  expect(code_host.total).toBe(code.review_request.length + code.pull_request.length + code.issue.length);
  expect(code_host.items.filter((i) => i.kind !== 'issue').every((i) => i.node.type === 'pull_request')).toBe(true);

  const pages = expectedPages(tenant, person);
  expect(wiki.total).toBe(pages.length);
  expectListed(ids(wiki, 'page'), pages, LIMIT);

  const meetings = expectedMeetings(tenant, person);
  expect(suite.items.map((i) => `${i.title}@${Date.parse(i.at as string)}:${i.status}`).sort()).toEqual(meetings);
  expect(suite.items.every((i) => i.node.type === 'calendar_event')).toBe(true);

  const mentions = expectedMentions(tenant, person);
  expect(ids(chat, 'mention')).toEqual(mentions);
  expect(chat.items.every((i) => i.node.type === 'chat_message')).toBe(true);
}

/**
 * The first consented demo user with work in every system (mentions are posted by the test), and a
 * colleague of theirs.
 */
function busyUser(): { ada: Person; bob: Person } {
  const consented = demoUsers('acme').slice(0, -1);
  const ada = consented.find(
    (p) =>
      expectedTickets('acme', p).length > 0 &&
      Object.values(expectedCode('acme', p)).every((list) => list.length > 0) &&
      expectedPages('acme', p).length > 0 &&
      expectedMeetings('acme', p).length > 0,
  );
  if (!ada) throw new Error('no demo user has work in every system');
  return { ada, bob: consented.find((p) => p !== ada)! };
}

/** A colleague mentions `person` twice in #engineering; `person` answers the first in the channel. */
async function mentionTwice(tenant: WorkspaceId, person: Person, colleague: Person): Promise<void> {
  const chat = toolRunner(server, 'chat');
  const slack = fakeState<SlackState>(server, '/slack', tenant);
  const engineering = slack.channels.find((c) => c.name === 'engineering')!.id;
  const send = (text: string, email: string) => chat('send_message', { channel_id: engineering, text }, tenant, email);
  await send(`<@${person.slackId}> can you look at the failing deploy?`, colleague.email);
  clock.advance(60_000);
  await send('Looking now', person.email);
  clock.advance(60_000);
  await send(`<@${person.slackId}> the review is waiting for you`, colleague.email);
  clock.advance(60_000);
}

describe('my work across systems', () => {
  it('lists every connected system’s open work, as the fakes hold it, over REST and MCP', async () => {
    const { ada, bob } = busyUser();
    await mentionTwice('acme', ada, bob);
    const direct = (await run('get_my_work', { limit: LIMIT }, 'acme', ada.email)) as Result;
    checkAgainstFakes(direct, 'acme', ada);
    // Every system has something to show for the demo's first user.
    for (const system of ['ticketing', 'code_host', 'wiki', 'suite', 'chat'])
      expect(direct.systems[system].items.length, system).toBeGreaterThan(0);
    expect(direct.systems.chat.items).toHaveLength(1);
    expect(direct.systems.chat.items[0].title).toContain('the review is waiting for you');

    const token = await server.tokenFor('acme', ada.email);
    const rest = await call(server, 'POST', '/mcp/insights/execute', {
      token,
      body: { tool: 'get_my_work', arguments: { limit: LIMIT } },
    });
    expect(rest.status).toBe(200);
    checkAgainstFakes(rest.body.data, 'acme', ada);
    const client = await connectMcpClient(server, token);
    try {
      const result = await client.callTool({ name: 'insights_get_my_work', arguments: { limit: LIMIT } });
      expect(result.isError).toBeFalsy();
      checkAgainstFakes(result.structuredContent as Result, 'acme', ada);
    } finally {
      await client.close();
    }
  });

  it('reports the suite and chat as not connected for a user without consent, not as failures', async () => {
    const users = demoUsers('acme');
    const unconsented = users[users.length - 1];
    const token = await server.tokenFor('acme', unconsented.email);
    const rest = await call(server, 'POST', '/mcp/insights/execute', {
      token,
      body: { tool: 'get_my_work', arguments: {} },
    });
    expect(rest.status).toBe(200);
    const result = rest.body.data as Result;
    expect(result.not_connected).toEqual(['suite', 'chat']);
    expect(result.systems.suite).toMatchObject({ status: 'not_connected', items: [] });
    expect(result.partial).toBeUndefined();
    expect(result.systems.ticketing.status).toBe('ok');
    expect(ids(result.systems.ticketing, 'ticket').length).toBe(
      Math.min(10, expectedTickets('acme', unconsented).length),
    );
    const client = await connectMcpClient(server, token);
    try {
      const mcp = await client.callTool({ name: 'insights_get_my_work', arguments: {} });
      expect(mcp.isError).toBeFalsy();
      expect((mcp.structuredContent as Result).not_connected).toEqual(['suite', 'chat']);
    } finally {
      await client.close();
    }
  });

  it('is partial, naming the system, when an upstream fails', async () => {
    const fault = server.sandbox.faults.add({ prefix: '/confluence', status: 503 });
    try {
      const result = (await run('get_my_work', {})) as Result;
      expect(result.partial).toBe(true);
      expect(result.failed_sources!.map((f) => f.resource)).toEqual(['wiki']);
      expect(result.systems.wiki).toMatchObject({ status: 'failed', items: [] });
      expect(result.systems.ticketing.status).toBe('ok');
      expect(result.not_connected).toEqual([]);
    } finally {
      server.sandbox.faults.clear(fault);
    }
  });
});

describe('my work: other users and tenants', () => {
  it('another user of the tenant sees their own calendar and mentions, not the first user’s', async () => {
    const { ada, bob } = busyUser();
    const token = await server.tokenFor('acme', bob.email);
    const client = await connectMcpClient(server, token);
    try {
      const result = await client.callTool({ name: 'insights_get_my_work', arguments: { limit: LIMIT } });
      const work = result.structuredContent as Result;
      checkAgainstFakes(work, 'acme', bob);
      const adas = new Set(expectedMentions('acme', ada));
      expect(adas.size).toBeGreaterThan(0);
      expect(ids(work.systems.chat, 'mention').filter((id) => adas.has(id))).toEqual([]);
      expect(expectedMeetings('acme', bob)).not.toEqual(expectedMeetings('acme', ada));
    } finally {
      await client.close();
    }
  });

  it('another tenant sees nothing of this one over REST', async () => {
    const { ada } = busyUser();
    const [globexUser] = demoUsers('globex');
    const rest = await call(server, 'POST', '/mcp/insights/execute', {
      token: await server.tokenFor('globex'),
      body: { tool: 'get_my_work', arguments: { limit: LIMIT } },
    });
    expect(rest.status).toBe(200);
    checkAgainstFakes(rest.body.data, 'globex', globexUser);
    const acmeNodes = new Set([
      ...expectedTickets('acme', ada),
      ...expectedPages('acme', ada),
      ...expectedMentions('acme', ada),
      ...Object.values(expectedCode('acme', ada)).flatMap((list) => list.map((c) => c.id)),
    ]);
    const seen = Object.values((rest.body.data as Result).systems).flatMap((w) => w.items.map((i) => i.node.id));
    expect(seen.filter((id) => acmeNodes.has(id))).toEqual([]);
    expect(JSON.stringify(rest.body.data)).not.toContain('acme');
  });
});

describe('my work for a caller with some credentials only', () => {
  /** A token of the tenant's last demo user (no Google or Slack consent) carrying only the named connections. */
  const tokenWith = (...keys: string[]) => {
    const users = demoUsers('acme');
    const caller = server.callerFor('acme', users[users.length - 1].email);
    const connections = Object.fromEntries(keys.map((key) => [key, caller.connections[key]]));
    return server.app.tokens.issue({ tenant_id: 'acme', user_email: caller.userEmail, connections });
  };

  it('is listed with GitHub alone and names every other system not connected', async () => {
    const token = await tokenWith('code_host');
    const client = await connectMcpClient(server, token);
    try {
      const listed = (await listEveryTool(client)).tools.map((t) => t.name);
      expect(listed).toContain('insights_get_my_work');
      expect(listed).not.toContain('insights_get_delivery_flow');
      const result = await client.callTool({ name: 'insights_get_my_work', arguments: {} });
      expect(result.isError).toBeFalsy();
      const work = result.structuredContent as Result;
      expect(work.not_connected).toEqual(['ticketing', 'wiki', 'suite', 'chat']);
      expect(work.systems.code_host.status).toBe('ok');
      expect(work.partial).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it('leaves the delivery flow listed for Jira and GitHub without Confluence, Google or Slack', async () => {
    const client = await connectMcpClient(server, await tokenWith('code_host', 'ticketing'));
    try {
      const listed = (await listEveryTool(client)).tools.map((t) => t.name);
      expect(listed).toEqual(expect.arrayContaining(['insights_get_delivery_flow', 'insights_get_my_work']));
    } finally {
      await client.close();
    }
  });
});
