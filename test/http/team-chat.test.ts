import { beforeAll, describe, expect, it } from 'vitest';
import { extract } from '../../src/graph/ingest/index.js';
import type { WorkspaceId } from '../../src/sandbox/credentials.js';
import type { SlackState } from '../../src/sandbox/slack/index.js';
import { fakeState } from '../helpers/sandbox.js';
import { call, type TestServer } from '../helpers/server.js';
import { unifiedFamily } from '../helpers/unified-family.js';
import { manifest } from '../../tools/team_chat/index.js';

const family = unifiedFamily('/team_chat');
const { meta, request: chat } = family;
let server: TestServer;
beforeAll(() => {
  server = family.server();
});
/** The Slack workspace the tenant connected, as the fake holds it. */
const slack = (workspace: WorkspaceId = 'acme') => fakeState<SlackState>(server, '/slack', workspace);
const channelNamed = (name: string, workspace: WorkspaceId = 'acme') => {
  const found = slack(workspace).channels.find((c) => c.name === name);
  if (!found) throw new Error(`no #${name} in ${workspace}`);
  return found;
};

const CHANNEL_KEYS = ['created_at', 'description', 'id', 'is_archived', 'member_count', 'name', 'topic', 'type'];
const MESSAGE_KEYS = ['author_id', 'channel_id', 'content', 'created_at', 'id', 'reply_count', 'subject', 'thread_id'];
const PAGINATION_KEYS = ['has_more', 'limit', 'next_cursor', 'offset', 'total', 'total_is_lower_bound'];

describe('authentication', () => {
  it('answers 401 without the key, 403 with a wrong one, 404 for an unknown tenant, 400 without X-Tenant-Id', async () => {
    await family.expectCallerChecked('/channels', { method: 'POST', path: '/channels', body: { name: 'x' } });
  });
});

describe('channels', () => {
  it('lists the public channels as {channels, count} in the spec record form', async () => {
    const { status, body } = await chat('GET', '/channels');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.meta).toEqual(meta());
    const { channels, count } = body.data;
    expect(count).toBe(channels.length);
    const publicNames = slack()
      .channels.filter((c) => c.kind === 'public')
      .map((c) => c.name);
    expect(channels.map((c: { name: string }) => c.name).sort()).toEqual(publicNames.sort());
    const general = channels.find((c: { name: string }) => c.name === 'general');
    expect(Object.keys(general).sort()).toEqual(CHANNEL_KEYS);
    expect(general).toMatchObject({
      id: channelNamed('general').id,
      type: 'public',
      is_archived: false,
      member_count: channelNamed('general').members.length,
    });
  });

  it('pages by cursor without losing or repeating a channel', async () => {
    const first = (await chat('GET', '/channels?limit=2')).body.data;
    expect(first.channels).toHaveLength(2);
    expect(Object.keys(first.pagination).sort()).toEqual(PAGINATION_KEYS);
    expect(first.pagination.has_more).toBe(true);
    const rest = (await chat('GET', `/channels?limit=50&cursor=${encodeURIComponent(first.pagination.next_cursor)}`))
      .body.data;
    const all = (await chat('GET', '/channels?limit=50')).body.data.channels;
    expect([...first.channels, ...rest.channels].map((c: { id: string }) => c.id)).toEqual(
      all.map((c: { id: string }) => c.id),
    );
  });

  it('gets one channel; 404 for an unknown one, 400 for a malformed id', async () => {
    const general = channelNamed('general');
    const { status, body } = await chat('GET', `/channels/${general.id}`);
    expect([status, body.data.name, body.data.description]).toEqual([200, 'general', general.purpose]);
    const unknown = await chat('GET', '/channels/CZZZZZZZZZ');
    expect([unknown.status, unknown.body.success, unknown.body.error.code]).toEqual([404, false, 'NOT_FOUND']);
    const malformed = await chat('GET', '/channels/nope');
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(malformed.body.error.message).toContain('channel_id');
  });

  it('creates a channel with its description as the purpose (201), and refuses a taken name with 409', async () => {
    const { status, body } = await chat('POST', '/channels', {
      body: { name: 'launch-2027', description: 'Launch coordination', type: 'public' },
    });
    expect(status).toBe(201);
    expect(body.meta).toEqual(meta());
    expect(Object.keys(body.data).sort()).toEqual(CHANNEL_KEYS);
    expect(body.data).toMatchObject({
      name: 'launch-2027',
      description: 'Launch coordination',
      type: 'public',
      member_count: 1,
    });
    expect(channelNamed('launch-2027')).toMatchObject({
      id: body.data.id,
      purpose: 'Launch coordination',
      kind: 'public',
    });
    const again = await chat('POST', '/channels', { body: { name: 'launch-2027' } });
    expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);
    expect(again.body.error.message).toContain('name_taken');
  });

  it.each([
    ['a name with spaces', { name: 'Bad Name' }, 'name'],
    ['a missing name', { description: 'x' }, 'name'],
    ['an unknown type', { name: 'ok-name', type: 'secret' }, 'type'],
    ['an unknown field', { name: 'ok-name', topic: 'x' }, 'topic'],
  ])('refuses %s with 400 VALIDATION_ERROR naming the field, creating nothing', async (_case, body, field) => {
    const before = slack().channels.length;
    const { status, body: answer } = await chat('POST', '/channels', { body });
    expect([status, answer.success, answer.error.code]).toEqual([400, false, 'VALIDATION_ERROR']);
    expect(answer.error.message).toContain(field);
    expect(slack().channels.length).toBe(before);
  });
});

