import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackState } from '../../src/sandbox/slack/index.js';
import { ManualClock, MINUTE } from '../helpers/clock.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/** team_chat authors are people through the workspace's member directory, read once per few minutes per tenant. */
const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
let server: TestServer;
let slack: SlackState;

const run = async (tool: string, args: Record<string, unknown>) => {
  // Tokens are issued per call: the test clock moves past a token's lifetime.
  const token = await server.tokenFor('acme');
  const res = await call(server, 'POST', '/mcp/team_chat/execute', { token, body: { tool, arguments: args } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const general = () => slack.channels.find((c) => c.name === 'general')!.id;

beforeAll(async () => {
  server = await startTestServer({ environment: 'development', clock });
  slack = server.sandbox.state<SlackState>('/slack', 'acme');
});
afterAll(() => server.close());

describe('team_chat message authors', () => {
  it('carry the email the member directory gives, and link the message to that person by member id too', async () => {
    const { messages } = await run('list_messages', { channel_id: general(), limit: 20 });
    const authored = (messages as Array<{ author_id: string | null; author_email?: string }>).find(
      (m) => m.author_id && m.author_email,
    )!;
    const person = slack.people.find((p) => p.slackId === authored.author_id)!;
    expect(authored.author_email).toBe(person.email);
    await server.app.services.graph?.drain();
    const token = await server.tokenFor('acme');
    const found = await call(server, 'POST', '/mcp/graph/execute', {
      token,
      body: { tool: 'get_person', arguments: { person: person.slackId } },
    });
    expect(found.body.data).toMatchObject({ match: 'one', person: person.email });
    // Only the directory tied the member id to the email.
    expect(found.body.data.identities).toContainEqual({
      system: 'chat',
      kind: 'slack_member_id',
      value: person.slackId,
      linked_by: 'directory',
      linked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(found.body.data.work.authored.map((w: { node_type: string }) => w.node_type)).toContain('chat_message');
  });

  it('read the directory once per tenant within its short life, again after it', async () => {
    const before = slack.directoryReads ?? 0;
    await run('list_messages', { channel_id: general(), limit: 5 });
    await run('list_messages', { channel_id: general(), limit: 5, offset: 5 });
    expect(slack.directoryReads ?? 0).toBe(before);
    clock.advance(6 * MINUTE);
    await run('list_messages', { channel_id: general(), limit: 5 });
    await run('list_messages', { channel_id: general(), limit: 5 });
    expect(slack.directoryReads).toBe(before + 1);
  });
});
