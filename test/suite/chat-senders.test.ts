import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleState } from '../../src/sandbox/google/index.js';
import { chatUserName } from '../../src/sandbox/google/chat/model.js';
import type { SlackState } from '../../src/sandbox/slack/index.js';
import { MAX_CANDIDATES } from '../../tools/suite/chat/senders.js';
import { ManualClock, MINUTE } from '../helpers/clock.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { demoUsers, suiteCall } from './suite-routes.js';

/** Google Chat senders (`users/<id>`, no email) become the colleague the space's membership names by email. */
const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
let server: TestServer;
let google: GoogleState;
let me: string;
let bob: string;
type Row = { name: string; sender: { name: string; email: string | null } };

const lookups = () => google.chat.memberLookupsByEmail ?? 0;
const indexOf = (email: string) => google.people.findIndex((p) => p.email === email);
const messagesAs = async (email: string, space: string) => {
  const res = await suiteCall(server, 'acme', email, 'GET', `/suite/chat/spaces/${space}/messages?max_results=50`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Row[];
};
/** A space of both users where someone other than the reader wrote. */
const sharedSpace = () =>
  [...google.chat.spaces.values()].find(
    (s) =>
      s.members.has(indexOf(me)) &&
      s.members.has(indexOf(bob)) &&
      (google.chat.messages.get(s.id) ?? []).some((m) => m.sender !== indexOf(me)),
  )!.id;

beforeAll(async () => {
  server = await startTestServer({ environment: 'development', clock });
  google = server.sandbox.state<GoogleState>('/google', 'acme');
  [me, bob] = demoUsers(server, 'acme');
  // The tenant's colleagues enter the graph through another system first: the workspace chat's authors.
  const slack = server.sandbox.state<SlackState>('/slack', 'acme');
  const general = slack.channels.find((c) => c.name === 'general')!.id;
  const token = await server.tokenFor('acme');
  const read = await call(server, 'POST', '/mcp/team_chat/execute', {
    token,
    body: { tool: 'list_messages', arguments: { channel_id: general, limit: 100 } },
  });
  expect(read.status).toBe(200);
  await server.app.services.graph?.drain();
});
afterAll(() => server.close());

describe('suite chat senders', () => {
  it('carry the email the space membership confirmed, and join the colleague in the graph by Chat user id', async () => {
    const space = sharedSpace();
    const messages = await messagesAs(me, space);
    const idBase = google.workspace.idBase;
    const named = messages.filter((m) => m.sender.email !== null);
    expect(named.length).toBeGreaterThan(0);
    // Every email given is the sender's own: nothing is guessed.
    for (const m of named) expect(chatUserName(idBase, indexOf(m.sender.email!))).toBe(m.sender.name);
    const colleague = named.find((m) => m.sender.email !== me)!;
    expect(colleague).toBeDefined();

    await server.app.services.graph?.drain();
    const token = await server.tokenFor('acme', me);
    const found = await call(server, 'POST', '/mcp/graph/execute', {
      token,
      body: { tool: 'get_person', arguments: { person: colleague.sender.email } },
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data).toMatchObject({ match: 'one', person: colleague.sender.email });
    expect(found.body.data.identities).toContainEqual({
      system: 'suite',
      kind: 'google_chat_user_id',
      value: colleague.sender.name,
      linked_by: 'directory',
      linked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // And the Chat user id alone finds the same person.
    const byChatId = await call(server, 'POST', '/mcp/graph/execute', {
      token,
      body: { tool: 'get_person', arguments: { person: colleague.sender.name } },
    });
    expect(byChatId.body.data).toMatchObject({ match: 'one', person: colleague.sender.email });
  });

  it('are found by email in a space: Google answers the membership of the member with that email', async () => {
    const space = sharedSpace();
    const before = lookups();
    const res = await suiteCall(server, 'acme', me, 'GET', `/suite/chat/spaces/${space}/members/${bob}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      name: `spaces/${space}/members/${chatUserName(google.workspace.idBase, indexOf(bob)).slice(6)}`,
      member: { name: chatUserName(google.workspace.idBase, indexOf(bob)) },
    });
    const stranger = await suiteCall(server, 'acme', me, 'GET', `/suite/chat/spaces/${space}/members/x@elsewhere.test`);
    expect(stranger.status).toBe(404);
    expect(lookups()).toBe(before + 2);
  });

  it('ask the membership a bounded number of times per space and user, again after the directory life', async () => {
    const space = sharedSpace();
    clock.advance(6 * MINUTE);
    const before = lookups();
    await messagesAs(me, space);
    const asked = lookups() - before;
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThanOrEqual(MAX_CANDIDATES);
    await messagesAs(me, space);
    expect(lookups()).toBe(before + asked);
    // Another user's grant is another client: their reads do not use the first user's answers.
    await messagesAs(bob, space);
    expect(lookups()).toBeGreaterThan(before + asked);
    const afterBob = lookups();
    await messagesAs(bob, space);
    expect(lookups()).toBe(afterBob);
    clock.advance(6 * MINUTE);
    await messagesAs(me, space);
    expect(lookups()).toBeGreaterThan(afterBob);
  });
});
