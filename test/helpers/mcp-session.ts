import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll } from 'vitest';
import type { WorkspaceId } from '../../src/sandbox/credentials.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

/** The four tools a host sees in discovery mode, in name order. */
export const DISCOVERY_TOOL_NAMES = ['describe_tool', 'execute_action_tool', 'execute_read_tool', 'search_tools'];

export interface ServerSession {
  server: TestServer;
  /** A demo user's token of the workspace. */
  token: string;
  /** An MCP client over streamable HTTP acting with that token. */
  client: Client;
}

/** An MCP client over streamable HTTP, connected to the server as the holder of `token`. */
export async function connectMcpClient(server: TestServer, token: string, name = 'test-session'): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': token } },
    }),
  );
  return client;
}

/**
 * A test file's server, a token and an MCP client, started before its tests and closed after them.
 * Read the fields inside tests (they are set once the hooks have run).
 */
export function useServerSession(workspace: WorkspaceId = 'acme', options: TestServerOptions = {}): ServerSession {
  const session = {} as ServerSession;
  beforeAll(async () => {
    session.server = await startTestServer(options);
    session.token = await session.server.tokenFor(workspace);
    session.client = await connectMcpClient(session.server, session.token);
  });
  afterAll(async () => {
    await session.client?.close();
    await session.server?.close();
  });
  return session;
}

interface ToolLister<T> {
  listTools(params?: { cursor?: string }): Promise<{ tools: T[]; nextCursor?: string }>;
}

/** Every tool a client is offered, page after page, as a host reads `tools/list`. */
export async function listEveryTool<T>(client: ToolLister<T>): Promise<{ tools: T[] }> {
  const tools: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined);
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return { tools };
}
