import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtStdioCommand } from '../helpers/cli.js';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The logging capability (2025-11-25 server/utilities/logging; in 2026-07-28 the level travels in each
 * request's `_meta`): a client that asks for a level hears, while a call runs, that it started, every
 * upstream retry it waits on, and how it ended; a client that asked for nothing hears nothing.
 */
interface LogLine {
  level: string;
  logger?: string;
  data: { message: string; [key: string]: unknown };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ mcp: { mode: 'full' } });
});
afterAll(() => server?.close());
afterEach(() => server.sandbox.faults.clear());

/** A 2025-era client over stateless HTTP that keeps the log lines it hears. */
async function legacyClient(email?: string): Promise<{ client: Client; lines: LogLine[] }> {
  const client = await connectMcpClient(server, await server.tokenFor('acme', email), 'logging-test');
  const lines: LogLine[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
    lines.push(note.params as LogLine);
  });
  return { client, lines };
}

const messages = (lines: LogLine[]) => lines.map((line) => `${line.level}: ${line.data.message}`);
const repository = (repo: string) => ({ name: 'code_host_get_repository', arguments: { repo_id: repo } });

describe('2025-era clients over stateless HTTP', () => {
  it('declares the capability and sends nothing until the client sets a level', async () => {
    const { client, lines } = await legacyClient();
    expect(client.getServerCapabilities()?.logging).toEqual({});
    const result = await client.callTool(repository('acme/web'));
    expect(result.isError).toBeFalsy();
    expect(lines).toEqual([]);
    await client.close();
  });

  it('keeps the level a client set for its next calls (each a request of its own), and filters below it', async () => {
    const { client, lines } = await legacyClient();
    await client.setLoggingLevel('debug');
    // A rate-limited first answer: the call waits and retries, and says so.
    server.sandbox.faults.add({ prefix: '/github', path: '/repos/acme/api', status: 429, retryAfter: 0, times: 1 });
    const result = await client.callTool(repository('acme/api'));
    expect(result.isError).toBeFalsy();
    expect(messages(lines)).toEqual([
      'debug: code_host_get_repository started',
      expect.stringMatching(/^warning: GitHub answered 429: retrying in 0 s$/),
      expect.stringMatching(/^info: code_host_get_repository finished in \d+ ms$/),
    ]);
    expect(lines.every((line) => line.logger === 'constellation')).toBe(true);
    expect(lines[1].data).toMatchObject({ upstream: 'GitHub', attempt: 1 });

    lines.length = 0;
    await client.setLoggingLevel('warning');
    await client.callTool(repository('acme/mobile'));
    expect(lines).toEqual([]);
    await client.close();
  });

  it('says how a failed call ended, at the error level', async () => {
    const { client, lines } = await legacyClient();
    await client.setLoggingLevel('error');
    const result = await client.callTool(repository('acme/no-such-repository'));
    expect(result.isError).toBe(true);
    expect(messages(lines)).toEqual([
      expect.stringMatching(/^error: code_host_get_repository failed after \d+ ms: .*not found/i),
    ]);
    expect(lines[0].data).toMatchObject({ tool: 'code_host_get_repository', code: 'NOT_FOUND' });
    await client.close();
  });

  it('keeps one client’s level to itself: another user of the tenant hears nothing', async () => {
    const first = await legacyClient();
    await first.client.setLoggingLevel('debug');
    const other = await legacyClient('grace@acme.test');
    await other.client.callTool(repository('acme/web'));
    expect(other.lines).toEqual([]);
    await first.client.close();
    await other.client.close();
  });

  it('refuses a level the protocol does not have', async () => {
    const { client } = await legacyClient();
    await expect(
      client.request({ method: 'logging/setLevel', params: { level: 'verbose' } }, {} as never),
    ).rejects.toThrow();
    await client.close();
  });
});

describe('2026-07-28 clients', () => {
  it('send the level in the request’s _meta, and hear the call’s lines at that level and above', async () => {
    const client = new ModernClient(
      { name: 'logging-test', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new ModernHttp(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': await server.tokenFor('acme') } },
      }),
    );
    const lines: LogLine[] = [];
    client.setNotificationHandler('notifications/message', (note) => {
      lines.push(note.params as LogLine);
    });
    await client.callTool(repository('acme/web'));
    expect(lines).toEqual([]);
    await client.callTool({ ...repository('acme/api'), _meta: { 'io.modelcontextprotocol/logLevel': 'info' } });
    expect(messages(lines)).toEqual([expect.stringMatching(/^info: code_host_get_repository finished in \d+ ms$/)]);
    await client.close();
  });
});

describe('over stdio (the built command)', () => {
  it('sends the lines once the host sets a level', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const client = new Client({ name: 'logging-test', version: '1' });
    await client.connect(new StdioClientTransport(await builtStdioCommand(['mcp', '--demo', '--tool-mode', 'full'])));
    const lines: LogLine[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
      lines.push(note.params as LogLine);
    });
    await client.setLoggingLevel('info');
    await client.callTool(repository('acme/web'));
    expect(messages(lines)).toEqual([expect.stringMatching(/^info: code_host_get_repository finished in \d+ ms$/)]);
    await client.close();
  });
});