describe('messages', () => {
  it('lists a channel’s messages newest first in the record form', async () => {
    const general = channelNamed('general');
    const { status, body } = await chat('GET', `/channels/${general.id}/messages?limit=5`);
    expect(status).toBe(200);
    const { messages, count } = body.data;
    expect([messages.length, count]).toEqual([5, 5]);
    // The author's email is there when the workspace's member directory gives one.
    expect(
      Object.keys(messages[0])
        .filter((key) => key !== 'author_email')
        .sort(),
    ).toEqual(MESSAGE_KEYS);
    const author = slack().people.find((p) => p.slackId === messages[0].author_id);
    expect(messages[0].author_email).toBe(author?.email);
    const ids = messages.map((m: { id: string }) => Number(m.id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(messages.every((m: { channel_id: string }) => m.channel_id === general.id)).toBe(true);
  });

  it('sends content with a subject (201) and reads it back the same', async () => {
    const deploys = channelNamed('deploys');
    const { status, body } = await chat('POST', `/channels/${deploys.id}/messages`, {
      body: { subject: 'Release 2.4', content: 'Version 2.4 is live.' },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      channel_id: deploys.id,
      subject: 'Release 2.4',
      content: 'Version 2.4 is live.',
      author_id: slack().botUserId,
    });
    expect(deploys.messages.at(-1)?.text).toBe('*Release 2.4*\nVersion 2.4 is live.');
    const latest = (await chat('GET', `/channels/${deploys.id}/messages?limit=1`)).body.data.messages[0];
    expect(latest).toEqual(body.data);
  });

  it('refuses an empty content with 400 naming it, sending nothing; 404 for an unknown channel', async () => {
    const deploys = channelNamed('deploys');
    const before = deploys.messages.length;
    const empty = await chat('POST', `/channels/${deploys.id}/messages`, { body: { content: '  ' } });
    expect([empty.status, empty.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(empty.body.error.message).toContain('content');
    expect(deploys.messages.length).toBe(before);
    const unknown = await chat('POST', '/channels/CZZZZZZZZZ/messages', { body: { content: 'hello' } });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('answers 422 naming not_in_channel where the workspace app is not a member', async () => {
    const random = channelNamed('random');
    const { status, body } = await chat('POST', `/channels/${random.id}/messages`, { body: { content: 'hello' } });
    expect([status, body.error.code]).toEqual([422, 'UPSTREAM_REJECTED']);
    expect(body.error.message).toContain('not_in_channel');
  });
});

describe('members', () => {
  it('lists member ids and adds a member (201); 409 when already in, 404 for an unknown user', async () => {
    const created = (await chat('POST', '/channels', { body: { name: 'member-tests' } })).body.data;
    const person = slack().people[1].slackId;
    const listed = await chat('GET', `/channels/${created.id}/members`);
    expect([listed.status, listed.body.data.members, listed.body.data.count]).toEqual([
      200,
      [{ id: slack().botUserId, channel_id: created.id }],
      1,
    ]);
    const added = await chat('POST', `/channels/${created.id}/members`, { body: { user_id: person } });
    expect([added.status, added.body.data]).toEqual([201, { id: person, channel_id: created.id }]);
    expect(channelNamed('member-tests').members).toContain(person);
    const again = await chat('POST', `/channels/${created.id}/members`, { body: { user_id: person } });
    expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);
    const stranger = await chat('POST', `/channels/${created.id}/members`, { body: { user_id: 'UNOBODY000' } });
    expect([stranger.status, stranger.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const malformed = await chat('POST', `/channels/${created.id}/members`, { body: { user_id: 'bob' } });
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(malformed.body.error.message).toContain('user_id');
  });
});

describe('provider errors', () => {
  it('passes Slack’s 429 on as 429 RATE_LIMITED with Retry-After', async () => {
    server.sandbox.faults.add({ prefix: '/slack', path: '/api/conversations.list', status: 429, retryAfter: 120 });
    const { status, body, headers } = await chat('GET', '/channels');
    expect([status, body.error.code, headers.get('retry-after')]).toEqual([429, 'RATE_LIMITED', '120']);
  });

  it('answers 502 for a Slack 5xx', async () => {
    server.sandbox.faults.add({ prefix: '/slack', path: '/api/conversations.info', status: 503 });
    const { status, body } = await chat('GET', `/channels/${channelNamed('general').id}`);
    expect([status, body.error.code]).toEqual([502, 'UPSTREAM_ERROR']);
  });
});

describe('tenant isolation', () => {
  let acmeRoom: { id: string; name: string };
  beforeAll(async () => {
    acmeRoom = (await chat('POST', '/channels', { body: { name: 'acme-only-room' } })).body.data;
  });

  it('over REST: globex neither lists nor reads acme’s channel', async () => {
    const listed = (await chat('GET', '/channels?limit=100', { tenant: 'globex' })).body.data.channels;
    expect(listed.map((c: { id: string }) => c.id)).not.toContain(acmeRoom.id);
    const read = await chat('GET', `/channels/${acmeRoom.id}`, { tenant: 'globex' });
    expect(read.status).toBe(404);
    const post = await chat('POST', `/channels/${acmeRoom.id}/messages`, { tenant: 'globex', body: { content: 'hi' } });
    expect(post.status).toBe(404);
    expect(slack('globex').channels.some((c) => c.name === 'acme-only-room')).toBe(false);
  });

  it('over MCP: each tenant’s token reaches only its own workspace', async () => {
    await family.withMcpClients(['acme', 'globex'], async ([acme, globex]) => {
      const own = await acme.callTool({ name: 'team_chat_get_channel', arguments: { channel_id: acmeRoom.id } });
      expect(own.isError).toBeFalsy();
      expect((own.structuredContent as { name: string }).name).toBe('acme-only-room');
      const other = await globex.callTool({ name: 'team_chat_get_channel', arguments: { channel_id: acmeRoom.id } });
      expect(other.isError).toBe(true);
      expect(JSON.stringify(other.content)).toContain('NOT_FOUND');
      const globexList = await globex.callTool({ name: 'team_chat_list_channels', arguments: { limit: 100 } });
      expect(
        (globexList.structuredContent as { channels: Array<{ name: string }> }).channels.map((c) => c.name),
      ).not.toContain('acme-only-room');
    });
  });
});

describe('knowledge graph', () => {
  it('reads channels and messages as the chat system’s nodes, each message belonging to its channel', async () => {
    const general = channelNamed('general');
    const messages = (await chat('GET', `/channels/${general.id}/messages?limit=3`)).body.data;
    const batch = extract({ team_chat: manifest.extractor! }, 'team_chat', {
      tool: 'list_messages',
      args: { channel_id: general.id },
      result: messages,
    });
    const nodes = [...batch.nodes.values()];
    expect(nodes.filter((n) => n.type === 'chat_message').map((n) => n.id)).toEqual(
      messages.messages.map((m: { id: string }) => `${general.id}/${m.id}`),
    );
    expect(nodes.some((n) => n.type === 'chat_channel' && n.id === general.id)).toBe(true);
    expect(batch.edges.filter((e) => e.type === 'BELONGS_TO')).toHaveLength(3);
    const channels = (await chat('GET', '/channels')).body.data;
    const listed = extract({ team_chat: manifest.extractor! }, 'team_chat', {
      tool: 'list_channels',
      args: {},
      result: channels,
    });
    expect([...listed.nodes.values()].filter((n) => n.type === 'chat_channel')).toHaveLength(channels.channels.length);
  });
});

describe('/openapi.json', () => {
  it('declares the team_chat routes with their schemas; no generated method routes under /team_chat', async () => {
    const { body } = await call(server, 'GET', '/openapi.json');
    const paths = body.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths['/team_chat/channels']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/team_chat/channels/{channel_id}'])).toEqual(['get']);
    for (const tail of ['messages', 'members']) {
      expect(Object.keys(paths[`/team_chat/channels/{channel_id}/${tail}`]).sort()).toEqual(['get', 'post']);
      expect(paths[`/team_chat/channels/{channel_id}/${tail}`].post.responses['201']).toBeDefined();
    }
    expect(
      Object.keys(paths).filter((p) => p.startsWith('/team_chat/') && !p.startsWith('/team_chat/channels')),
    ).toEqual([]);
  });
});
