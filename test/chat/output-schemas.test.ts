import { afterAll, beforeAll, expect, it } from 'vitest';
import { slackOf } from '../helpers/chat.js';
import { checkedRunner, type Runner } from '../helpers/sandbox.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let run: Runner;
beforeAll(async () => {
  server = await startTestServer();
  run = checkedRunner(server, 'chat');
});
afterAll(() => server.close());

it('every chat tool’s result agrees with its published output schema', async () => {
  const { general, deploys, dm, state } = slackOf(server);
  const parent = state.channels.find((c) => c.id === general)?.messages.find((m) => m.threadTs === m.ts)?.ts;
  await run('list_chats', { limit: 5 });
  await run('list_channels', { types: 'public_channel,private_channel,mpim,im' });
  await run('get_channel', { channel_id: dm });
  await run('list_channel_members', { channel_id: general });
  await run('list_messages', { channel_id: general, limit: 50, oldest: '2026-01-01T00:00:00+01:00' });
  await run('get_message', { channel_id: general, message_ts: parent });
  await run('list_thread_replies', { channel_id: general, thread_ts: parent });
  await run('search_messages', { query: 'deploy', max_results: 100 });
  const sent = await run('send_message', { channel_id: deploys, text: 'checked' });
  await run('update_message', { channel_id: deploys, message_ts: sent.ts, text: 'checked again' });
  await run('delete_message', { channel_id: deploys, message_ts: sent.ts });
  await run('list_users', {});
  await run('get_user', { user_id: state.people[0].slackId });
  expect(await run('get_connection_info', {})).toMatchObject({ team_id: state.team.id });
});
