import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Person } from '../../src/sandbox/seed/people.js';
import { installFor } from '../helpers/chat.js';
import { HOUR, ManualClock } from '../helpers/clock.js';
import type { GoogleState } from '../../src/sandbox/google/state.js';
import { fakeState, upstreamUrl } from '../helpers/sandbox.js';
import { consentThroughSandbox } from '../helpers/suite-consent.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

/** The background sync of a tenant's systems into the graph, over REST, against the demo's fakes. */
let server: TestServer;
let token: string;
let person: Person;
const clock = new ManualClock();
/** Moves the clock on, with a token still valid then. */
const advance = async (ms: number) => {
  clock.advance(ms);
  token = await server.tokenFor('acme', person.email);
};
const auditOf = async (tenant: string) => {
  const res = await fetch(`${server.url}/admin/audit?tenant_id=${tenant}`, { headers: { 'X-API-KEY': TEST_API_KEY } });
  return (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { action: string; user?: string; client?: string });
};

const admin = (method: string, tenant: string, body?: unknown) =>
  call(server, method, `/admin/tenants/${tenant}/sync`, { apiKey: TEST_API_KEY, body });
const statusOf = async (as = token) => {
  const res = await call(server, 'GET', '/graph/sync/status', { token: as });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    enabled: boolean;
    systems: Array<
      { system: string; state: string; items_read: number; upstream_requests: number } & Record<string, unknown>
    >;
  };
};
const systemOf = async (system: string) => (await statusOf()).systems.find((s) => s.system === system);
const execute = async (system: string, tool: string, args: Record<string, unknown>, as = token) => {
  const res = await call(server, 'POST', `/mcp/${system}/execute`, { token: as, body: { tool, arguments: args } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
/** Upstream requests the fakes received while `work` ran. */
const requestsDuring = async (work: () => Promise<unknown>) => {
  const log = () => server.sandbox.faults.count('GET', '/') + server.sandbox.faults.count('POST', '/');
  const before = log();
  const started = performance.now();
  await work();
  return { requests: log() - before, ms: Math.round(performance.now() - started) };
};
const syncNow = async (tenant = 'acme') => {
  const outcome = await server.app.sync.runNow(tenant);
  await server.app.services.graph?.drain();
  return outcome;
};

beforeAll(async () => {
  server = await startTestServer({ clock });
  [person] = server.sandbox.seeds.acme.people;
  token = await server.tokenFor('acme', person.email);
  // Only this user consented to their Slack (a per-user system).
  await installFor(server, person.email, 'bot-and-user');
  // ...and only they keep their consent to their Google suite (another per-user system).
  for (const other of await server.app.vault.holdersOf('acme', 'google'))
    if (other !== person.email) {
      const revoked = await call(server, 'DELETE', '/oauth/suite/revoke', {
        token: await server.tokenFor('acme', other),
      });
      expect(revoked.status).toBe(200);
    }
});
afterAll(() => server?.close());
afterEach(() => server.sandbox.faults.clear());

describe('PUT /admin/tenants/:id/sync', () => {
  it.each([
    ['no body', undefined, 'enabled'],
    ['a missing schedule', { enabled: true }, 'interval_minutes'],
    ['a schedule too tight', { enabled: true, interval_minutes: 1 }, 'at least 5'],
    ['an unknown field', { enabled: true, interval_minutes: 60, every: 'day' }, 'every'],
    ['a system it does not read', { enabled: true, interval_minutes: 60, systems: ['graph'] }, 'graph'],
  ])('refuses %s with a 400 naming the problem', async (_case, body, named) => {
    const res = await admin('PUT', 'acme', body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(named);
    expect((await admin('GET', 'acme')).body.data.sync).toEqual({ enabled: false });
  });

  it('needs the API key and an existing tenant', async () => {
    expect((await call(server, 'PUT', '/admin/tenants/acme/sync', { token, body: {} })).status).toBe(401);
    expect((await admin('PUT', 'nobody', { enabled: true, interval_minutes: 60 })).status).toBe(404);
  });

  it('leaves the graph alone while the sync is off', async () => {
    expect(await syncNow()).toBe('off');
    expect(await statusOf()).toEqual({ enabled: false, interval_minutes: null, systems: [] });
  });

  it('switches the sync on, reads it back and audits both as admin actions', async () => {
    const settings = { enabled: true, interval_minutes: 60, initial_window_days: 3650 };
    const res = await admin('PUT', 'acme', settings);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await admin('GET', 'acme')).body.data).toEqual({ tenant_id: 'acme', sync: settings, connections: [] });
    const actions = (await auditOf('acme')).map((record) => record.action);
    expect(actions).toEqual(expect.arrayContaining(['setTenantSync', 'getTenantSync']));
  });
});

describe('a sync of the demo tenant', () => {
  let first: { requests: number; ms: number };

  beforeAll(async () => {
    first = await requestsDuring(async () => expect(await syncNow()).toBe('ran'));
    console.log(`graph sync of acme from empty: ${first.requests} upstream requests, ${first.ms} ms`);
  });

  it('reports every system it read, with its watermark, items and upstream requests', async () => {
    const status = await statusOf();
    expect(status.enabled).toBe(true);
    expect(status.systems.map((s) => s.system).sort()).toEqual(
      ['chat', 'code_host', 'crm', 'notes', 'suite', 'team_chat', 'ticketing', 'wiki'].sort(),
    );
    for (const system of status.systems) {
      expect(system, system.system).toMatchObject({ state: 'idle', last_failure: null, progress: null });
      expect(system.items_read, system.system).toBeGreaterThan(0);
      expect(system.upstream_requests, system.system).toBeGreaterThan(0);
    }
    for (const system of ['code_host', 'ticketing', 'notes', 'suite'])
      expect((await systemOf(system))?.cursor, system).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('fills the graph: one person node carries identities from seven systems, found by a login, a Slack id or an email', async () => {
    const found = await execute('graph', 'get_person', { person: person.login });
    const systems = [...new Set((found.identities as Array<{ system: string }>).map((i) => i.system))];
    // The CRM's owner ids join through its user directory.
    expect(systems.sort()).toEqual(['chat', 'code_host', 'crm', 'email', 'notes', 'ticketing', 'wiki']);
    expect((await execute('graph', 'get_person', { person: person.slackId })).person).toBe(found.person);
    expect((await execute('graph', 'get_person', { person: person.email.toUpperCase() })).person).toBe(found.person);
    const tickets = await call(server, 'POST', '/graph/query', { token, body: { query: 'MATCH (n:issue)' } });
    expect(tickets.body.data.nodes.length).toBeGreaterThan(0);
  });

  it('reads a per-user system only as each user who consented, and the others through the tenant', async () => {
    const syncCalls = (await auditOf('acme')).filter((record) => record.client === 'sync');
    const readersOf = (prefix: string) =>
      [...new Set(syncCalls.filter((r) => r.action.startsWith(prefix)).map((r) => r.user))].sort();
    for (const [prefix, provider] of [
      ['chat_', 'slack'],
      ['suite_', 'google'],
    ]) {
      const consented = await server.app.vault.holdersOf('acme', provider);
      expect(consented).toContain(person.email);
      expect(readersOf(prefix)).toEqual(consented);
    }
    const otherReaders = syncCalls.filter((r) => !/^(chat|suite)_/.test(r.action)).map((r) => r.user);
    expect(new Set(otherReaders)).toEqual(new Set([undefined]));
  });

  it("fills only the consenting user's view with their mail's outside correspondents", async () => {
    const contactsAs = async (as: string, filters: Record<string, unknown>) => {
      const res = await call(server, 'POST', '/graph/search', {
        token: as,
        body: { entity_type: 'contact', filters, limit: 100 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as Array<{ node_id: string; properties: Record<string, unknown> }>;
    };
    const own = await contactsAs(token, { private_to: person.email });
    expect(own.map((c) => c.properties.email)).toContain('billing@billing.example');
    const other = server.sandbox.seeds.acme.people.find((p) => p.email !== person.email)!;
    const theirs = await server.tokenFor('acme', other.email);
    expect(await contactsAs(theirs, { private_to: person.email })).toEqual([]);
    expect(await contactsAs(theirs, { email: 'billing@billing.example' })).toEqual([]);
    const entity = await call(server, 'POST', '/graph/entity', {
      token: theirs,
      body: { entity_type: 'contact', entity_id: own[0].node_id },
    });
    expect(entity.status).toBe(404);
  });

  it("reads a user who consents later from the window's start, not from where the others were read to", async () => {
    await advance(HOUR);
    expect(await syncNow()).toBe('ran');
    const other = server.sandbox.seeds.acme.people.find((p) => p.email !== person.email)!;
    const theirs = await server.tokenFor('acme', other.email);
    const status = await call(server, 'GET', '/oauth/suite/status', { token: theirs });
    expect((await consentThroughSandbox(server, status.body.auth_url, other.email)).status).toBe(200);
    onTestFinished(async () => {
      const revoke = await call(server, 'DELETE', '/oauth/suite/revoke', {
        token: await server.tokenFor('acme', other.email),
      });
      expect(revoke.status).toBe(200);
    });
    const theirContacts = async () => {
      const res = await call(server, 'POST', '/graph/search', {
        token: await server.tokenFor('acme', other.email),
        body: { entity_type: 'contact', filters: { private_to: other.email }, limit: 100 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as unknown[]).length;
    };
    expect(await theirContacts()).toBe(0);

    // Their mailbox holds more than a page the sync reads for changes: from the window's start, it reads them all.
    const mailbox = fakeState<GoogleState>(server, '/google').mail.mailboxes.get(other.index)!;
    const messages = [...mailbox.messages.values()].filter((m) => !m.draft).length;
    expect(messages).toBeGreaterThan(10);
    const pagesBefore = (await auditOf('acme')).filter(
      (r) => r.user === other.email && r.action.endsWith('suite_list_mail_messages'),
    ).length;

    await advance(HOUR);
    expect(await syncNow()).toBe('ran');
    expect(await theirContacts()).toBeGreaterThan(0);
    const pagesRead =
      (await auditOf('acme')).filter((r) => r.user === other.email && r.action.endsWith('suite_list_mail_messages'))
        .length - pagesBefore;
    expect(pagesRead).toBeGreaterThanOrEqual(Math.ceil(messages / 10));
    const suite = await systemOf('suite');
    expect(suite).not.toHaveProperty('readers');
    expect(JSON.stringify(suite)).not.toContain(other.email);
  });

  it('re-syncs after 10 changes reading only the changes', async () => {
    const tickets = (await execute('ticketing', 'get_tickets', { limit: 5 })).tickets as Array<{ key: string }>;
    for (const [i, ticket] of tickets.entries())
      await execute('ticketing', 'update_ticket', { issue_key: ticket.key, summary: `Synced change ${i}` });
    const issues = (await execute('code_host', 'get_issues', { state: 'all', limit: 5 })).issues as Array<{
      repo: string;
      number: number;
    }>;
    for (const [i, issue] of issues.entries())
      await execute('code_host', 'update_issue', {
        repo_id: issue.repo,
        issue_number: issue.number,
        title: `Synced issue ${i}`,
      });
    await advance(HOUR);
    const again = await requestsDuring(async () => expect(await syncNow()).toBe('ran'));
    console.log(
      `graph re-sync of acme after 10 changes: ${again.requests} upstream requests, ${again.ms} ms (first: ${first.requests})`,
    );
    expect(again.requests).toBeLessThan(first.requests / 3);
    // The lists read for their changes stopped at their first page: the changed items, then older ones.
    for (const system of ['code_host', 'ticketing']) {
      const status = await systemOf(system);
      expect(status?.state, system).toBe('idle');
      expect(status?.items_read, system).toBeGreaterThanOrEqual(5);
      expect(status?.items_read, system).toBeLessThanOrEqual(20);
    }
  });

  it('finds a page and a message written upstream since the last run without waiting for the daily whole read', async () => {
    const confluence = `${upstreamUrl(server, '/confluence')}/wiki/api/v2`;
    const basic = `Basic ${Buffer.from('bot@acme.test:atl-acme-sandbox-token').toString('base64')}`;
    const asBot = { authorization: basic, 'content-type': 'application/json' };
    const spaces = (await (await fetch(`${confluence}/spaces`, { headers: asBot })).json()) as {
      results: Array<{ id: string }>;
    };
    const created = await fetch(`${confluence}/pages`, {
      method: 'POST',
      headers: asBot,
      body: JSON.stringify({
        spaceId: spaces.results[0].id,
        status: 'current',
        title: 'Wombatfix rollout checklist',
        body: { representation: 'storage', value: '<p>written in the browser</p>' },
      }),
    });
    expect(created.status).toBe(200);
    const channel = ((await execute('team_chat', 'list_channels', {})).channels as Array<{ id: string }>)[0].id;
    const posted = await fetch(`${upstreamUrl(server, '/slack')}/api/chat.postMessage`, {
      method: 'POST',
      headers: { authorization: 'Bearer xoxb-sandbox-acme-0001', 'content-type': 'application/json' },
      body: JSON.stringify({ channel, text: 'wombatfix deploy finished' }),
    });
    expect(((await posted.json()) as { ok: boolean }).ok).toBe(true);
    const found = async () => {
      const [pages, messages] = await Promise.all([
        execute('graph', 'search', { entity_type: 'page', filters: { title: 'Wombatfix rollout checklist' } }),
        execute('graph', 'search', { entity_type: 'chat_message', filters: { excerpt: 'wombatfix deploy finished' } }),
      ]);
      return [pages.results.length, messages.results.length];
    };
    expect(await found()).toEqual([0, 0]);

    await advance(HOUR);
    expect(await syncNow()).toBe('ran');
    expect(await found()).toEqual([1, 1]);
  });

  it('runs on schedule: not before its interval has passed, then again', async () => {
    const early = await requestsDuring(() => server.app.sync.runDue());
    expect(early.requests).toBe(0);
    await advance(HOUR);
    const due = await requestsDuring(() => server.app.sync.runDue());
    expect(due.requests).toBeGreaterThan(0);
  });

  it('shows the progress of a sync while it runs', async () => {
    // Notion answers its search late once: the sync is inside the notes system while the test looks.
    server.sandbox.faults.add({ prefix: '/notion', path: '/v1/search', latencyMs: 1000, times: 1 });
    server.sandbox.faults.clearLog();
    const searched = server.sandbox.faults.requested('/notion/v1/search');
    const running = syncNow();
    await searched;
    expect(await systemOf('notes')).toMatchObject({ state: 'running', progress: { steps_done: 0, steps_total: 3 } });
    expect(await systemOf('ticketing')).toMatchObject({ state: 'idle', progress: null });
    expect(await running).toBe('ran');
    expect(await systemOf('notes')).toMatchObject({ state: 'idle', progress: null });
  });

  it('reports a failing upstream on its system, with the reason, and carries on with the others', async () => {
    const before = await systemOf('ticketing');
    server.sandbox.faults.add({ prefix: '/jira', status: 500 });
    expect(await syncNow()).toBe('ran');
    const ticketing = await systemOf('ticketing');
    expect(ticketing).toMatchObject({ state: 'failed', cursor: before?.cursor });
    expect(ticketing?.last_failure).toMatch(/500/);
    expect(await systemOf('code_host')).toMatchObject({ state: 'idle', last_failure: null });
  });

  it('shows another tenant nothing of it', async () => {
    const globex = await server.tokenFor('globex');
    expect(await statusOf(globex)).toEqual({ enabled: false, interval_minutes: null, systems: [] });
    const res = await call(server, 'POST', '/mcp/graph/execute', {
      token: globex,
      body: { tool: 'get_person', arguments: { person: person.slackId } },
    });
    expect(res.status).toBe(404);
  });
});

describe('a deleted tenant', () => {
  it('takes its sync with it', async () => {
    expect(
      (
        await call(server, 'POST', '/admin/tenants', {
          apiKey: TEST_API_KEY,
          body: { id: 'brief', consumerId: 'brief-consumer' },
        })
      ).status,
    ).toBe(201);
    expect((await admin('PUT', 'brief', { enabled: true, interval_minutes: 30 })).status).toBe(200);
    expect(await syncNow('brief')).toBe('ran');
    expect((await call(server, 'DELETE', '/admin/tenants/brief', { apiKey: TEST_API_KEY })).status).toBe(200);
    expect(await syncNow('brief')).toBe('off');
    expect((await admin('GET', 'brief')).status).toBe(404);
  });
});

describe('GET /metrics', () => {
  it('counts every tenant sync under one job label', async () => {
    for (const tenant of ['acme', 'globex']) {
      expect((await admin('PUT', tenant, { enabled: true, interval_minutes: 30 })).status).toBe(200);
      expect(await syncNow(tenant)).toBe('ran');
    }
    const text = (await call(server, 'GET', '/metrics')).body as string;
    const jobs = [...text.matchAll(/^background_jobs_total\{[^}]*job="([^"]*)"/gm)].map((match) => match[1]);
    expect([...new Set(jobs.filter((job) => job.startsWith('graph.sync.tenant')))]).toEqual(['graph.sync.tenant']);
  });
});
