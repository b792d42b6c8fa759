import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFor, slackOf } from '../helpers/chat.js';
import { rawRequest, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let emails: string[];
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  emails = (server.app.demo?.users() ?? []).filter((u) => u.tenant_id === 'acme').map((u) => u.user_email);
  token = await server.tokenFor('acme', emails[0]);
});
afterAll(() => server.close());

type Body = Record<string, any>;

/** A chat route as the spec calls it: the token in the Access-Token header. */
async function chat(
  method: string,
  path: string,
  params: Record<string, unknown> = {},
  as = token,
): Promise<{ status: number; body: Body }> {
  const query =
    method === 'GET'
      ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string])).toString()}`
      : '';
  const response = await fetch(`${server.url}/chat/${path}${query}`, {
    method,
    headers: { 'Access-Token': as, ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }) },
    ...(method === 'GET' ? {} : { body: JSON.stringify(params) }),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

const ok = async (method: string, path: string, params: Record<string, unknown> = {}, as = token): Promise<Body> => {
  const answer = await chat(method, path, params, as);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Body;
};

describe('chat routes against the sandbox Slack', () => {
  it('list-channels: public and the user’s private channels, 200 by default, typed and paged by cursor', async () => {
    const { general, leads } = slackOf(server);
    const data = await ok('GET', 'list-channels');
    expect(data.channels.map((c: Body) => c.id)).toEqual(expect.arrayContaining([general, leads]));
    expect(data.channels.find((c: Body) => c.id === leads)).toMatchObject({ name: 'leads', type: 'private_channel' });
    const first = await ok('GET', 'list-channels', { limit: 2, types: 'public_channel' });
    expect(first.channels).toHaveLength(2);
    const second = await ok('GET', 'list-channels', { limit: 2, types: 'public_channel', cursor: first.next_cursor });
    expect(second.channels.map((c: Body) => c.id)).not.toContain(first.channels[0].id);
    const dms = await ok('GET', 'list-channels', { types: 'im,mpim' });
    expect(dms.channels.map((c: Body) => c.type).sort()).toEqual(['im', 'im', 'mpim']);
    expect((await chat('GET', 'list-channels', { types: 'rooms' })).status).toBe(400);
  });

  it('list-chats: channels and DMs together, most recently active first', async () => {
    const data = await ok('GET', 'list-chats', { limit: 20 });
    const times = data.chats.map((c: Body) => c.last_activity);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(data.chats.map((c: Body) => c.type))).toEqual(
      new Set(['public_channel', 'private_channel', 'im', 'mpim']),
    );
    const channelsOnly = await ok('GET', 'list-chats', { include_direct_messages: false, limit: 3 });
    expect(channelsOnly.chats).toHaveLength(3);
    expect(channelsOnly.chats.every((c: Body) => c.type.endsWith('channel'))).toBe(true);
  });

  it('get-channel and list-channel-members (member ids)', async () => {
    const { leads, state } = slackOf(server);
    expect(await ok('GET', 'get-channel', { channel_id: leads })).toMatchObject({
      id: leads,
      name: 'leads',
      type: 'private_channel',
    });
    const members = await ok('GET', 'list-channel-members', { channel_id: leads });
    expect(members.members).toEqual(state.channels.find((c) => c.id === leads)?.members);
  });

  it('list-messages: newest first, 100 by default, names resolved, cursor paging until has_more is false', async () => {
    const { deploys, state } = slackOf(server);
    const first = await ok('GET', 'list-messages', { channel_id: deploys });
    expect(first.messages).toHaveLength(100);
    expect(first.has_more).toBe(true);
    const person = state.people.find((p) => p.slackId === first.messages[0].sender.id);
    expect(first.messages[0].sender).toEqual({ id: person?.slackId, name: person?.name, email: person?.email });
    let seen = first.messages.length;
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await ok('GET', 'list-messages', { channel_id: deploys, limit: 100, cursor });
      seen += page.messages.length;
      cursor = page.next_cursor;
      if (!page.has_more) expect(cursor).toBeNull();
    }
    const topLevel = state.channels
      .find((c) => c.id === deploys)
      ?.messages.filter((m) => !m.threadTs || m.threadTs === m.ts).length;
    expect(seen).toBe(topLevel);
  });

  it('list-messages: a limit above 1000 reads 1000 (the cap), across Slack’s 999 per call', async () => {
    const { random, state } = slackOf(server);
    const channel = state.channels.find((c) => c.id === random);
    const start = Math.floor(Number(channel?.messages.at(-1)?.ts)) + 1;
    for (let i = 0; i < 1100; i++)
      channel?.messages.push({ ts: `${start + i}.000000`, user: state.people[i % 3].slackId, text: `filler ${i}` });
    const data = await ok('GET', 'list-messages', { channel_id: random, limit: 5000 });
    expect(data.pagination.limit).toBe(1000);
    // A page stops short of its limit only where the size budget cuts it, and says so.
    expect(data.truncated).toBe(data.messages.length < 1000);
    expect(data.has_more).toBe(true);
    const rest = await ok('GET', 'list-messages', { channel_id: random, limit: 1000, cursor: data.next_cursor });
    expect(rest.messages[0].id).toBe(
      state.channels
        .find((c) => c.id === random)
        ?.messages.filter((m) => !m.threadTs || m.threadTs === m.ts)
        .reverse()[data.messages.length].ts,
    );
  });

  it('list-messages: time bounds in all four forms give the same window, bare dates are midnight UTC', async () => {
    const { general, state } = slackOf(server);
    const messages =
      state.channels.find((c) => c.id === general)?.messages.filter((m) => !m.threadTs || m.threadTs === m.ts) ?? [];
    const from = Math.floor(Number(messages[100].ts));
    const to = Math.ceil(Number(messages[110].ts));
    const expected = messages
      .filter((m) => Number(m.ts) > from && Number(m.ts) < to)
      .map((m) => m.ts)
      .reverse();
    const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
    const offset = (seconds: number) => new Date(seconds * 1000 + 2 * 3600_000).toISOString().slice(0, 19) + '+02:00';
    const naive = (seconds: number) => iso(seconds).slice(0, 19);
    for (const form of [(s: number) => `${s}.000000`, String, iso, offset, naive]) {
      const page = await ok('GET', 'list-messages', { channel_id: general, oldest: form(from), latest: form(to) });
      expect(
        page.messages.map((m: Body) => m.id),
        `${form(from)}`,
      ).toEqual(expected);
    }
    // A message id is its ts: inclusive bounds on two ids give exactly those messages and the ones between.
    const byId = await ok('GET', 'list-messages', {
      channel_id: general,
      oldest: messages[100].ts,
      latest: messages[110].ts,
      inclusive: true,
    });
    expect(byId.messages.map((m: Body) => m.id)).toEqual(
      messages
        .slice(100, 111)
        .map((m) => m.ts)
        .reverse(),
    );
    const day = iso(from).slice(0, 10);
    let byDate = await ok('GET', 'list-messages', { channel_id: general, oldest: day, limit: 1000 });
    let read = byDate.messages.length;
    while (byDate.has_more) {
      byDate = await ok('GET', 'list-messages', { channel_id: general, oldest: day, cursor: byDate.next_cursor });
      read += byDate.messages.length;
    }
    const midnight = Date.parse(`${day}T00:00:00Z`) / 1000;
    expect(read).toBe(messages.filter((m) => Number(m.ts) > midnight).length);
  });

  it('list-messages: an unparseable bound is a 400', async () => {
    const bad = await chat('GET', 'list-messages', { channel_id: slackOf(server).general, latest: 'last tuesday' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: expect.stringContaining('latest is not a time') });
  });

  it('get-message and list-thread-replies read a thread', async () => {
    const { general, state } = slackOf(server);
    const parent = state.channels.find((c) => c.id === general)?.messages.find((m) => m.threadTs === m.ts);
    const message = await ok('GET', 'get-message', { channel_id: general, message_ts: parent?.ts });
    expect(message).toMatchObject({ id: parent?.ts, channel_id: general, thread_ts: parent?.ts });
    const replies = await ok('GET', 'list-thread-replies', { channel_id: general, thread_ts: parent?.ts });
    expect(replies.messages[0].id).toBe(parent?.ts);
    expect(replies.messages.length).toBeGreaterThan(1);
    expect(replies).toMatchObject({ has_more: false, next_cursor: null });
    const reply = await ok('GET', 'get-message', { channel_id: general, message_ts: replies.messages[1].id });
    expect(reply.id).toBe(replies.messages[1].id);
    const missing = await chat('GET', 'list-thread-replies', { channel_id: general });
    expect(missing.status).toBe(400);
  });

  it('search-messages: 20 by default, pages, sort direction, capped at 100', async () => {
    const data = await ok('GET', 'search-messages', { query: 'staging database' });
    expect(data.matches).toHaveLength(20);
    expect(data.matches[0]).toMatchObject({
      provider: 'slack',
      text: expect.stringContaining('staging database'),
      sender: { id: expect.any(String), name: expect.any(String) },
    });
    expect(data.paging).toMatchObject({ count: 20, page: 1, total: data.total });
    const times = data.matches.map((m: Body) => m.sent_at);
    expect([...times].sort().reverse()).toEqual(times);
    const asc = await ok('GET', 'search-messages', {
      query: 'staging database',
      sort_dir: 'asc',
      page: 2,
      max_results: 5,
    });
    expect(asc.paging).toMatchObject({ count: 5, page: 2 });
    expect(asc.matches[0].sent_at <= asc.matches[4].sent_at).toBe(true);
    expect((await ok('GET', 'search-messages', { query: 'the', max_results: 500 })).paging.count).toBe(100);
  });

  it('send-message, update-message (PATCH) and delete-message (DELETE) as the user, then as the bot', async () => {
    const { deploys, state } = slackOf(server);
    const me = state.people.find((p) => p.email === emails[0]);
    const sent = await ok('POST', 'send-message', {
      channel_id: deploys,
      text: 'Deploy of <@' + me?.slackId + '> done',
    });
    expect(sent).toMatchObject({
      channel_id: deploys,
      sent_as: 'user',
      message: { sender: { id: me?.slackId }, text: `Deploy of @${me?.name} done` },
    });
    const edited = await ok('PATCH', 'update-message', {
      channel_id: deploys,
      message_ts: sent.ts,
      text: 'Deploy done (edited)',
    });
    expect(edited.message).toMatchObject({ text: 'Deploy done (edited)', edited: true });
    expect(state.channels.find((c) => c.id === deploys)?.messages.find((m) => m.ts === sent.ts)?.text).toBe(
      'Deploy done (edited)',
    );
    const reply = await ok('POST', 'send-message', { channel_id: deploys, text: 'in thread', thread_ts: sent.ts });
    expect(reply.message.thread_ts).toBe(sent.ts);
    expect(await ok('DELETE', 'delete-message', { channel_id: deploys, message_ts: reply.ts })).toMatchObject({
      deleted: true,
      ts: reply.ts,
    });

    const bot = await ok('POST', 'send-message', { channel_id: deploys, text: 'from the bot', send_as: 'bot' });
    expect(bot).toMatchObject({ sent_as: 'bot', message: { sender: { id: state.botUserId } } });
    // Only the identity that sent a message may change it.
    expect(await chat('PATCH', 'update-message', { channel_id: deploys, message_ts: bot.ts, text: 'as user' })).toEqual(
      {
        status: 400,
        body: { detail: 'Chat API error: cant_update_message' },
      },
    );
    expect(await chat('DELETE', 'delete-message', { channel_id: deploys, message_ts: bot.ts })).toEqual({
      status: 400,
      body: { detail: 'Chat API error: cant_delete_message' },
    });
    expect(
      (await ok('DELETE', 'delete-message', { channel_id: deploys, message_ts: bot.ts, send_as: 'bot' })).deleted,
    ).toBe(true);
  });

  it('send-message with attachments shares the files in the channel as one message, the text its comment', async () => {
    const { deploys, state } = slackOf(server);
    const csv = 'service,status\napi,green\n';
    const sent = await ok('POST', 'send-message', {
      channel_id: deploys,
      text: 'Status report attached',
      attachments: [{ filename: 'status.csv', data: Buffer.from(csv).toString('base64'), title: 'Status' }],
    });
    expect(sent).toMatchObject({
      channel_id: deploys,
      sent_as: 'user',
      ts: expect.stringMatching(/^\d+\.\d{6}$/),
      files: [{ id: expect.stringMatching(/^F/), name: 'status.csv', title: 'Status' }],
    });
    const posted = state.channels.find((c) => c.id === deploys)?.messages.find((m) => m.ts === sent.ts);
    expect(posted).toMatchObject({ text: 'Status report attached', files: [sent.files[0].id] });
    expect(state.files?.get(sent.files[0].id as string)?.bytes?.toString()).toBe(csv);
    // The app's bot may not upload files (files:write is a user scope here), and bad data is refused before Slack.
    expect(
      await chat('POST', 'send-message', {
        channel_id: deploys,
        text: 'x',
        send_as: 'bot',
        attachments: [{ filename: 'a.txt', data: 'YQ==' }],
      }),
    ).toEqual({
      status: 400,
      body: { detail: 'Chat API error: missing_scope' },
    });
    const bad = await chat('POST', 'send-message', {
      channel_id: deploys,
      text: 'x',
      attachments: [{ filename: 'a.txt', data: 'not base64!' }],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('data must be base64');
  });

  it('DMs are sent only as the user', async () => {
    const { dm } = slackOf(server);
    const refused = await chat('POST', 'send-message', { channel_id: dm, text: 'hi', send_as: 'bot' });
    expect(refused).toEqual({
      status: 400,
      body: { detail: 'Direct messages can be sent only as the user (send_as=user)' },
    });
    const sent = await ok('POST', 'send-message', { channel_id: dm, text: 'hi' });
    await ok('DELETE', 'delete-message', { channel_id: dm, message_ts: sent.ts });
  });

  it('list-users, get-user and get-connection-info', async () => {
    const { state } = slackOf(server);
    const users = await ok('GET', 'list-users', { limit: 3 });
    expect(users.users).toHaveLength(3);
    expect(users.users[0]).toMatchObject({ id: state.people[0].slackId, email: state.people[0].email, is_bot: false });
    expect(await ok('GET', 'get-user', { user_id: state.people[1].slackId })).toMatchObject({
      real_name: state.people[1].name,
      email: state.people[1].email,
    });
    const me = state.people.find((p) => p.email === emails[0]);
    expect(await ok('GET', 'get-connection-info')).toMatchObject({
      user_id: me?.slackId,
      team_id: state.team.id,
      email: emails[0],
      has_user_token: true,
      has_bot_token: true,
    });
  });

  it('provider errors are 400 `Chat API error: <code>`', async () => {
    expect(await chat('GET', 'get-channel', { channel_id: 'C0NOPE' })).toEqual({
      status: 400,
      body: { detail: 'Chat API error: channel_not_found' },
    });
    expect(await chat('GET', 'get-user', { user_id: 'U0NOPE' })).toEqual({
      status: 400,
      body: { detail: 'Chat API error: user_not_found' },
    });
  });
});

describe('chat token choice', () => {
  const who = () => emails[1];
  const asOther = async () => server.tokenFor('acme', who());
  afterAll(() => installFor(server, who(), 'bot-and-user'));

  it('a bot-only installation reads public channels with the bot token, and nothing else', async () => {
    await installFor(server, who(), 'bot-only');
    const other = await asOther();
    const { general, random, leads, dm, groupDm } = slackOf(server);
    expect((await ok('GET', 'list-messages', { channel_id: general, limit: 2 }, other)).messages).toHaveLength(2);
    // Public, but the bot was never invited: Slack's own refusal, never a silent switch of token.
    expect(await chat('GET', 'list-messages', { channel_id: random }, other)).toEqual({
      status: 400,
      body: { detail: 'Chat API error: not_in_channel' },
    });
    for (const channel of [leads, dm, groupDm].filter((id) => !id.startsWith('C'))) {
      const refused = await chat('GET', 'list-messages', { channel_id: channel }, other);
      expect(refused).toEqual({
        status: 400,
        body: { detail: { error: 'chat_reconnect_required', message: expect.any(String), system: 'chat' } },
      });
    }
    for (const [method, path, params] of [
      ['GET', 'search-messages', { query: 'deploy' }],
      ['POST', 'send-message', { channel_id: general, text: 'as me' }],
      ['GET', 'list-channels', {}],
    ] as const) {
      expect((await chat(method, path, params, other)).body.detail.error).toBe('chat_reconnect_required');
    }
    expect(
      (await ok('POST', 'send-message', { channel_id: general, text: 'bot only', send_as: 'bot' }, other)).sent_as,
    ).toBe('bot');
    const chats = await ok('GET', 'list-chats', {}, other);
    expect(chats.chats.every((c: Body) => c.type === 'public_channel')).toBe(true);
  });

  it('a user-token-only installation acts as the user and refuses send_as=bot', async () => {
    await installFor(server, who(), 'user-only');
    const other = await asOther();
    const { deploys, state } = slackOf(server);
    const refused = await chat('POST', 'send-message', { channel_id: deploys, text: 'bot?', send_as: 'bot' }, other);
    expect(refused).toEqual({
      status: 400,
      body: { detail: { error: 'chat_bot_token_required', message: expect.any(String), system: 'chat' } },
    });
    const sent = await ok('POST', 'send-message', { channel_id: deploys, text: 'me' }, other);
    expect(sent.message.sender.id).toBe(state.people.find((p) => p.email === who())?.slackId);
    expect((await ok('GET', 'get-connection-info', {}, other)).has_bot_token).toBe(false);
  });

  it('a user token without a scope gets Slack’s missing_scope', async () => {
    await installFor(server, who(), 'bot-and-user', [
      'channels:read',
      'users:read',
      'users:read.email',
      'channels:history',
    ]);
    const refused = await chat('GET', 'search-messages', { query: 'deploy' }, await asOther());
    expect(refused).toEqual({ status: 400, body: { detail: 'Chat API error: missing_scope' } });
  });

  it('a user who has not installed the app gets 407 oauth_required with the consent link', async () => {
    const last = await server.tokenFor('acme', emails.at(-1));
    // Node's fetch treats any 407 as a proxy failure: read it over node:http.
    const answer = await rawRequest(`${server.url}/chat/list-messages?channel_id=${slackOf(server).general}`, {
      'Access-Token': last,
    });
    expect(answer.status).toBe(407);
    expect(JSON.parse(answer.body)).toEqual({
      detail: {
        action: 'oauth_required',
        message: expect.any(String),
        auth_url: expect.stringContaining('/oauth/chat/authorize'),
        system: 'chat',
      },
    });
  });
});
