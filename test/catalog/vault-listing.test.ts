import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import { MANIFESTS } from '../../tools/index.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';
import { manifest as statusPage } from './example-system/status-page.js';

/** The example system, declaring in its manifest that tenants authorize it through the vault. */
const authorizedThroughVault: SystemManifest = {
  ...statusPage,
  vault: {
    integration: {
      id: 'status_page',
      name: 'Status page',
      unifiedApi: 'issue-tracking',
      description: 'Incidents of the status page',
    },
    position: 6,
  },
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ manifests: [...MANIFESTS, authorizedThroughVault] });
}, 30_000);
afterAll(() => server.close());

const asTenant = { apiKey: TEST_API_KEY, headers: { 'X-Tenant-Id': 'acme' } };

describe('a system offered through the vault by its manifest alone', () => {
  it('is listed by GET /auth/integrations after the integrations it follows', async () => {
    const { status, body } = await call(server, 'GET', '/auth/integrations', asTenant);
    expect(status).toBe(200);
    expect(body.data.integrations.map((i: { id: string }) => i.id)).toEqual([
      'ticketing',
      'code_host',
      'crm',
      'team_chat',
      'notes',
      'calendar',
      'status_page',
    ]);
    expect(body.data.integrations.at(-1)).toEqual(authorizedThroughVault.vault?.integration);
  });

  it('can be named by a vault session, which offers its unified API', async () => {
    const { status, body } = await call(server, 'POST', '/auth/vault-session', {
      ...asTenant,
      body: { integration: 'status_page' },
    });
    expect([status, body.meta.integration]).toEqual([201, 'status_page']);
    const page = await (await fetch(body.data.sessionUri)).text();
    expect(page).toContain('(issue-tracking)');
    expect(page).not.toContain('(crm)');
  });

  it('is among the supported integrations a wrong one is told of', async () => {
    const { status, body } = await call(server, 'POST', '/auth/vault-session', {
      ...asTenant,
      body: { integration: 'status' },
    });
    expect([status, body.error.code]).toEqual([400, 'INVALID_INTEGRATION']);
    expect(body.error.message).toBe(
      'Unsupported integration: status. Supported: ticketing, code_host, crm, team_chat, notes, calendar, status_page',
    );
  });
});
