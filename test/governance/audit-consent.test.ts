import { afterAll, beforeAll, expect, it } from 'vitest';
import { consentThroughSandbox } from '../helpers/suite-consent.js';
import { TEST_API_KEY, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('records a user’s consent and revocation in the tenant’s audit log', async () => {
  const user = server.app.demo!.users().filter((u) => u.tenant_id === 'acme')[2].user_email;
  const token = await server.tokenFor('acme', user);
  const status = await fetch(`${server.url}/oauth/suite/status`, { headers: { 'X-JWT-Token': token } });
  const { auth_url: authUrl } = (await status.json()) as { auth_url: string };
  expect((await consentThroughSandbox(server, authUrl, user)).status).toBe(200);
  const revoked = await fetch(`${server.url}/oauth/suite/revoke`, {
    method: 'DELETE',
    headers: { 'X-JWT-Token': token },
  });
  expect(revoked.status).toBe(200);
  const exported = await fetch(`${server.url}/admin/audit?tenant_id=acme`, { headers: { 'X-API-KEY': TEST_API_KEY } });
  const lines = (await exported.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.user === user);
  expect(lines.map(({ kind, action, outcome }) => ({ kind, action, outcome }))).toEqual([
    { kind: 'consent', action: 'google', outcome: 'ok' },
    { kind: 'revoke', action: 'google', outcome: 'ok' },
  ]);
});
