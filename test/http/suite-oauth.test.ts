import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleState } from '../../src/sandbox/google/index.js';
import { formsOf } from '../helpers/html-forms.js';
import { consentThroughSandbox } from '../helpers/suite-consent.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let users: Array<{ tenant_id: string; user_email: string }>;

beforeAll(async () => {
  server = await startTestServer();
  users = server.app.demo?.users() ?? [];
});
afterAll(() => server.close());

const acmeUsers = () => users.filter((u) => u.tenant_id === 'acme');

async function status(email: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const token = await server.tokenFor('acme', email);
  const response = await fetch(`${server.url}/oauth/suite/status`, { headers: { 'X-JWT-Token': token } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const consentAs = (authUrl: string, account: string) => consentThroughSandbox(server, authUrl, account);

describe('suite authorization routes (demo mode against the sandbox Google)', () => {
  it('has every demo user authorized except the last of each tenant', async () => {
    const [first, , last] = acmeUsers();
    expect(await status(first.user_email)).toMatchObject({
      status: 200,
      body: {
        status: 'authorized',
        user_email: first.user_email,
        scopes: expect.arrayContaining(['https://www.googleapis.com/auth/calendar']),
      },
    });
    const pending = await status(last.user_email);
    expect(pending.body).toMatchObject({
      status: 'needs_oauth',
      message: expect.any(String),
      scopes: [],
      expires_at: null,
    });
    expect(pending.body.auth_url).toBe(
      `${server.url}/oauth/suite/authorize?tenant_id=acme&user_email=${encodeURIComponent(last.user_email)}`,
    );
  });

  it('the unauthorized user consents through the fake Google page, then is authorized; revoking returns to needs_oauth', async () => {
    const last = acmeUsers()[2];
    const { body } = await status(last.user_email);
    const callback = await consentAs(body.auth_url as string, last.user_email);
    expect(callback.status).toBe(200);
    expect(callback.headers.get('content-type')).toContain('text/html');
    expect(await callback.text()).toContain(`Constellation can now act for <strong>${last.user_email}</strong>`);
    expect((await status(last.user_email)).body).toMatchObject({
      status: 'authorized',
      expires_at: expect.any(String),
    });

    const google = server.sandbox.state<GoogleState>('/google', 'acme');
    const liveRefreshTokens = google.oauth.refreshTokens.size;
    const token = await server.tokenFor('acme', last.user_email);
    const revoked = await fetch(`${server.url}/oauth/suite/revoke`, {
      method: 'DELETE',
      headers: { 'X-JWT-Token': token },
    });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({
      success: true,
      revoked: true,
      message: 'Suite authorization revoked and tokens deleted',
    });
    expect(google.oauth.refreshTokens.size).toBe(liveRefreshTokens - 1);
    expect((await status(last.user_email)).body.status).toBe('needs_oauth');
    const again = await fetch(`${server.url}/oauth/suite/revoke`, {
      method: 'DELETE',
      headers: { 'X-JWT-Token': token },
    });
    expect(await again.json()).toMatchObject({ revoked: false });
  });

  it('signing in with someone else’s account is 403 with the spec’s detail, and stores nothing', async () => {
    const [first, , last] = acmeUsers();
    const { body } = await status(last.user_email);
    const callback = await consentAs(body.auth_url as string, first.user_email);
    expect(callback.status).toBe(403);
    expect(await callback.json()).toEqual({
      detail: expect.stringContaining(
        `Email mismatch: the Google account ${first.user_email} is not ${last.user_email}`,
      ),
    });
    expect((await status(last.user_email)).body.status).toBe('needs_oauth');
  });

  it('a replayed callback is refused in the suite’s error form', async () => {
    const last = acmeUsers()[2];
    const start = await fetch(
      `${server.url}/oauth/suite/authorize?tenant_id=acme&user_email=${encodeURIComponent(last.user_email)}`,
      { redirect: 'manual' },
    );
    const consentUrl = start.headers.get('location') as string;
    const form = formsOf(await (await fetch(consentUrl)).text()).find((f) => f.fields.account === last.user_email);
    const approved = await fetch(new URL(form?.action ?? '', consentUrl), {
      method: 'POST',
      body: new URLSearchParams(form?.fields),
      redirect: 'manual',
    });
    const callback = approved.headers.get('location') as string;
    expect((await fetch(callback)).status).toBe(200);
    const replay = await fetch(callback);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ detail: expect.stringContaining('already completed') });
    const forged = await fetch(`${server.url}/oauth/suite/callback?code=x&state=not-a-state`);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ detail: expect.stringContaining('missing, altered or expired') });
  });

  it('authorize names what is missing; an unknown tenant is not named (test/http/oauth-lookups.test.ts)', async () => {
    const missing = await fetch(`${server.url}/oauth/suite/authorize?tenant_id=acme`, { redirect: 'manual' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ detail: 'tenant_id and user_email are required query parameters' });
    const anonymous = await fetch(`${server.url}/oauth/suite/revoke`, {
      method: 'DELETE',
      headers: { 'X-JWT-Token': 'not-a-jwt' },
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ detail: expect.any(String) });
  });
});

describe('suite authorization without a Google client configured', () => {
  it('answers no_access, and authorize says what to configure', async () => {
    const bare = await startTestServer({ sandbox: false });
    try {
      await bare.app.tenants.ensure({ id: 'acme', consumerId: 'acme-consumer' });
      const token = await bare.app.tokens.issue({
        tenant_id: 'acme',
        user_email: 'someone@acme.test',
        connections: {},
      });
      const answer = await fetch(`${bare.url}/oauth/suite/status`, { headers: { 'X-JWT-Token': token } });
      expect(await answer.json()).toEqual({
        status: 'no_access',
        user_email: 'someone@acme.test',
        scopes: [],
        expires_at: null,
        message: 'No suite integration is configured on this server',
      });
      const start = await fetch(`${bare.url}/oauth/suite/authorize?tenant_id=acme&user_email=someone@acme.test`, {
        redirect: 'manual',
      });
      expect(start.status).toBe(403);
      expect(await start.json()).toEqual({ detail: expect.stringContaining('GOOGLE_CLIENT_ID') });
    } finally {
      await bare.close();
    }
  });
});
