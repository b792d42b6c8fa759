import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltDemo, type SpawnedServer } from '../helpers/built-server.js';
import { builtStdioCommand } from '../helpers/cli.js';
import { call } from '../helpers/server.js';

/**
 * What a new Node major breaks first, on the built command as a host runs it: start-up over streamable
 * HTTP and over stdio, one call through each surface (REST, MCP over HTTP, MCP over stdio), the native
 * modules (better-sqlite3 opens the store at start, sqlite-vec stores and searches vectors) and an
 * upload prepared in the worker pool, and a clean exit (native objects collected at teardown have aborted
 * the process on a new Node before). `.ci/run` runs this file alone on the newest Node.
 */
const REPOSITORY = { name: 'code_host_get_repository', arguments: { repo_id: 'acme/api' } };

describe(`the built server on Node ${process.versions.node}`, () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await startBuiltDemo();
  });
  afterAll(() => server?.stop());

  it('answers over REST', async () => {
    expect((await call(server, 'GET', '/health')).status).toBe(200);
    const answer = await call(server, 'POST', '/mcp/code_host/execute', {
      body: { tool: 'get_repository', arguments: { repo_id: 'acme/api' } },
    });
    expect(answer.status, server.stderr()).toBe(200);
    expect(answer.body.data.full_name).toBe('acme/api');
  });

  it('answers MCP over streamable HTTP', async () => {
    const client = new Client({ name: 'smoke', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    try {
      expect((await client.callTool(REPOSITORY)).structuredContent).toMatchObject({ full_name: 'acme/api' });
    } finally {
      await client.close();
    }
  });

  it('prepares an upload in a worker and finds it again by meaning', async () => {
    const form = new FormData();
    form.append('file', new Blob(['The launch plan for the payments team: refunds within thirty days.']), 'plan.txt');
    const uploaded = await fetch(`${server.url}/documents/upload`, { method: 'POST', body: form });
    expect(uploaded.status, server.stderr()).toBe(200);
    expect(((await uploaded.json()) as { chunk_count: number }).chunk_count).toBe(1);
    const found = await call(server, 'POST', '/documents/query', {
      body: { query: 'refund policy of the payments team', mode: 'vector_only' },
    });
    expect(found.status).toBe(200);
    expect(found.body.results.map((r: { metadata: { filename: string } }) => r.metadata.filename)).toEqual([
      'plan.txt',
    ]);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    expect(await server.stop(), server.stderr()).toBe(0);
  });
});

describe(`MCP over stdio on Node ${process.versions.node}`, () => {
  const client = new Client({ name: 'smoke', version: '1' });
  beforeAll(async () => {
    await client.connect(new StdioClientTransport(await builtStdioCommand(['mcp', '--demo', '--tool-mode', 'full'])));
  });
  afterAll(() => client.close());

  it('starts, lists the catalog and calls a tool', async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain(REPOSITORY.name);
    expect((await client.callTool(REPOSITORY)).structuredContent).toMatchObject({ full_name: 'acme/api' });
  });
});
