import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApideckCore } from '@apideck/unify/core.js';
import { googleFake } from '../../src/sandbox/google/index.js';
import { notionFake } from '../../src/sandbox/notion/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { slackFake } from '../../src/sandbox/slack/index.js';
import { unifyFake } from '../../src/sandbox/apideck/index.js';
import { HOUR, ManualClock, MINUTE } from '../helpers/clock.js';
import { apideckContracts, apideckRequester, unifyClientOf } from '../helpers/unify.js';

type Funcs = {
  sessionsCreate: typeof import('@apideck/unify/funcs/vaultSessionsCreate.js').vaultSessionsCreate;
  connectionsList: typeof import('@apideck/unify/funcs/vaultConnectionsList.js').vaultConnectionsList;
  connectionsGet: typeof import('@apideck/unify/funcs/vaultConnectionsGet.js').vaultConnectionsGet;
  proxyGet: typeof import('@apideck/unify/funcs/proxyGet.js').proxyGet;
  proxyPost: typeof import('@apideck/unify/funcs/proxyPost.js').proxyPost;
};

let sandbox: Sandbox;
// Google's tokens and the session TTL run on the sandbox clock: it starts at the real time and moves by hand.
const clock = new ManualClock(Date.now());
let sdk: Funcs;
let acme: ApideckCore;
let globex: ApideckCore;
let request: ReturnType<typeof apideckRequester>;

beforeAll(async () => {
  sandbox = await startSandbox({ clock }, [unifyFake, googleFake, slackFake, notionFake]);
  request = apideckRequester(sandbox, apideckContracts());
  sdk = {
    sessionsCreate: (await import('@apideck/unify/funcs/vaultSessionsCreate.js')).vaultSessionsCreate,
    connectionsList: (await import('@apideck/unify/funcs/vaultConnectionsList.js')).vaultConnectionsList,
    connectionsGet: (await import('@apideck/unify/funcs/vaultConnectionsGet.js')).vaultConnectionsGet,
    proxyGet: (await import('@apideck/unify/funcs/proxyGet.js')).proxyGet,
    proxyPost: (await import('@apideck/unify/funcs/proxyPost.js')).proxyPost,
  };
  acme = await unifyClientOf(sandbox, 'acme').sdk();
  globex = await unifyClientOf(sandbox, 'globex').sdk();
}, 30_000);
afterAll(() => sandbox.close());

function valueOf<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw result.error;
  return result.value;
}

describe('Vault connections', () => {
  it("lists the consumer's connections: the demo consumers' four callable, the rest available", async () => {
    const all = valueOf(await sdk.connectionsList(acme, {})).getConnectionsResponse!.data;
    const callable = all.filter((c) => c.state === 'callable').map((c) => c.id);
    expect(callable).toEqual([
      'crm+salesforce',
      'calendar+google-calendar',
      'team-messaging+slack',
      'file-storage+notion',
    ]);
    expect(all.find((c) => c.id === 'crm+hubspot')).toMatchObject({ state: 'available', enabled: false });
    const globexCrm = valueOf(await sdk.connectionsList(globex, { api: 'crm', configured: true }))
      .getConnectionsResponse!.data;
    expect(globexCrm.map((c) => c.id)).toEqual(['crm+hubspot']);
    const one = valueOf(await sdk.connectionsGet(acme, { unifiedApi: 'calendar', serviceId: 'google-calendar' }))
      .getConnectionResponse!.data;
    expect(one).toMatchObject({
      serviceId: 'google-calendar',
      unifiedApi: 'calendar',
      state: 'callable',
      health: 'ok',
    });
  });

  it('checks every answer against the Vault description, and answers an unknown connector 404', async () => {
    expect((await request('GET', '/vault/connections')).status).toBe(200);
    expect((await request('GET', '/vault/connections?api=crm&configured=true')).body.data).toHaveLength(1);
    expect((await request('GET', '/vault/connections/crm/salesforce')).body.data.state).toBe('callable');
    const unknown = await request('GET', '/vault/connections/crm/dynamics');
    expect([unknown.status, unknown.body.type_name]).toEqual([404, 'NotFoundError']);
    const anonymous = await request('GET', '/vault/connections', { headers: { authorization: '' } });
    expect([anonymous.status, anonymous.body.detail]).toEqual([401, 'Missing authentication']);
  });
});

