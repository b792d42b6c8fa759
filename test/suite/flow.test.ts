import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleState } from '../../src/sandbox/google/index.js';
import { revokeToken } from '../../src/sandbox/google/oauth/grants.js';
import { HOUR, ManualClock } from '../helpers/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { consentInBrowser, demoUsers, suiteCall } from './suite-routes.js';

/**
 * Issue 9's whole flow as a browser drives it (redirects followed by the client): consent through the
 * fake Google page, a calendar call, an expired access token refreshed unseen, a refresh token revoked
 * at Google leading back to oauth_required, consent again, and revoke.
 */
let server: TestServer;
const clock = new ManualClock(Date.UTC(2026, 10, 23, 9));
let user: string;
let google: GoogleState;

beforeAll(async () => {
  server = await startTestServer({ clock });
  user = demoUsers(server, 'acme').at(-1) as string;
  google = server.sandbox.state<GoogleState>('/google', 'acme');
});
afterAll(() => server.close());

const primaryEvents = () =>
  suiteCall(server, 'acme', user, 'GET', '/suite/calendar/calendars/primary/events?max_results=5');
const status = async () =>
  (await suiteCall(server, 'acme', user, 'GET', '/oauth/suite/status')).body as unknown as Record<string, unknown>;
const personIndex = () => google.people.findIndex((p) => p.email === user);
const refreshTokensOfUser = () =>
  [...google.oauth.refreshTokens].filter(([, grant]) => grant.personIndex === personIndex()).map(([token]) => token);
const tokenRequests = () =>
  server.sandbox.faults.log.filter((r) => r.method === 'POST' && r.path === '/google/token').length;

describe('the suite authorization flow end to end', () => {
  it('goes from needs_oauth through consent, refresh, a revoked refresh token, consent again and revoke', async () => {
    const before = await status();
    expect(before).toMatchObject({ status: 'needs_oauth', auth_url: expect.any(String) });
    const refused = await primaryEvents();
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toMatchObject({ action: 'oauth_required', auth_url: before.auth_url });

    const landed = await consentInBrowser(server, user, before.auth_url as string);
    expect(landed.status).toBe(200);
    expect(await landed.text()).toContain(user);
    expect(await status()).toMatchObject({ status: 'authorized', user_email: user, expires_at: expect.any(String) });

    const first = await primaryEvents();
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);

    // The access token lives an hour: two hours on, the next call refreshes it without the caller seeing.
    const refreshesBefore = tokenRequests();
    clock.advance(2 * HOUR);
    const afterExpiry = await primaryEvents();
    expect(afterExpiry.status).toBe(200);
    expect(afterExpiry.body.data).toEqual(first.body.data);
    expect(tokenRequests()).toBe(refreshesBefore + 1);
    expect(Date.parse(String((await status()).expires_at))).toBeGreaterThan(clock.now());

    // The user removes the app in their Google account: the refresh token is revoked at Google.
    const live = refreshTokensOfUser();
    expect(live).toHaveLength(1);
    expect(revokeToken(google, live[0])).toBe(true);
    const rejected = await primaryEvents();
    expect(rejected.status).toBe(401);
    expect(rejected.body.detail).toEqual({
      action: 'oauth_required',
      message: expect.any(String),
      auth_url: before.auth_url,
    });
    expect(await status()).toMatchObject({ status: 'needs_oauth', auth_url: before.auth_url });

    expect((await consentInBrowser(server, user, before.auth_url as string)).status).toBe(200);
    expect((await primaryEvents()).status).toBe(200);

    const revoked = await suiteCall(server, 'acme', user, 'DELETE', '/oauth/suite/revoke');
    expect(revoked).toMatchObject({ status: 200, body: { success: true, revoked: true } });
    expect(refreshTokensOfUser()).toEqual([]);
    expect(await status()).toMatchObject({ status: 'needs_oauth', scopes: [], expires_at: null });
    expect((await primaryEvents()).status).toBe(401);
  });
});
