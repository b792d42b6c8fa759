import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackOf } from '../helpers/chat.js';
import { callClient } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// `node bin/constellation.js call chat list-messages ...` against a running server (dist/ must be built).

const cli = callClient;

let server: TestServer;
let env: Record<string, string>;
let args: string[];
let expected: string[];

beforeAll(async () => {
  server = await startTestServer();
  env = {
    CONSTELLATION_SERVER_URL: server.url,
    CONSTELLATION_TOKEN: await server.tokenFor('acme'),
    CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-chat-cli-')),
  };
  const { general, state } = slackOf(server);
  args = ['chat', 'list-messages', '--channel_id', general, '--limit', '3', '--oldest', '2026-01-01'];
  const topLevel =
    state.channels.find((c) => c.id === general)?.messages.filter((m) => !m.threadTs || m.threadTs === m.ts) ?? [];
  expected = topLevel
    .slice(-3)
    .map((m) => m.ts)
    .reverse();
});
afterAll(() => server.close());

describe('constellation call chat list-messages', () => {
  it('json: the response body with the page', async () => {
    const run = await cli([...args, '--output', 'json'], env);
    expect(run.code, run.stderr).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(body.data.messages.map((m: { id: string }) => m.id)).toEqual(expected);
    expect(body.data.has_more).toBe(true);
    const next = await cli([...args, '--cursor', body.data.next_cursor, '-o', 'json'], env);
    expect(next.code, next.stderr).toBe(0);
    expect(JSON.parse(next.stdout).data.messages[0].id).not.toBe(expected[0]);
  });

  it.each(['agent', 'csv', 'xml', 'plaintext'])('%s: every message of the page is in the output', async (mode) => {
    const run = await cli([...args, '--output', mode], env);
    expect(run.code, run.stderr).toBe(0);
    for (const ts of expected) expect(run.stdout).toContain(ts);
  });

  it('an unparseable bound is refused with the server’s message', async () => {
    const run = await cli(['chat', 'list-messages', '--channel_id', args[3], '--oldest', 'soon'], env);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('oldest is not a time');
  });
});
