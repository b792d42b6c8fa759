import { WebClient, type WebAPICallError } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_BOT_SCOPES, CHAT_USER_SCOPES } from '../../src/integrations/slack/oauth.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { installAhead, slackFake, type SlackState } from '../../src/sandbox/slack/index.js';
import { ManualClock } from '../helpers/clock.js';

let sandbox: Sandbox;
let acme: SlackState;
const clock = new ManualClock();

beforeAll(async () => {
  sandbox = await startSandbox({ clock, now: clock.now(), rateLimits: 'count' }, [slackFake]);
  acme = sandbox.state<SlackState>('/slack', 'acme');
});
afterAll(() => sandbox.close());

const web = (token: string) =>
  new WebClient(token, {
    slackApiUrl: `${sandbox.urlOf('/slack')}/api/`,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
  });
const bot = () => web(SANDBOX_CREDENTIALS.acme.slack.token);
/** A member's user token, as an installation would have given them. */
const userToken = (personIndex: number) =>
  installAhead(acme, personIndex, { bot: CHAT_BOT_SCOPES, user: CHAT_USER_SCOPES }).userToken;
const channel = (name: string) => acme.channels.find((c) => c.name === name) as SlackState['channels'][number];

async function slackError(promise: Promise<unknown>): Promise<{ error?: string; needed?: string }> {
  const failure = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as WebAPICallError & { data?: { error?: string; needed?: string } };
  expect(failure).toBeDefined();
  return failure.data ?? {};
}

describe('the Slack Web API fake through @slack/web-api', () => {
  it('lists members with emails for a token that may read them', async () => {
    const { members } = await bot().users.list({});
    expect(members?.map((m) => m.profile?.email)).toEqual(acme.people.map((p) => p.email));
    const found = await bot().users.lookupByEmail({ email: acme.people[2].email });
    expect(found.user?.id).toBe(acme.people[2].slackId);
  });

  it('lists public channels for the bot, and refuses private ones without groups:read (missing_scope, needed)', async () => {
    const { channels } = await bot().conversations.list({ types: 'public_channel' });
    expect(channels?.map((c) => c.name).sort()).toEqual(
      acme.channels
        .filter((c) => c.kind === 'public')
        .map((c) => c.name)
        .sort(),
    );
    expect(await slackError(bot().conversations.list({ types: 'private_channel' }))).toMatchObject({
      error: 'missing_scope',
      needed: 'groups:read',
    });
  });

  it('walks a channel’s history with cursors, newest first, threads folded under their parent', async () => {
    const engineering = channel('engineering');
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await bot().conversations.history({ channel: engineering.id, limit: 200, cursor });
      seen.push(...(page.messages ?? []).map((m) => m.ts as string));
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
    const topLevel = engineering.messages.filter((m) => !m.threadTs || m.threadTs === m.ts).map((m) => m.ts);
    expect(seen).toEqual([...topLevel].reverse());
    const parent = engineering.messages.find((m) => m.threadTs === m.ts);
    const replies = await bot().conversations.replies({ channel: engineering.id, ts: parent?.ts as string });
    expect(replies.messages?.[0]).toMatchObject({
      ts: parent?.ts,
      reply_count: engineering.messages.filter((m) => m.threadTs === parent?.ts).length - 1,
    });
    const bounded = await bot().conversations.history({
      channel: engineering.id,
      oldest: topLevel[10],
      latest: topLevel[20],
      inclusive: true,
      limit: 999,
    });
    expect(bounded.messages?.length).toBe(11);
  });

  it('keeps private conversations to their members and the bot to the channels it was invited to', async () => {
    expect(await slackError(bot().conversations.history({ channel: channel('random').id }))).toMatchObject({
      error: 'not_in_channel',
    });
    const leads = channel('leads');
    const member = acme.people.findIndex((p) => leads.members.includes(p.slackId));
    const outsider = acme.people.findIndex((p) => !leads.members.includes(p.slackId));
    expect((await web(userToken(member)).conversations.history({ channel: leads.id })).ok).toBe(true);
    expect(await slackError(web(userToken(outsider)).conversations.history({ channel: leads.id }))).toMatchObject({
      error: 'channel_not_found',
    });
    expect(
      await slackError(
        web(SANDBOX_CREDENTIALS.globex.slack.token).conversations.info({ channel: channel('general').id }),
      ),
    ).toMatchObject({ error: 'channel_not_found' });
  });

  it('posts, replies, edits and deletes as the token’s identity, and never another member’s message', async () => {
    const general = channel('general');
    const author = web(userToken(0));
    const posted = await author.chat.postMessage({ channel: general.id, text: 'Release 1.4 is out' });
    expect(posted.message).toMatchObject({ user: acme.people[0].slackId, text: 'Release 1.4 is out' });
    const reply = await web(userToken(1)).chat.postMessage({
      channel: general.id,
      text: 'Congrats',
      thread_ts: posted.ts,
    });
    expect(reply.message?.thread_ts).toBe(posted.ts);
    expect(
      await slackError(web(userToken(1)).chat.update({ channel: general.id, ts: posted.ts as string, text: 'hijack' })),
    ).toMatchObject({ error: 'cant_update_message' });
    const edited = await author.chat.update({
      channel: general.id,
      ts: posted.ts as string,
      text: 'Release 1.4.1 is out',
    });
    expect(edited.text).toBe('Release 1.4.1 is out');
    await author.chat.delete({ channel: general.id, ts: posted.ts as string });
    expect(general.messages.some((m) => m.ts === posted.ts)).toBe(false);
  });

  it('searches only with a user token, over what that user can see', async () => {
    expect(await slackError(bot().search.messages({ query: 'deploying' }))).toMatchObject({
      error: 'not_allowed_token_type',
    });
    const result = await web(userToken(0)).search.messages({ query: 'deploying in:#deploys', count: 5 });
    const expected = channel('deploys').messages.filter((m) => m.text.toLowerCase().includes('deploying'));
    expect(result.messages?.total).toBe(expected.length);
    expect(result.messages?.matches?.every((m) => m.channel?.name === 'deploys')).toBe(true);
    expect(result.messages?.paging).toMatchObject({ count: 5, page: 1, total: expected.length });
  });

  it('answers a spent tier with 429 and Retry-After', async () => {
    sandbox.faults.add({ prefix: '/slack', status: 429, times: 1 });
    const failure = (await bot()
      .conversations.list({})
      .catch((e: unknown) => e)) as { code?: string; retryAfter?: number };
    expect(failure.code).toBe('slack_webapi_rate_limited_error');
    expect(failure.retryAfter).toBeGreaterThan(0);
  });
});
