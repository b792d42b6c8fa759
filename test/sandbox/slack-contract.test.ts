import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_BOT_SCOPES, CHAT_USER_SCOPES } from '../../src/integrations/slack/oauth.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { installAhead, slackFake, type SlackState } from '../../src/sandbox/slack/index.js';
import { ManualClock } from '../helpers/clock.js';

/**
 * The Slack fake's answers against Slack's own description of them (slackapi/slack-api-specs, Swagger
 * 2.0, pruned to the methods served by test/contracts/slack-web-prune.mjs): every success and failure
 * body, with its id and timestamp patterns.
 */
interface SwaggerDocument {
  paths: Record<string, Record<string, { responses: Record<string, { schema?: object }> }>>;
  definitions: Record<string, object>;
}
const doc = JSON.parse(
  readFileSync(new URL('../contracts/slack-web-api.json', import.meta.url), 'utf8'),
) as SwaggerDocument;
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addSchema({ definitions: doc.definitions }, 'slack');

/** Problems of a body against the description of a method's answer (200 for ok, `default` for a failure). */
function problems(method: string, body: { ok?: boolean } & Record<string, unknown>): string[] {
  const operation = Object.values(doc.paths[`/${method}`] ?? {})[0];
  if (!operation) return [`${method} is not described`];
  const schema = operation.responses[body.ok ? '200' : 'default']?.schema;
  if (!schema) return [`${method}: no schema for ${body.ok ? '200' : 'default'}`];
  const validate = ajv.compile(
    JSON.parse(JSON.stringify(schema).replaceAll('"#/definitions/', '"slack#/definitions/')) as object,
  );
  return validate(body)
    ? []
    : (validate.errors ?? []).map((e) => `${method}${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

let sandbox: Sandbox;
let acme: SlackState;
let user: string;
const bot = SANDBOX_CREDENTIALS.acme.slack.token;
const clock = new ManualClock();

beforeAll(async () => {
  sandbox = await startSandbox({ clock, now: clock.now(), rateLimits: 'count' }, [slackFake]);
  acme = sandbox.state<SlackState>('/slack', 'acme');
  user = installAhead(acme, 0, { bot: CHAT_BOT_SCOPES, user: CHAT_USER_SCOPES }).userToken;
});
afterAll(() => sandbox.close());

async function call(
  method: string,
  params: Record<string, string>,
  token = user,
): Promise<{ ok?: boolean } & Record<string, unknown>> {
  const response = await fetch(`${sandbox.urlOf('/slack')}/api/${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return (await response.json()) as { ok?: boolean } & Record<string, unknown>;
}

/**
 * The description's history schema predates cursor paging, which Slack's method page documents (and
 * its own example shows): `response_metadata` is checked by its documented shape, the rest by the schema.
 */
const PAGED_SINCE = new Set(['conversations.history', 'conversations.replies']);

async function conforms(method: string, params: Record<string, string>, token = user) {
  const body = await call(method, params, token);
  const { response_metadata: paging, ...rest } = body;
  const checked = PAGED_SINCE.has(method) ? rest : body;
  expect(problems(method, checked), JSON.stringify(body).slice(0, 300)).toEqual([]);
  if (PAGED_SINCE.has(method) && paging !== undefined) expect(paging).toEqual({ next_cursor: expect.any(String) });
  return body;
}

describe('the Slack fake against Slack’s description', () => {
  it('identity, conversations and their history, replies and members', async () => {
    await conforms('auth.test', {});
    const general = acme.channels.find((c) => c.kind === 'public')!;
    await conforms('conversations.list', { types: 'public_channel,private_channel,im,mpim', limit: '50' });
    await conforms('conversations.info', { channel: general.id });
    const history = await conforms('conversations.history', { channel: general.id, limit: '20' });
    const parent = (history.messages as Array<{ ts: string; reply_count?: number }>).find((m) => m.reply_count);
    if (parent) await conforms('conversations.replies', { channel: general.id, ts: parent.ts });
    await conforms('conversations.members', { channel: general.id });
  });

  it('posting, editing and deleting, and search', async () => {
    const general = acme.channels.find((c) => c.kind === 'public')!;
    const posted = await conforms('chat.postMessage', { channel: general.id, text: 'contract check' });
    await conforms('chat.update', { channel: general.id, ts: String(posted.ts), text: 'contract check, edited' });
    await conforms('chat.delete', { channel: general.id, ts: String(posted.ts) });
    await conforms('search.messages', { query: 'deploy', count: '5' });
  });

  it('channel administration as the workspace app: create, purpose, invite, and their refusals', async () => {
    const created = await conforms('conversations.create', { name: 'contract-room' }, bot);
    const room = String((created.channel as { id: string }).id);
    await conforms('conversations.setPurpose', { channel: room, purpose: 'Contract checks' }, bot);
    const people = (await call('users.list', { limit: '20' })).members as Array<{ id: string; is_bot?: boolean }>;
    const invitee = people.find((u) => !u.is_bot)!.id;
    await conforms('conversations.invite', { channel: room, users: invitee }, bot);
    const taken = await conforms('conversations.create', { name: 'contract-room' }, bot);
    const again = await conforms('conversations.invite', { channel: room, users: invitee }, bot);
    expect([taken.error, again.error]).toEqual(['name_taken', 'already_in_channel']);
  });

  it('people', async () => {
    const users = await conforms('users.list', { limit: '20' });
    await conforms('users.info', { user: String((users.members as Array<{ id: string }>)[0].id) });
  });

  it('a shared file', async () => {
    const general = acme.channels.find((c) => c.kind === 'public')!;
    const url = await call('files.getUploadURLExternal', { filename: 'notes.txt', length: '5' });
    await fetch(String(url.upload_url), { method: 'POST', body: 'hello' });
    await call('files.completeUploadExternal', {
      files: JSON.stringify([{ id: url.file_id, title: 'Notes' }]),
      channel_id: general.id,
      initial_comment: 'see notes',
    });
    // Slack answers a file's shares keyed by channel id; the description's `shares` admits no keys at all,
    // so they are checked here by their documented shape instead.
    const info = await call('files.info', { file: String(url.file_id) });
    const { shares, ...file } = info.file as { shares: { public: Record<string, Array<{ ts: string }>> } };
    expect(problems('files.info', { ...info, file })).toEqual([]);
    expect(shares.public[general.id]).toEqual([{ ts: expect.stringMatching(/^\d{10}\.\d{6}$/) }]);
  });

  it('an upload cut off mid-file is refused, and the fake goes on serving', async () => {
    const url = await call('files.getUploadURLExternal', { filename: 'notes.txt', length: '5' });
    const body = '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nunterminated';
    const answer = await fetch(String(url.upload_url), {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=zz' },
      body,
    });
    expect([answer.status, await answer.text()]).toEqual([400, 'Bad Request - Unexpected end of form']);
    expect((await call('auth.test', {})).ok).toBe(true);
  });

  it('failures: Slack’s {ok: false, error} bodies', async () => {
    await conforms('conversations.history', { channel: 'C0NOTHERE' });
    await conforms('chat.postMessage', { channel: acme.channels.find((c) => c.kind === 'public')!.id, text: '' });
    await conforms('search.messages', { query: 'deploy' }, bot);
  });
});
