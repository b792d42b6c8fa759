import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { call, startTestServer, TEST_API_KEY, TEST_JWT_SECRET, type TestServer } from '../helpers/server.js';

/** With CONSTELLATION_TOKEN_ENCRYPTION_KEY, tokens are JWE: a leaked token does not show its credentials. */
const KEY = new Uint8Array(32).map((_, i) => (i * 37 + 11) % 256);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { tokenEncryptionKey: KEY } });
});
afterAll(() => server.close());

describe('encrypted tokens', () => {
  it('issues a JWE that hides the credentials and works on every route', async () => {
    const issued = await call(server, 'POST', '/admin/token', {
      apiKey: TEST_API_KEY,
      body: { tenant_id: 'acme', user_email: 'me@acme.test', connections: server.callerFor('acme').connections },
    });
    const token: string = issued.body.token;
    expect(token.split('.')).toHaveLength(5);
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({
      alg: 'dir',
      enc: 'A256GCM',
      cty: 'JWT',
    });
    expect(Buffer.from(token.replace(/\./g, ''), 'base64url').toString('latin1')).not.toContain('ghp_sandbox');
    const response = await call(server, 'POST', '/mcp/code_host/execute', {
      token,
      body: { tool: 'get_repository', arguments: { repo_id: 'acme/api' } },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.full_name).toBe('acme/api');
  });

  it('refuses a plain signed token, however valid its signature', async () => {
    const epoch = await server.app.tenants.epochOf('acme');
    const plain = await new SignJWT({ tenant_id: 'acme', tenant_epoch: epoch, connections: {} })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('constellation')
      .setAudience('constellation-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const response = await call(server, 'GET', '/graph/stats', { token: plain });
    expect(response.status).toBe(401);
    expect(JSON.stringify(response.body)).toContain('requires encrypted tokens');
  });

  it('refuses a key that is not 32 bytes, naming the variable', () => {
    expect(() => loadConfig({ CONSTELLATION_TOKEN_ENCRYPTION_KEY: 'short' })).toThrow(
      /CONSTELLATION_TOKEN_ENCRYPTION_KEY must be 32 bytes/,
    );
    expect(loadConfig({ CONSTELLATION_TOKEN_ENCRYPTION_KEY: 'ab'.repeat(32) }).tokenEncryptionKey).toHaveLength(32);
  });
});
