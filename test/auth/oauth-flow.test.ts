import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import type { OAuthFlow } from '../../src/auth/oauth/index.js';
import { googleEndpointsAt, googleOAuthProvider } from '../../src/integrations/google/oauth-provider.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { googleFake, type GoogleState } from '../../src/sandbox/google/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { HOUR, MINUTE, ManualClock } from '../helpers/clock.js';
import { CALLBACK, completeWith, consent, oauthHarness, rejection } from '../helpers/oauth-harness.js';

const SCOPES = ['openid', 'email', 'https://www.googleapis.com/auth/calendar'];

let clock: ManualClock;
let sandbox: Sandbox;
let app: App;
let flow: OAuthFlow;
/** The first person of acme, who authorizes in these tests. */
let ada: { tenantId: string; userEmail: string };

beforeAll(async () => {
  clock = new ManualClock();
  sandbox = await startSandbox({ clock, now: clock.now() }, [googleFake]);
  ada = { tenantId: 'acme', userEmail: google().people[0].email };
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  await app?.close();
  const { clientId, clientSecret } = SANDBOX_CREDENTIALS.acme.google;
  const provider = googleOAuthProvider({
    clientId,
    clientSecret,
    scopes: SCOPES,
    endpoints: googleEndpointsAt(sandbox.urlOf('/google')),
    fetch,
    now: () => clock.now(),
  });
  ({ app, flow } = await oauthHarness(clock, provider));
});

const google = (): GoogleState => sandbox.state<GoogleState>('/google', 'acme');

async function authorize(owner = ada, account = owner.userEmail): Promise<URL> {
  const callback = await consent(await flow.begin(owner), { account });
  expect(callback.origin + callback.pathname).toBe(CALLBACK);
  return callback;
}

const complete = (callback: URL) => completeWith(flow, callback);

async function whoIs(accessToken: string): Promise<{ status: number; email?: string }> {
  const response = await fetch(`${sandbox.urlOf('/google')}/v1/userinfo`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return {
    status: response.status,
    email: response.ok ? ((await response.json()) as { email: string }).email : undefined,
  };
}

const storedRows = (): number => app.db.prepare('SELECT count(*) FROM vault_credentials').pluck().get() as number;

describe('per-user OAuth flow against the Google fake, as a browser drives it', () => {
  it('authorizes, refreshes an expired token transparently, sends a rejected refresh to needs_oauth, and revokes', async () => {
    expect(await flow.status(ada)).toMatchObject({
      status: 'needs_oauth',
      auth_url: expect.stringContaining('/oauth/test/authorize?tenant_id=acme'),
    });

    const { grant } = await complete(await authorize());
    expect(grant).toMatchObject({ accountEmail: ada.userEmail, scopes: SCOPES, refreshToken: expect.any(String) });
    expect(await flow.status(ada)).toMatchObject({
      status: 'authorized',
      scopes: SCOPES,
      expires_at: new Date(clock.now() + 3599_000).toISOString(),
    });
    const first = await flow.tokens(ada);
    expect(await whoIs(first.accessToken)).toEqual({ status: 200, email: ada.userEmail });

    clock.advance(HOUR);
    expect((await whoIs(first.accessToken)).status).toBe(401);
    const [second, same] = await Promise.all([flow.tokens(ada), flow.tokens(ada)]);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(same.accessToken).toBe(second.accessToken);
    expect(await whoIs(second.accessToken)).toEqual({ status: 200, email: ada.userEmail });
    expect((await flow.tokens(ada, { afterUnauthorized: true })).accessToken).not.toBe(second.accessToken);

    // The user removes the app's access in their Google account: the refresh token stops working.
    google().oauth.refreshTokens.delete(grant.refreshToken as string);
    clock.advance(HOUR);
    const required = await rejection(flow.tokens(ada));
    expect(required).toMatchObject({
      code: 'AUTHORIZATION_REQUIRED',
      status: 401,
      details: {
        provider: 'google',
        auth_url: expect.stringContaining(`user_email=${encodeURIComponent(ada.userEmail)}`),
      },
    });
    expect((await flow.status(ada)).status).toBe('needs_oauth');

    const again = await complete(await authorize());
    expect(await flow.revoke(ada)).toBe(true);
    expect(google().oauth.refreshTokens.has(again.grant.refreshToken as string)).toBe(false);
    expect((await flow.status(ada)).status).toBe('needs_oauth');
    expect(await flow.revoke(ada)).toBe(false);
  });

  it('refuses an account that is not the user’s, stores nothing and revokes what Google issued', async () => {
    const liveBefore = google().oauth.refreshTokens.size;
    const error = await rejection(complete(await authorize(ada, google().people[1].email)));
    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403, message: expect.stringContaining('Email mismatch') });
    expect(storedRows()).toBe(0);
    expect(google().oauth.refreshTokens.size).toBe(liveBefore);
  });

  it('refuses a replayed, altered or expired state, and a cancelled consent, storing nothing', async () => {
    const callback = await authorize();
    await complete(callback);
    expect(await rejection(complete(callback))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('already completed'),
    });
    await flow.revoke(ada);

    const altered = await authorize();
    const state = altered.searchParams.get('state') as string;
    altered.searchParams.set('state', `${state.slice(0, -3)}${state.endsWith('AAA') ? 'BBB' : 'AAA'}`);
    expect(await rejection(complete(altered))).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('altered or expired'),
    });

    const late = await authorize();
    clock.advance(11 * MINUTE);
    expect(await rejection(complete(late))).toMatchObject({ code: 'VALIDATION_ERROR' });

    const cancelled = await consent(await flow.begin(ada), 'deny');
    expect(cancelled.searchParams.get('error')).toBe('access_denied');
    expect(await rejection(complete(cancelled))).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('not granted'),
    });

    expect(await rejection(flow.complete({ code: 'x' }))).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(storedRows()).toBe(0);
  });

  it('keeps each user’s grant to that user', async () => {
    await complete(await authorize());
    const grace = { tenantId: 'acme', userEmail: google().people[1].email };
    expect(await rejection(flow.tokens(grace))).toMatchObject({ code: 'AUTHORIZATION_REQUIRED' });
    expect(await rejection(flow.tokens({ tenantId: 'globex', userEmail: ada.userEmail }))).toMatchObject({
      code: 'AUTHORIZATION_REQUIRED',
    });
    expect((await flow.tokens(ada)).accountEmail).toBe(ada.userEmail);
  });

  it('the fake checks PKCE: a code exchanged without its verifier is refused', async () => {
    const callback = await consent(await flow.begin(ada), { account: ada.userEmail });
    const { clientId, clientSecret } = SANDBOX_CREDENTIALS.acme.google;
    const answer = await fetch(`${sandbox.urlOf('/google')}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code') as string,
        redirect_uri: CALLBACK,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'invalid_request', error_description: 'Missing code verifier.' });
  });
});
