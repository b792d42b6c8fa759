import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callClient } from '../helpers/cli.js';
import { connectMcpClient, listEveryTool } from '../helpers/mcp-session.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

// The specification names this tool `get_developer_ticket_metrics_all_projects`, too long for hosts that
// prefix names with the server's: it is listed under a shorter name and still answers to the spec's.
// The `call` client runs from dist/ (run `npm run build` first when running vitest directly).
const LISTED = 'ticketing_get_developer_metrics_all_projects';
const SPEC = 'ticketing_get_developer_ticket_metrics_all_projects';

describe('a tool renamed to fit host limits answers to its spec name everywhere a tool is named', () => {
  let server: TestServer;
  let token: string;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer();
    token = await server.tokenFor('acme');
    client = await connectMcpClient(server, token);
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('tools/list shows the short name once and not the spec name; tools/call takes either', async () => {
    const names = (await listEveryTool(client)).tools.map((t) => t.name);
    expect(names.filter((name) => name === LISTED)).toHaveLength(1);
    expect(names).not.toContain(SPEC);
    const bySpec = await client.callTool({ name: SPEC, arguments: { limit: 2 } });
    const byListed = await client.callTool({ name: LISTED, arguments: { limit: 2 } });
    expect(bySpec.isError).toBeFalsy();
    expect(bySpec.structuredContent).toMatchObject({
      developers: expect.any(Array),
      total_developers: expect.any(Number),
    });
    expect((bySpec.structuredContent as { total_developers: number }).total_developers).toBe(
      (byListed.structuredContent as { total_developers: number }).total_developers,
    );
  });

  it('POST /mcp/ticketing/execute takes the spec name, snake or kebab case', async () => {
    for (const tool of ['get_developer_ticket_metrics_all_projects', 'get-developer-ticket-metrics-all-projects']) {
      const result = await call(server, 'POST', '/mcp/ticketing/execute', {
        token,
        body: { tool, arguments: { limit: 1 } },
      });
      expect(result.status, tool).toBe(200);
      expect(result.body.data.developers).toBeInstanceOf(Array);
    }
  });

  it("the spec name's method routes answer as the tool's own", async () => {
    for (const path of [
      '/ticketing/get-developer-ticket-metrics-all-projects',
      '/v1/ticketing/get-developer-ticket-metrics-all-projects',
      '/ticketing/get-developer-metrics-all-projects',
    ]) {
      const result = await call(server, 'GET', `${path}?limit=1`, { token });
      expect(result.status, path).toBe(200);
      expect(result.body.data.developers).toBeInstanceOf(Array);
    }
  });

  it('GET /v1/meta lists the method once, with the spec name as an alias, and the `call` client takes it', async () => {
    const meta = (await call(server, 'GET', '/v1/meta')).body as {
      services: Array<{ name: string; methods: Array<{ name: string; aliases?: string[] }> }>;
    };
    const methods = meta.services.find((s) => s.name === 'ticketing')?.methods ?? [];
    expect(methods.filter((m) => m.name.includes('all_projects') && m.name.includes('developer'))).toEqual([
      expect.objectContaining({
        name: 'get_developer_metrics_all_projects',
        aliases: ['get_developer_ticket_metrics_all_projects'],
      }),
    ]);
    const env = {
      CONSTELLATION_SERVER_URL: server.url,
      CONSTELLATION_TOKEN: token,
      CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-spec-names-')),
    };
    const run = await callClient(
      ['ticketing', 'get-developer-ticket-metrics-all-projects', '--limit', '1', '--output', 'json'],
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ success: true, data: { developers: expect.any(Array) } });
  });
});
