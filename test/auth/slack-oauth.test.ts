import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import type { OAuthFlow } from '../../src/auth/oauth/index.js';
import { slackOAuthProvider } from '../../src/integrations/slack/oauth-provider.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { slackFake, type SlackState } from '../../src/sandbox/slack/index.js';
import { ManualClock } from '../helpers/clock.js';
import { CALLBACK, completeWith, consent, oauthHarness, rejection } from '../helpers/oauth-harness.js';

const BOT_SCOPES = ['channels:read', 'chat:write', 'users:read', 'users:read.email'];
const USER_SCOPES = ['search:read', 'channels:history', 'im:history', 'users:read', 'users:read.email'];

let clock: ManualClock;
let sandbox: Sandbox;
let app: App;
let flow: OAuthFlow;
let member: { tenantId: string; userEmail: string };

beforeAll(async () => {
  clock = new ManualClock();
  sandbox = await startSandbox({ clock, now: clock.now() }, [slackFake]);
  member = { tenantId: 'acme', userEmail: slack().people[1].email };
});
afterAll(() => sandbox.close());

const slack = (): SlackState => sandbox.state<SlackState>('/slack', 'acme');

async function useProvider(scopes: { bot: string[]; user: string[] }): Promise<void> {
  const { clientId, clientSecret } = SANDBOX_CREDENTIALS.acme.slack;
  const provider = slackOAuthProvider({
    clientId,
    clientSecret,
    botScopes: scopes.bot,
    userScopes: scopes.user,
    authorizeUrl: `${sandbox.urlOf('/slack')}/oauth/v2/authorize`,
    apiUrl: `${sandbox.urlOf('/slack')}/api/`,
    fetch,
    now: () => clock.now(),
  });
  ({ app, flow } = await oauthHarness(clock, provider));
}

beforeEach(async () => {
  await app?.close();
  await useProvider({ bot: BOT_SCOPES, user: USER_SCOPES });
});

async function install(account = member.userEmail): Promise<URL> {
  const callback = await consent(await flow.begin(member), { account });
  expect(callback.origin + callback.pathname).toBe(CALLBACK);
  return callback;
}

describe('the shared OAuth flow with Slack (bot and user tokens) against the Slack fake', () => {
  it('stores the bot token, the user token and the spec’s installation fields, and revokes both', async () => {
    const { grant } = await completeWith(flow, await install());
    const person = slack().people[1];
    expect(grant).toMatchObject({
      accountEmail: member.userEmail,
      accessToken: expect.stringMatching(/^xoxb-/),
      scopes: BOT_SCOPES,
      details: {
        userAccessToken: expect.stringMatching(/^xoxp-/),
        userScopes: USER_SCOPES,
        teamId: slack().team.id,
        botUserId: slack().botUserId,
        authedUserId: person.slackId,
      },
    });
    expect(grant.expiresAt).toBeUndefined();
    expect(await flow.status(member)).toMatchObject({ status: 'authorized', expires_at: null });
    expect(slack().oauth.userTokens.get(grant.details?.userAccessToken as string)).toMatchObject({
      personIndex: person.index,
    });

    expect(await flow.revoke(member)).toBe(true);
    expect(slack().oauth.userTokens.has(grant.details?.userAccessToken as string)).toBe(false);
    expect(slack().oauth.botTokens.has(grant.accessToken)).toBe(false);
    expect((await flow.status(member)).status).toBe('needs_oauth');
  });

  it('a user-token-only installation puts the user token in accessToken, as the spec says', async () => {
    await useProvider({ bot: [], user: USER_SCOPES });
    const { grant } = await completeWith(flow, await install());
    expect(grant.accessToken).toMatch(/^xoxp-/);
    expect(grant.details?.userAccessToken).toBe(grant.accessToken);
    expect(grant.scopes).toEqual(USER_SCOPES);
  });

  it('installing with another member’s account is refused and stores nothing', async () => {
    const error = await rejection(completeWith(flow, await install(slack().people[0].email)));
    expect(error).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('Email mismatch: the Slack account'),
    });
    expect(await app.vault.providersOf(member)).toEqual([]);
  });

  it('tokens that never expire are handed out as stored; a code is single use at Slack too', async () => {
    const callback = await install();
    await completeWith(flow, callback);
    clock.advance(30 * 24 * 3600 * 1000);
    expect((await flow.tokens(member)).accessToken).toMatch(/^xoxb-/);
    const replay = await fetch(`${sandbox.urlOf('/slack')}/api/oauth.v2.access`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: SANDBOX_CREDENTIALS.acme.slack.clientId,
        client_secret: SANDBOX_CREDENTIALS.acme.slack.clientSecret,
        code: callback.searchParams.get('code') as string,
        redirect_uri: CALLBACK,
      }),
    });
    expect(await replay.json()).toEqual({ ok: false, error: 'invalid_code' });
  });
});