describe('Vault sessions', () => {
  it('creates a session whose Hosted Vault page offers the chosen unified APIs, themed', async () => {
    const session = valueOf(
      await sdk.sessionsCreate(acme, {
        session: {
          redirectUri: 'https://app.example/done',
          settings: { unifiedApis: ['crm'] },
          theme: { vaultName: 'Acme integrations', primaryColor: '#ff0066' },
        },
      }),
    ).createSessionResponse!;
    expect(session).toMatchObject({
      statusCode: 200,
      status: 'OK',
      data: { sessionUri: expect.stringContaining('/unify/vault/session/'), sessionToken: expect.any(String) },
    });
    const page = await fetch(session.data.sessionUri);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<h1>Acme integrations</h1>');
    expect(html).toContain('#ff0066');
    expect(html).toContain('data-connection="crm+hubspot"');
    expect(html).not.toContain('data-connection="team-messaging+slack"');
  });

  it('lets a new consumer connect a CRM through its session and come back to redirect_uri; only that consumer sees it', async () => {
    const created = await request('POST', '/vault/sessions', {
      consumerId: 'initech-consumer',
      body: { redirect_uri: 'https://app.example/back', settings: { unified_apis: ['crm'] } },
    });
    expect(created.status).toBe(200);
    expect((await request('GET', '/crm/companies', { consumerId: 'initech-consumer' })).status).toBe(400);
    const connect = await fetch(`${created.body.data.session_uri}/connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'connection=crm%2Bhubspot',
      redirect: 'manual',
    });
    expect([connect.status, connect.headers.get('location')]).toEqual([303, 'https://app.example/back']);
    const companies = await request('GET', '/crm/companies', { consumerId: 'initech-consumer' });
    expect(companies.body).toMatchObject({ status_code: 200, service: 'hubspot', data: [] });
    const initech = (await request('GET', '/vault/connections?configured=true', { consumerId: 'initech-consumer' }))
      .body.data;
    expect(initech.map((c: { id: string }) => c.id)).toEqual(['crm+hubspot']);
    const acmeCrm = (await request('GET', '/vault/connections?api=crm&configured=true')).body.data;
    expect(acmeCrm.map((c: { id: string }) => c.id)).toEqual(['crm+salesforce']);
  });

  it('refuses an unknown unified API or a bad redirect URI with 422, and an unknown session with 404', async () => {
    const bad = await request('POST', '/vault/sessions', {
      body: { redirect_uri: 'not a uri', settings: { unified_apis: ['telepathy'] } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('"redirect_uri"');
    expect(bad.body.detail).toContain('"settings.unified_apis"');
    const missing = await fetch(sandbox.urlOf('/unify/vault/session/nope'));
    expect(missing.status).toBe(404);
  });
});

describe('connections decide where a unified call goes', () => {
  const connect = async (consumerId: string, ...connections: string[]) => {
    const session = await request('POST', '/vault/sessions', { consumerId, body: {} });
    for (const connection of connections) {
      const answer = await fetch(`${session.body.data.session_uri}/connect`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ connection }).toString(),
        redirect: 'manual',
      });
      expect(answer.status).toBe(303);
    }
    return session.body.data.session_uri as string;
  };

  it('a consumer with two CRMs names one with x-apideck-service-id, and each keeps its own records', async () => {
    await connect('hooli-consumer', 'crm+salesforce', 'crm+hubspot');
    const ambiguous = await request('GET', '/crm/companies', { consumerId: 'hooli-consumer' });
    expect([ambiguous.status, ambiguous.body.type_name, ambiguous.body.detail]).toEqual([
      400,
      'InvalidServiceIdError',
      expect.stringContaining('x-apideck-service-id'),
    ]);
    const hubspot = { consumerId: 'hooli-consumer', headers: { 'x-apideck-service-id': 'hubspot' } };
    const created = await request('POST', '/crm/companies', { ...hubspot, body: { name: 'Hooli' } });
    expect([created.status, created.body.service, created.body.data.id]).toEqual([
      201,
      'hubspot',
      expect.stringMatching(/^\d+$/),
    ]);
    expect((await request('GET', '/crm/companies', hubspot)).body.data.map((c: { name: string }) => c.name)).toEqual([
      'Hooli',
    ]);
    const salesforce = await request('GET', '/crm/companies', {
      consumerId: 'hooli-consumer',
      headers: { 'x-apideck-service-id': 'salesforce' },
    });
    expect([salesforce.body.service, salesforce.body.data]).toEqual(['salesforce', []]);
  });

  it('a service the consumer has not connected is 400, whatever another consumer connected', async () => {
    const answer = await request('GET', '/crm/contacts', { headers: { 'x-apideck-service-id': 'hubspot' } });
    expect([answer.status, answer.body.detail]).toEqual([400, expect.stringContaining('hubspot')]);
  });

  it('a session lives an hour', async () => {
    const uri = await connect('expiring-consumer');
    expect((await fetch(uri)).status).toBe(200);
    clock.advance(HOUR + MINUTE);
    const expired = await fetch(uri);
    expect([expired.status, ((await expired.json()) as { detail: string }).detail]).toEqual([
      404,
      'The Vault session does not exist or has expired',
    ]);
  });
});

describe('Proxy API', () => {
  const json = (value: unknown) => new Blob([JSON.stringify(value)], { type: 'application/json' });

  it("forwards to the sandbox's Google Calendar with the consumer's connection", async () => {
    const answer = valueOf(
      await sdk.proxyGet(acme, {
        serviceId: 'google-calendar',
        downstreamUrl: 'https://www.googleapis.com/calendar/v3/users/me/calendarList',
      }),
    );
    expect(answer.httpMeta.response.status).toBe(200);
    expect(answer.responseJson).toMatchObject({ kind: 'calendar#calendarList', items: expect.any(Array) });
  });

  it("forwards to Slack and Notion, each consumer reaching its own workspace's data", async () => {
    const channelsOf = async (core: ApideckCore) => {
      const answer = valueOf(
        await sdk.proxyGet(core, { serviceId: 'slack', downstreamUrl: 'https://slack.com/api/conversations.list' }),
      );
      return (answer.responseJson as { channels: { id: string }[] }).channels.map((c) => c.id);
    };
    const [acmeChannels, globexChannels] = [await channelsOf(acme), await channelsOf(globex)];
    expect(acmeChannels.length).toBeGreaterThan(0);
    expect(acmeChannels.some((id) => globexChannels.includes(id))).toBe(false);
    const search = valueOf(
      await sdk.proxyPost(acme, {
        serviceId: 'notion',
        downstreamUrl: 'https://api.notion.com/v1/search',
        requestBody: json({ query: 'handbook' }),
      }),
    );
    expect(search.responseJson).toMatchObject({ object: 'list', results: expect.any(Array) });
  });

  it('passes downstream errors through, and refuses an unconnected service or a foreign URL with 400', async () => {
    const missing = await request('GET', '/proxy', {
      headers: {
        'x-apideck-service-id': 'google-calendar',
        'x-apideck-downstream-url': 'https://www.googleapis.com/calendar/v3/calendars/nope',
      },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { status: 'NOT_FOUND' } });
    const unconnected = await request('GET', '/proxy', {
      consumerId: 'umbrella-consumer',
      headers: { 'x-apideck-service-id': 'slack', 'x-apideck-downstream-url': 'https://slack.com/api/auth.test' },
    });
    expect([unconnected.status, unconnected.body.type_name]).toEqual([400, 'InvalidServiceIdError']);
    const foreign = await request('GET', '/proxy', {
      headers: { 'x-apideck-service-id': 'slack', 'x-apideck-downstream-url': 'https://evil.example/api/auth.test' },
    });
    expect([foreign.status, foreign.body.message]).toEqual([400, 'Invalid downstream URL']);
    const noUrl = await request('GET', '/proxy', { headers: { 'x-apideck-service-id': 'slack' } });
    expect([noUrl.status, noUrl.body.message]).toEqual([400, 'Missing downstream URL']);
  });
});

describe("the application's request budget", () => {
  it('refuses the 301st request of a minute with 429 and Retry-After, then renews', async () => {
    const budgetClock = new ManualClock(Date.now());
    const own = await startSandbox({ clock: budgetClock }, [unifyFake]);
    try {
      const hit = apideckRequester(own, apideckContracts());
      for (let i = 0; i < 300; i++)
        expect((await hit('GET', '/vault/connections?api=crm', { workspace: 'globex' })).status).toBe(200);
      const refused = await hit('GET', '/crm/companies', { workspace: 'globex' });
      expect([refused.status, refused.body.type_name, Number(refused.headers.get('retry-after'))]).toEqual([
        429,
        'TooManyRequestsError',
        expect.any(Number),
      ]);
      // The budget is the key's: another workspace's key is not affected.
      expect((await hit('GET', '/crm/companies', { workspace: 'acme' })).status).toBe(200);
      budgetClock.advance(MINUTE);
      expect((await hit('GET', '/crm/companies', { workspace: 'globex' })).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});
