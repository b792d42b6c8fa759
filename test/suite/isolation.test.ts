import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleState } from '../../src/sandbox/google/index.js';
import { revokeToken } from '../../src/sandbox/google/oauth/grants.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { demoUsers, suiteCall } from './suite-routes.js';

/** Each user acts with their own Google tokens only: never a colleague's, never another tenant's. */
let server: TestServer;
let ada: string;
let bob: string;
let pending: string;
let globexUser: string;

beforeAll(async () => {
  server = await startTestServer();
  const acme = demoUsers(server, 'acme');
  [ada, bob] = acme;
  pending = acme.at(-1) as string;
  globexUser = demoUsers(server, 'globex')[0];
});
afterAll(() => server.close());

const primaryOf = async (tenant: 'acme' | 'globex', email: string) =>
  suiteCall(server, tenant, email, 'GET', '/suite/calendar/calendars/primary');

describe('suite credential isolation', () => {
  it('each user of a tenant sees their own primary calendar, and another tenant’s user theirs', async () => {
    expect((await primaryOf('acme', ada)).body.data).toMatchObject({ id: ada, primary: true });
    expect((await primaryOf('acme', bob)).body.data).toMatchObject({ id: bob, primary: true });
    expect((await primaryOf('globex', globexUser)).body.data).toMatchObject({ id: globexUser, primary: true });
  });

  it('a user who has not consented gets oauth_required while colleagues are authorized', async () => {
    expect((await primaryOf('acme', ada)).status).toBe(200);
    const refused = await primaryOf('acme', pending);
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toMatchObject({
      action: 'oauth_required',
      auth_url: expect.stringContaining(encodeURIComponent(pending)),
    });
  });

  it('an event created by one user lands in their calendar only', async () => {
    const created = await suiteCall(server, 'acme', ada, 'POST', '/suite/calendar/calendars/primary/events', {
      summary: 'Isolation check',
      start_datetime: '2026-12-01T09:00:00Z',
      end_datetime: '2026-12-01T09:30:00Z',
    });
    const id = (created.body.data as { id: string }).id;
    expect(
      (await suiteCall(server, 'acme', ada, 'GET', `/suite/calendar/calendars/primary/events/${id}`)).body.data,
    ).toMatchObject({ organizer: { email: ada } });
    expect((await suiteCall(server, 'acme', bob, 'GET', `/suite/calendar/calendars/primary/events/${id}`)).status).toBe(
      404,
    );
  });

  it('when Google revokes one user’s grant, only that user must consent again', async () => {
    const google = server.sandbox.state<GoogleState>('/google', 'acme');
    const index = google.people.findIndex((p) => p.email === bob);
    for (const [token, grant] of [...google.oauth.refreshTokens])
      if (grant.personIndex === index) revokeToken(google, token);
    expect((await primaryOf('acme', bob)).body.detail).toMatchObject({ action: 'oauth_required' });
    expect((await primaryOf('acme', ada)).body.data).toMatchObject({ id: ada });
    expect((await primaryOf('globex', globexUser)).body.data).toMatchObject({ id: globexUser });
  });

  it('a token naming a user of another tenant cannot read this tenant’s user’s calendar', async () => {
    const crossed = await suiteCall(server, 'globex', ada, 'GET', '/suite/calendar/calendars/primary');
    // The globex vault holds nothing for this address: the acme user's tokens are not reachable from globex.
    expect(crossed.status).toBe(401);
    expect(crossed.body.detail).toMatchObject({
      action: 'oauth_required',
      auth_url: expect.stringContaining('tenant_id=globex'),
    });
  });
});
