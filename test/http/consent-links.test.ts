import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE } from '../helpers/clock.js';
import { consent } from '../helpers/oauth-harness.js';
import { rawRequest, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(() => server.close());

/** The last demo user of acme, who has consented to nothing. */
const newcomer = () => (server.app.demo?.users() ?? []).filter((u) => u.tenant_id === 'acme').at(-1)?.user_email ?? '';

/** The consent link of a real AUTHORIZATION_REQUIRED answer of a chat call (407, read over node:http). */
async function chatConsentLink(): Promise<string> {
  const answer = await rawRequest(`${server.url}/chat/list-channels`, {
    'Access-Token': await server.tokenFor('acme', newcomer()),
  });
  expect(answer.status).toBe(407);
  return (JSON.parse(answer.body) as { detail: { auth_url: string } }).detail.auth_url;
}

/** The link opened as a browser opens it: no token, no header of ours. */
const open = (link: string) => fetch(link, { redirect: 'manual' });

async function refusal(link: string): Promise<{ status: number; detail: unknown }> {
  const answer = await open(link);
  return { status: answer.status, detail: ((await answer.json()) as { detail: unknown }).detail };
}

describe('the consent link of an AUTHORIZATION_REQUIRED answer opens in a browser', () => {
  it('chat: the link carries no token, reaches the Slack consent page, and connects the user', async () => {
    const link = await chatConsentLink();
    expect(link).not.toMatch(/bearer_token|eyJ/);
    const start = await open(link);
    expect(start.status).toBe(302);
    const slackPage = start.headers.get('location') as string;
    expect(slackPage.startsWith(server.sandbox.urlOf('/slack'))).toBe(true);
    const callback = await consent(slackPage, { account: newcomer() });
    const landed = await fetch(callback, { redirect: 'manual' });
    expect(landed.status).toBe(200);
    expect(await landed.text()).toContain('Slack is connected');
    const after = await fetch(`${server.url}/chat/list-channels`, {
      headers: { 'Access-Token': await server.tokenFor('acme', newcomer()) },
    });
    expect(after.status).toBe(200);
    await fetch(`${server.url}/oauth/chat/revoke`, {
      method: 'POST',
      headers: { 'Access-Token': await server.tokenFor('acme', newcomer()) },
    });
  });

  it('chat: a link opened twice is refused the second time', async () => {
    const link = await chatConsentLink();
    expect((await open(link)).status).toBe(302);
    expect(await refusal(link)).toEqual({
      status: 403,
      detail: 'This consent link was already used: ask your assistant again for a new link',
    });
  });

  it('chat: an altered link is refused, whichever part was changed', async () => {
    const link = new URL(await chatConsentLink());
    const other = (server.app.demo?.users() ?? []).find((u) => u.tenant_id === 'acme')?.user_email ?? '';
    const altered = [
      ['user_email', other],
      ['tenant_id', 'globex'],
      ['signature', `${link.searchParams.get('signature') ?? ''}x`],
    ] as const;
    for (const [name, value] of altered) {
      const changed = new URL(link);
      changed.searchParams.set(name, value);
      expect(await refusal(changed.toString()), name).toEqual({
        status: 403,
        detail: 'This consent link is not valid (it was altered or cut short): ask your assistant again for a new link',
      });
    }
    // Unaltered, it still opens: a refused forgery does not use the link up.
    expect((await open(link.toString())).status).toBe(302);
  });

  it('chat: a link past its lifetime is refused', async () => {
    const link = await chatConsentLink();
    clock.advance(16 * MINUTE);
    try {
      expect(await refusal(link)).toEqual({
        status: 403,
        detail: 'This consent link has expired: ask your assistant again for a new link',
      });
    } finally {
      clock.advance(-16 * MINUTE);
    }
  });

  it('suite: the link still names the tenant and user and opens the Google consent page each time', async () => {
    const answer = await fetch(`${server.url}/suite/mail/threads`, {
      headers: { 'X-JWT-Token': await server.tokenFor('acme', newcomer()) },
    });
    expect(answer.status).toBe(401);
    const link = ((await answer.json()) as { detail: { auth_url: string } }).detail.auth_url;
    expect(link).toBe(
      `${server.url}/oauth/suite/authorize?tenant_id=acme&user_email=${encodeURIComponent(newcomer())}`,
    );
    for (const _ of [1, 2]) {
      const start = await open(link);
      expect(start.status).toBe(302);
      expect(start.headers.get('location')?.startsWith(server.sandbox.urlOf('/google'))).toBe(true);
    }
  });
});
