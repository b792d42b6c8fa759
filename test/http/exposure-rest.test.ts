import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

// A server whose settings expose the code host's issue tools, read-only (as `--toolsets code_host.issues --read-only`).
const SETTINGS = { toolsets: ['code_host.issues'], readOnly: true };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: SETTINGS, mcp: { mode: 'full', ...SETTINGS } });
});
afterAll(() => server.close());

const names = (tools: Array<{ name: string }>) => tools.map((t) => t.name);

describe("the server's exposure settings on REST", () => {
  it('REST calls of a tool the settings leave out are refused as MCP refuses them, naming the setting', async () => {
    const token = await server.tokenFor('acme');
    const action = await call(server, 'POST', '/mcp/code_host/execute', {
      token,
      body: { tool: 'add_issue_comment', arguments: { repo_id: 'acme/web', issue_number: 1, body: 'hi' } },
    });
    expect(action.status).toBe(403);
    expect(action.body.error).toMatchObject({
      code: 'FORBIDDEN',
      message:
        '"code_host_add_issue_comment" is an action tool and this server is read-only (--read-only), so it cannot be called here',
    });
    const outside = await call(server, 'POST', '/mcp/code_host/execute', {
      token,
      body: { tool: 'get_repository', arguments: { repo_id: 'acme/web' } },
    });
    expect(outside.status).toBe(403);
    expect(outside.body.error.message).toContain('is outside the toolsets code_host.issues (--toolsets)');
    const inside = await call(server, 'POST', '/mcp/code_host/execute', {
      token,
      body: { tool: 'get_issues', arguments: { repo_id: 'acme/web' } },
    });
    expect(inside.status).toBe(200);
  });

  it('REST listings show only what the settings expose', async () => {
    const listed = names((await call(server, 'GET', '/mcp/code_host/tools')).body.tools);
    expect(listed).toContain('get_issues');
    expect(listed).not.toContain('add_issue_comment');
    expect(listed).not.toContain('get_repository');
    expect((await call(server, 'GET', '/mcp/systems')).body.systems).toEqual(['code_host']);
    expect((await call(server, 'GET', '/mcp/wiki/tools')).body.tools).toEqual([]);
    const meta = (await call(server, 'GET', '/v1/meta')).body as { services: Array<{ name: string }> };
    expect(meta.services.map((service) => service.name)).toEqual(['code_host']);
  });
});
