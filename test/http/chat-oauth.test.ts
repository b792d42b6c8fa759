import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackState } from '../../src/sandbox/slack/index.js';
import { consent } from '../helpers/oauth-harness.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let emails: string[];

beforeAll(async () => {
  server = await startTestServer();
  emails = (server.app.demo?.users() ?? []).filter((u) => u.tenant_id === 'acme').map((u) => u.user_email);
});
afterAll(() => server.close());

const slack = () => server.sandbox.state<SlackState>('/slack', 'acme');

async function status(email: string): Promise<Record<string, unknown>> {
  const answer = await fetch(`${server.url}/oauth/chat/status?tenant_id=acme&user_email=${encodeURIComponent(email)}`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

/** Our authorize route (token in the header), the fake Slack install page, and back to our callback. */
async function installAs(email: string, account: string, query = ''): Promise<Response> {
  const token = await server.tokenFor('acme', email);
  const start = await fetch(`${server.url}/oauth/chat/authorize${query}`, {
    headers: { 'Access-Token': token },
    redirect: 'manual',
  });
  expect(start.status).toBe(302);
  const callback = await consent(start.headers.get('location') as string, { account });
  expect(callback.toString().startsWith(`${server.url}/oauth/chat/callback?`)).toBe(true);
  return fetch(callback, { redirect: 'manual' });
}

describe('chat authorization routes (demo mode against the sandbox Slack)', () => {
  it('every demo user but the last of each tenant has installed the app', async () => {
    expect(await status(emails[0])).toEqual({
      success: true,
      status: 'authorized',
      message: 'Chat is connected',
      has_tokens: true,
    });
    expect(await status(emails[2])).toEqual({
      success: true,
      status: 'needs_oauth',
      message: 'Authorize Slack to continue',
      has_tokens: false,
    });
  });

  it('installs through the Slack page, then revokes the bot and user tokens at Slack', async () => {
    const last = emails[2];
    const callback = await installAs(last, last);
    expect(callback.status).toBe(200);
    expect(await callback.text()).toContain('Slack is connected');
    expect(await status(last)).toMatchObject({ status: 'authorized', has_tokens: true });

    const live = slack().oauth.userTokens.size;
    const revoked = await fetch(`${server.url}/oauth/chat/revoke`, {
      method: 'POST',
      headers: { 'Access-Token': await server.tokenFor('acme', last) },
    });
    expect(await revoked.json()).toEqual({
      success: true,
      revoked: true,
      message: 'Chat authorization revoked and credentials deleted',
    });
    expect(slack().oauth.userTokens.size).toBe(live - 1);
    expect(await status(last)).toMatchObject({ status: 'needs_oauth', has_tokens: false });
  });

  it('returns to a page of this server after consent, and refuses a return_url elsewhere', async () => {
    const last = emails[2];
    const back = await installAs(last, last, `?return_url=${encodeURIComponent(`${server.url}/demo`)}`);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${server.url}/demo`);
    const token = await server.tokenFor('acme', last);
    const elsewhere = await fetch(
      `${server.url}/oauth/chat/authorize?bearer_token=${token}&return_url=${encodeURIComponent('https://evil.example/')}`,
      { redirect: 'manual' },
    );
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toEqual({ detail: expect.stringContaining('return_url must be on') });
    await fetch(`${server.url}/oauth/chat/revoke`, { method: 'POST', headers: { 'Access-Token': token } });
  });

  it('installing as another member fails with email_mismatch and stores nothing', async () => {
    const callback = await installAs(emails[2], emails[0]);
    expect(callback.status).toBe(403);
    expect(await callback.json()).toEqual({
      detail: { error: 'email_mismatch', message: expect.stringContaining(`is not ${emails[2]}`), system: 'chat' },
    });
    expect((await status(emails[2])).status).toBe('needs_oauth');
  });

  it('names what is wrong with a request', async () => {
    const anonymous = await fetch(`${server.url}/oauth/chat/authorize`, { redirect: 'manual' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      detail: 'Send your token as the Access-Token header or the bearer_token query parameter',
    });
    const token = await server.tokenFor('acme', emails[2]);
    const other = await fetch(
      `${server.url}/oauth/chat/authorize?bearer_token=${token}&user_email=${encodeURIComponent(emails[0])}`,
      { redirect: 'manual' },
    );
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({ detail: 'user_email does not match the token' });
    const missing = await fetch(`${server.url}/oauth/chat/status?tenant_id=acme`);
    expect(missing.status).toBe(400);
  });
});
