import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';

/**
 * Every address a caller gives for the user's browser to land on after authorizing (the vault
 * session's `redirectUri`, chat's `return_url`) is https:, or http: to a loopback host on a development
 * server: never `javascript:`, `data:` or plain HTTP elsewhere. 400 naming the field otherwise.
 */
const vaultSession = (server: TestServer, redirectUri: string, headers: Record<string, string> = {}) =>
  call(server, 'POST', '/auth/vault-session', {
    apiKey: TEST_API_KEY,
    headers: { 'X-Tenant-Id': 'acme', ...headers },
    body: { integration: 'crm', redirectUri },
  });

describe('on a development server', () => {
  let server: TestServer;
  beforeAll(async () => {
    // An operator may allow `Origin: null` (sandboxed frames); a javascript: URL's origin is null too.
    server = await startTestServer({ config: { allowedOrigins: ['null'] } });
  }, 30_000);
  afterAll(() => server?.close());

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://evil.example/done',
    'ftp://files.example/',
  ])('the vault session refuses redirectUri %s with 400 naming it', async (redirectUri) => {
    const { status, body } = await vaultSession(server, redirectUri);
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      error: {
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/^redirectUri must be an https: URL/),
        details: expect.any(Array),
      },
    });
  });

  it('the vault session takes https: anywhere and http: to loopback', async () => {
    expect((await vaultSession(server, 'https://app.example/done')).status).toBe(201);
    expect((await vaultSession(server, 'http://127.0.0.1:5173/done')).status).toBe(201);
    expect((await vaultSession(server, 'http://localhost:5173/done')).status).toBe(201);
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi'])(
    'chat authorization refuses return_url %s with 400 naming it',
    async (returnUrl) => {
      const token = await server.tokenFor('acme');
      const answer = await fetch(`${server.url}/oauth/chat/authorize?return_url=${encodeURIComponent(returnUrl)}`, {
        headers: { 'Access-Token': token },
        redirect: 'manual',
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ detail: expect.stringMatching(/^return_url must be an https: URL/) });
    },
  );
});

describe('on a production server', () => {
  let server: TestServer;
  const overTls = { 'X-Forwarded-Proto': 'https' };
  beforeAll(async () => {
    server = await startTestServer({ environment: 'production', sandbox: false, config: { trustProxy: 'loopback' } });
    const created = await call(server, 'POST', '/admin/tenants', {
      apiKey: TEST_API_KEY,
      headers: overTls,
      body: { id: 'acme', consumerId: 'acme-consumer', name: 'Acme' },
    });
    expect(created.status).toBe(201);
  }, 30_000);
  afterAll(() => server?.close());

  it('the vault session refuses http: even to loopback', async () => {
    const { status, body } = await vaultSession(server, 'http://127.0.0.1:5173/done', overTls);
    expect([status, body.error?.message]).toEqual([400, expect.stringMatching(/^redirectUri must be an https: URL/)]);
  });
});
