import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { demoUsers, suiteCall } from './suite-routes.js';

let server: TestServer;
let me: string;

beforeAll(async () => {
  server = await startTestServer();
  [me] = demoUsers(server, 'acme');
});
afterAll(() => server.close());

const as = (method: string, path: string, body?: unknown) => suiteCall(server, 'acme', me, method, path, body);
type Row = Record<string, unknown>;

async function aSpace(): Promise<string> {
  const spaces = (await as('GET', '/suite/chat/spaces?filter=spaceType%20%3D%20%22SPACE%22')).body.data as Row[];
  return String(spaces[0].name);
}

describe('suite chat routes', () => {
  it('lists the user’s spaces, filtered by type, and reads one with or without the spaces/ prefix', async () => {
    const all = await as('GET', '/suite/chat/spaces');
    expect(all.status).toBe(200);
    const spaces = all.body.data as Row[];
    expect(all.body).toMatchObject({ success: true, count: spaces.length });
    expect(spaces[0]).toMatchObject({ name: expect.stringMatching(/^spaces\//), type: expect.any(String) });
    const rooms = (await as('GET', '/suite/chat/spaces?filter=spaceType%20%3D%20%22SPACE%22')).body.data as Row[];
    expect(rooms.length).toBeGreaterThan(0);
    expect(
      rooms.every(
        (s) =>
          s.spaceType === 'SPACE' && typeof s.displayName === 'string' && s.spaceThreadingState === 'THREADED_MESSAGES',
      ),
    ).toBe(true);

    const name = String(rooms[0].name);
    const bare = name.slice('spaces/'.length);
    expect((await as('GET', `/suite/chat/spaces/${bare}`)).body.data).toMatchObject({ name });
    expect((await as('GET', `/suite/chat/spaces/${encodeURIComponent(name)}`)).body.data).toMatchObject({ name });
    expect((await as('GET', '/suite/chat/spaces?max_results=1')).body.count).toBe(1);
  });

  it('lists and reads messages and members', async () => {
    const space = encodeURIComponent(await aSpace());
    const messages = await as('GET', `/suite/chat/spaces/${space}/messages?max_results=5`);
    expect(messages.status).toBe(200);
    const rows = messages.body.data as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(rows[0]).toMatchObject({
      name: expect.stringMatching(/^spaces\/[^/]+\/messages\//),
      text: expect.any(String),
      sender: { name: expect.stringMatching(/^users\//) },
      createTime: expect.any(String),
    });
    const id = String(rows[0].name).split('/').at(-1) as string;
    expect((await as('GET', `/suite/chat/spaces/${space}/messages/${id}`)).body.data).toMatchObject({
      name: rows[0].name,
      text: rows[0].text,
    });

    const members = await as('GET', `/suite/chat/spaces/${space}/members`);
    const people = members.body.data as Row[];
    expect(members.body.count).toBe(people.length);
    expect(people[0]).toMatchObject({
      name: expect.stringContaining('/members/'),
      member: { name: expect.stringMatching(/^users\//) },
      role: expect.stringMatching(/^ROLE_/),
    });
    const memberId = String(people[0].name).split('/').at(-1) as string;
    expect((await as('GET', `/suite/chat/spaces/${space}/members/${memberId}`)).body.data).toMatchObject({
      name: people[0].name,
      role: people[0].role,
    });
  });

  it('sends, threads by key, edits and deletes a message', async () => {
    const space = encodeURIComponent(await aSpace());
    const first = await as('POST', `/suite/chat/spaces/${space}/messages`, {
      text: 'Deploy starts',
      thread_key: 'deploy-42',
    });
    expect(first.status).toBe(200);
    const sent = first.body.data as { name: string; text: string; createTime: string; thread: string };
    expect(sent).toMatchObject({
      name: expect.stringMatching(/^spaces\//),
      text: 'Deploy starts',
      createTime: expect.any(String),
    });
    const reply = (
      await as('POST', `/suite/chat/spaces/${space}/messages`, { text: 'Deploy done', thread_key: 'deploy-42' })
    ).body.data as { thread: string };
    expect(reply.thread).toBe(sent.thread);

    const id = sent.name.split('/').at(-1) as string;
    const edited = await as('PUT', `/suite/chat/spaces/${space}/messages/${id}`, { text: 'Deploy started' });
    expect(edited).toMatchObject({ status: 200, body: { data: { name: sent.name, text: 'Deploy started' } } });
    expect(await as('DELETE', `/suite/chat/spaces/${space}/messages/${id}`)).toMatchObject({
      status: 200,
      body: { success: true, data: { deleted: true } },
    });
    expect(await as('GET', `/suite/chat/spaces/${space}/messages/${id}`)).toMatchObject({
      status: 404,
      body: { detail: expect.any(String) },
    });
  });

  it('refuses bad input with a 400 naming the bound, and sends nothing empty', async () => {
    const space = encodeURIComponent(await aSpace());
    for (const path of [
      '/suite/chat/spaces?max_results=0',
      '/suite/chat/spaces?max_results=1001',
      `/suite/chat/spaces/${space}/messages?max_results=1001`,
      `/suite/chat/spaces/${space}/members?max_results=0`,
    ]) {
      const answer = await as('GET', path);
      expect(answer.status, path).toBe(400);
      expect(String(answer.body.detail), path).toContain('max_results must be between 1 and 1000');
    }
    const before = ((await as('GET', `/suite/chat/spaces/${space}/messages?max_results=1000`)).body.data as Row[])
      .length;
    const empty = await as('POST', `/suite/chat/spaces/${space}/messages`, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(String(empty.body.detail)).toContain('text must not be empty');
    expect(((await as('GET', `/suite/chat/spaces/${space}/messages?max_results=1000`)).body.data as Row[]).length).toBe(
      before,
    );
  });

  it('passes Google’s errors through with their status: an unknown space is a 404, an invalid filter a 400', async () => {
    expect(await as('GET', '/suite/chat/spaces/nosuchspace')).toMatchObject({
      status: 404,
      body: { detail: expect.stringContaining('not found') },
    });
    expect(await as('GET', '/suite/chat/spaces?filter=bogus')).toMatchObject({
      status: 400,
      body: { detail: expect.any(String) },
    });
  });
});
