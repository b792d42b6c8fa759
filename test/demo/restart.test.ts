import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { laneDatabaseEnv } from '../helpers/lane-env.js';
import { call, startTestServer } from '../helpers/server.js';

const dir = mkdtempSync(join(tmpdir(), 'constellation-demo-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('demo tokens across a restart', () => {
  it('a token from GET /demo keeps reaching the sandbox after the server restarts on a new sandbox port', async () => {
    const config = { databaseFile: join(dir, 'demo.db') };
    // The same database for both servers, whichever backend the lane runs on.
    const env = await laneDatabaseEnv();
    const first = await startTestServer({ config, env });
    const demo = await call(first, 'GET', '/demo');
    expect(demo.status).toBe(200);
    const token: string = demo.body.data.users[0].token;
    const firstSandbox = first.sandbox.url;
    expect((await call(first, 'GET', '/code_host/get-repositories', { token })).status).toBe(200);
    await first.close();

    const second = await startTestServer({ config, env });
    try {
      expect(second.sandbox.url).not.toBe(firstSandbox);
      const repositories = await call(second, 'GET', '/code_host/get-repositories', { token });
      expect(repositories.status).toBe(200);
      expect(repositories.body.success).toBe(true);
      expect(JSON.stringify(repositories.body.data)).toContain('acme');
    } finally {
      await second.close();
    }
  });

  it('demo tokens carry a sandbox reference, not the address of the running sandbox', async () => {
    const server = await startTestServer();
    try {
      const connections = server.callerFor('acme').connections;
      expect(connections.code_host).toMatchObject({ baseUrl: 'sandbox:/github' });
      expect(JSON.stringify(connections)).not.toContain(server.sandbox.url);
    } finally {
      await server.close();
    }
  });
});
