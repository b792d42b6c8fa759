import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import type { GoogleState } from '../../src/sandbox/google/index.js';
import type { SlackState } from '../../src/sandbox/slack/index.js';
import { revokeToken } from '../../src/sandbox/google/oauth/grants.js';
import type { UnifyState } from '../../src/sandbox/apideck/state.js';
import { HOUR, MINUTE, ManualClock } from '../helpers/clock.js';
import { consent } from '../helpers/oauth-harness.js';
import { rawRequest, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

/**
 * Cached REST reads never outlive what allowed them: a user's grant of a per-user system (revoked,
 * refused at refresh, replaced), the tenant (deleted and created again, its Apideck consumer changed)
 * and the tenant's unified-API connection.
 */
let server: TestServer;
const clock = new ManualClock();

beforeEach(async () => {
  server = await startTestServer({ clock });
});
afterEach(() => server.close());

interface Answer {
  status: number;
  body: any;
  cache: string | undefined;
}

/** A GET as a user would send it (over node:http: fetch refuses to read chat's 407). */
async function get(path: string, token: string, headers: Record<string, string> = {}): Promise<Answer> {
  const answer = await rawRequest(server.url + path, { 'X-JWT-Token': token, ...headers });
  return {
    status: answer.status,
    body: JSON.parse(answer.body),
    cache: answer.headers['x-cache'] as string | undefined,
  };
}

/** The same GET answered twice: a miss that stores, then a hit. */
async function cached(path: string, token: string): Promise<Answer> {
  const first = await get(path, token);
  expect([first.status, first.cache], JSON.stringify(first.body)).toEqual([200, 'MISS']);
  const second = await get(path, token);
  expect([second.status, second.cache]).toEqual([200, 'HIT']);
  expect(second.body).toEqual(first.body);
  return first;
}

const users = () => (server.app.demo?.users() ?? []).filter((u) => u.tenant_id === 'acme').map((u) => u.user_email);

/** What a user who has never authorized the system gets from the route: the same status and error body, their own consent link. */
async function withoutGrant(path: string, user: string): Promise<Answer> {
  const never = users().at(-1) as string;
  const answer = await get(path, await server.tokenFor('acme', never));
  const mine = JSON.stringify(answer.body).replaceAll(encodeURIComponent(never), encodeURIComponent(user));
  return { ...answer, body: JSON.parse(mine) };
}

/** A body with its consent link's signature masked: each signed link opens once, so no two are alike. */
const unsigned = (body: unknown): unknown =>
  JSON.parse(JSON.stringify(body).replace(/signature=[^"&]+/g, 'signature=…')) as unknown;

const REVOKE = {
  chat: async (user: string) =>
    rawRequest(`${server.url}/oauth/chat/revoke`, { 'Access-Token': await server.tokenFor('acme', user) }, 'POST'),
  suite: async (user: string) =>
    rawRequest(`${server.url}/oauth/suite/revoke`, { 'X-JWT-Token': await server.tokenFor('acme', user) }, 'DELETE'),
};

/** Every per-user route family, a cacheable read of it, and the authorization that serves it. */
const FAMILIES = [
  { family: 'chat', path: '/chat/list-channels', system: 'chat' },
  { family: 'suite mail', path: '/suite/list-mail-labels', system: 'suite' },
  { family: 'suite calendar', path: '/suite/list-calendars', system: 'suite' },
  { family: 'suite chat', path: '/suite/list-spaces', system: 'suite' },
] as const;

/** Consent again through the provider's page and our callback (a new grant replaces the stored one). */
async function consentAgain(system: 'chat' | 'suite', user: string): Promise<void> {
  const token = await server.tokenFor('acme', user);
  const start =
    system === 'chat'
      ? await fetch(`${server.url}/oauth/chat/authorize`, { headers: { 'Access-Token': token }, redirect: 'manual' })
      : await fetch(`${server.url}/oauth/suite/authorize?tenant_id=acme&user_email=${encodeURIComponent(user)}`, {
          redirect: 'manual',
        });
  expect(start.status).toBe(302);
  const callback = await consent(start.headers.get('location') as string, { account: user });
  expect((await fetch(callback, { redirect: 'manual' })).status).toBe(200);
}

describe('cached reads of per-user systems never outlive the user’s grant', () => {
  for (const { family, path, system } of FAMILIES) {
    it(`${family}: revoking (${system === 'chat' ? 'POST /oauth/chat/revoke' : 'DELETE /oauth/suite/revoke'}) drops the user’s cached reads at once`, async () => {
      const user = users()[0];
      const token = await server.tokenFor('acme', user);
      await cached(path, token);
      const revoked = await REVOKE[system](user);
      expect([revoked.status, JSON.parse(revoked.body).revoked]).toEqual([200, true]);
      const after = await get(path, token);
      expect(after.cache).toBe('MISS');
      const expected = await withoutGrant(path, user);
      expect(expected.status).toBeGreaterThanOrEqual(400);
      expect({ status: after.status, body: unsigned(after.body) }).toEqual({
        status: expected.status,
        body: unsigned(expected.body),
      });
    });

    it(`${family}: a grant replaced by a new consent is not served the old grant’s cached reads`, async () => {
      const user = users()[0];
      const token = await server.tokenFor('acme', user);
      await cached(path, token);
      await consentAgain(system, user);
      const after = await get(path, token);
      expect([after.status, after.cache]).toEqual([200, 'MISS']);
    });
  }

  for (const { family, path } of FAMILIES.filter((f) => f.system === 'suite')) {
    it(`${family}: a refresh Google refuses drops the grant and the user’s cached reads with it`, async () => {
      const user = users()[0];
      const token = await server.tokenFor('acme', user);
      await cached(path, token);
      // The user removes the app in their Google account; the next call that reaches Google finds out.
      const google = server.sandbox.state<GoogleState>('/google', 'acme');
      const person = google.people.findIndex((p) => p.email === user);
      for (const [refreshToken, grant] of [...google.oauth.refreshTokens])
        if (grant.personIndex === person) revokeToken(google, refreshToken);
      const uncached = await get('/suite/list-calendars?fields=id', token, { 'Cache-Control': 'no-cache' });
      expect([uncached.status, uncached.body.error?.code]).toEqual([401, 'AUTHORIZATION_REQUIRED']);

      const after = await get(path, token);
      expect(after.cache).toBe('MISS');
      const expected = await withoutGrant(path, user);
      expect({ status: after.status, body: unsigned(after.body) }).toEqual({
        status: expected.status,
        body: unsigned(expected.body),
      });
    });
  }

  it('a refreshed access token is the same grant: the user’s cached reads stay', async () => {
    const user = users()[0];
    const token = await server.tokenFor('acme', user);
    await cached('/suite/list-calendars', token);
    const before = server.sandbox.faults.log.filter((r) => r.path === '/google/token').length;
    // Two hours on, the access token has expired (and so has the API token: the user signs in again).
    clock.advance(2 * HOUR);
    const later = await server.tokenFor('acme', user);
    expect((await get('/suite/list-spaces', later, { 'Cache-Control': 'no-cache' })).status).toBe(200);
    expect(server.sandbox.faults.log.filter((r) => r.path === '/google/token').length).toBe(before + 1);
    expect((await get('/suite/list-calendars', later)).cache).toBe('HIT');
  });

  it('chat: an installation Slack no longer accepts drops the grant and the user’s cached reads with it', async () => {
    const user = users()[0];
    const token = await server.tokenFor('acme', user);
    await cached('/chat/list-channels', token);
    // The user removes the app in Slack: its tokens are unknown there from now on (invalid_auth).
    const slack = server.sandbox.state<SlackState>('/slack', 'acme');
    const person = slack.people.findIndex((p) => p.email === user);
    for (const [userToken, grant] of [...slack.oauth.userTokens])
      if (grant.personIndex === person) slack.oauth.userTokens.delete(userToken);
    const uncached = await get('/chat/list-channels?limit=1', token, { 'Cache-Control': 'no-cache' });
    expect([uncached.status, uncached.body.detail?.action]).toEqual([407, 'oauth_required']);

    const after = await get('/chat/list-channels', token);
    expect(after.cache).toBe('MISS');
    const expected = await withoutGrant('/chat/list-channels', user);
    expect({ status: after.status, body: unsigned(after.body) }).toEqual({
      status: expected.status,
      body: unsigned(expected.body),
    });
  });
});

describe('cached reads never outlive the tenant or its connections', () => {
  const admin = (method: string, path: string, body?: unknown) =>
    fetch(server.url + path, {
      method,
      headers: { 'X-API-KEY': TEST_API_KEY, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('a tenant deleted and created again with the same id sees none of the old tenant’s cached reads', async () => {
    const user = users()[0];
    const oldToken = await server.tokenFor('acme', user);
    await cached('/chat/list-channels', oldToken);
    expect((await admin('DELETE', '/admin/tenants/acme')).status).toBe(200);
    expect((await admin('POST', '/admin/tenants', { id: 'acme', consumerId: 'acme-consumer' })).status).toBe(201);

    const stale = await get('/chat/list-channels', oldToken);
    expect([stale.status, stale.cache]).toEqual([401, undefined]);
    const after = await get('/chat/list-channels', await server.tokenFor('acme', user));
    expect(after.cache).toBe('MISS');
    // The new tenant's users have authorized nothing yet.
    expect([after.status, after.body.detail?.action]).toEqual([407, 'oauth_required']);
  });

  it('a tenant whose Apideck consumer changes is not served the old consumer’s cached reads', async () => {
    const token = await server.tokenFor('acme', users()[0]);
    await cached('/v1/crm/list-accounts?limit=2', token);
    expect((await admin('PUT', '/admin/tenants/acme', { consumerId: 'acme-new-consumer' })).status).toBe(200);
    const after = await get('/v1/crm/list-accounts?limit=2', token);
    expect(after.cache).toBe('MISS');
    // The new consumer has connected no CRM.
    expect([after.status, after.body.error?.code]).toEqual([403, 'NOT_CONFIGURED']);
  });

  it('two tokens of one user with different credentials never share cached reads', async () => {
    const user = server.callerFor('acme', users()[0]);
    const first = await server.tokenFor('acme', user.userEmail);
    await cached('/code_host/get-issues?limit=2', first);
    const otherAccount = { ...user.connections.code_host, token: SANDBOX_CREDENTIALS.globex.github.token };
    const second = await server.app.tokens.issue({
      tenant_id: 'acme',
      user_email: user.userEmail,
      connections: { ...user.connections, code_host: otherAccount },
    });
    const answer = await get('/code_host/get-issues?limit=2', second);
    expect([answer.status, answer.cache]).toEqual([200, 'MISS']);
  });

  it('a connection removed in Apideck’s vault is not served from the cache past the minute its provider is remembered', async () => {
    const token = await server.tokenFor('acme', users()[0]);
    await cached('/v1/calendar/list-calendars', token);
    const consumer = server.sandbox.state<UnifyState>('/unify', 'acme').consumer;
    consumer.connections = consumer.connections.filter((c) => c.unifiedApi !== 'calendar');
    clock.advance(MINUTE + 1);
    const after = await get('/v1/calendar/list-calendars', token);
    expect(after.cache).toBe('MISS');
    expect([after.status, after.body.error?.code]).toEqual([403, 'NOT_CONFIGURED']);
  });
});
