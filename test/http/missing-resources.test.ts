import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemServer } from '../helpers/sandbox.js';
import { call, type TestServer } from '../helpers/server.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server } = await systemServer('code_host'));
  token = await server.tokenFor('acme');
});
afterAll(async () => server?.close());

const execute = (tool: string, args: Record<string, unknown>) =>
  call(server, 'POST', '/mcp/code_host/execute', { token, body: { tool, arguments: args } });

describe('a missing resource names what was missing', () => {
  it('code_host_get_issue on a missing issue says which issue', async () => {
    const response = await execute('get_issue', { repo_id: 'acme/api', issue_number: 999 });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Issue acme/api#999 not found' },
    });
  });

  it('code_host_get_repository on a missing or foreign repository names it', async () => {
    for (const repo_id of ['acme/nonesuch', 'globex/platform']) {
      const response = await execute('get_repository', { repo_id });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({
        success: false,
        error: { code: 'NOT_FOUND', message: `Repository ${repo_id} not found` },
      });
    }
  });
});
