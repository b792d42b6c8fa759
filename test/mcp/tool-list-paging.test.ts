import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../tools/index.js';
import { builtStdioCommand } from '../helpers/cli.js';
import { useServerSession } from '../helpers/mcp-session.js';

/**
 * The whole catalog listed in full: pages of at most 100,000 bytes of entries, each naming where the
 * next starts, so no host receives the catalog in one answer; a cursor continues only the list it came
 * from.
 */
const PAGE_BYTES = 100_000;
const catalog = buildRegistry().tools.map((t) => t.qualifiedName);

async function everyPage(client: Client): Promise<Array<{ tools: Tool[]; nextCursor?: string }>> {
  const pages = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

describe('tools/list in pages, over stdio (the built command, full mode)', () => {
  let client: Client;

  beforeAll(async () => {
    client = new Client({ name: 'paging-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport(await builtStdioCommand(['mcp', '--demo', '--tool-mode', 'full'])));
  });
  afterAll(() => client.close());

  it('lists every tool exactly once across pages of at most 100 KB', async () => {
    const pages = await everyPage(client);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page.tools))).toBeLessThanOrEqual(PAGE_BYTES);
    const names = pages.flatMap((p) => p.tools.map((t) => t.name));
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual([...catalog].sort());
  });

  it('refuses a cursor it did not issue', async () => {
    await expect(client.listTools({ cursor: 'not-a-cursor' })).rejects.toThrow(/Invalid cursor/);
    const forged = Buffer.from(JSON.stringify({ o: 5, d: 'another-list' })).toString('base64url');
    await expect(client.listTools({ cursor: forged })).rejects.toThrow(/not the one this cursor continues/);
  });
});

describe('tools/list in pages, over streamable HTTP', () => {
  const session = useServerSession('acme');

  it('does not continue another narrowing’s list with its cursor', async () => {
    const first = await session.client.listTools();
    expect(first.nextCursor).toEqual(expect.any(String));
    const narrowed = new Client({ name: 'narrowed', version: '1.0.0' });
    await narrowed.connect(
      new StreamableHTTPClientTransport(new URL(`${session.server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': session.token, 'X-MCP-Toolsets': 'graph' } },
      }),
    );
    try {
      await expect(narrowed.listTools({ cursor: first.nextCursor })).rejects.toThrow(
        /not the one this cursor continues/,
      );
      // A narrowing that fits one page is listed whole, without a cursor.
      const graph = await narrowed.listTools();
      expect(graph.nextCursor).toBeUndefined();
      expect(graph.tools.map((t) => t.name)).toEqual(catalog.filter((name) => name.startsWith('graph_')));
    } finally {
      await narrowed.close();
    }
  });
});
