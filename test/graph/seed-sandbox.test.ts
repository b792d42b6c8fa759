import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_PROFILES } from '../../src/sandbox/github/seed/index.js';
import { WORKSPACE_IDS } from '../../src/sandbox/credentials.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ environment: 'development' });
});
afterAll(() => server.close());

const nodesOf = async (token: string, type: string) => {
  const res = await call(server, 'POST', '/graph/query', { token, body: { query: `MATCH (n:${type})` } });
  expect(res.status).toBe(200);
  return res.body.data.nodes as Array<{ node_id: string; properties: Record<string, unknown> }>;
};

describe('POST /graph/seed in demo mode', () => {
  it.each(WORKSPACE_IDS)(
    'seeds %s with its sandbox workspace people and repositories, which the tools also return',
    async (workspace) => {
      const token = await server.tokenFor(workspace);
      expect((await call(server, 'POST', '/graph/seed', { token })).status).toBe(200);
      const people = server.sandbox.seeds[workspace].people;
      const users = await nodesOf(token, 'user');
      expect(users.length).toBeGreaterThan(0);
      for (const user of users) expect(people.map((p) => p.email)).toContain(user.node_id);

      const repositories = await nodesOf(token, 'repository');
      expect(repositories.length).toBeGreaterThan(0);
      const sandboxRepos = REPO_PROFILES[workspace].map(
        (r) => `${server.sandbox.seeds[workspace].identity.org}/${r.name}`,
      );
      for (const repository of repositories) expect(sandboxRepos).toContain(repository.node_id);

      // What the graph names, the code_host tools can fetch.
      const first = repositories[0].node_id;
      const read = await call(server, 'POST', '/mcp/code_host/execute', {
        token,
        body: { tool: 'get_contributors', arguments: { repo_id: first } },
      });
      expect(read.status).toBe(200);
      const byEmail = await call(server, 'POST', '/mcp/code_host/execute', {
        token,
        body: { tool: 'get_user_by_email', arguments: { email: users[0].node_id } },
      });
      expect(byEmail.status).toBe(200);
    },
  );
});
