import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { RouteModule } from '../../src/http/route-module.js';
import { defineIntegration } from '../../src/integrations/integration.js';
import { MANIFESTS } from '../../tools/index.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { manifest as statusPage, statusPageIntegration } from './example-system/status-page.js';

declare module '../../src/integrations/integration.js' {
  interface CredentialSourceIds {
    statuspage_platform: true;
  }
}

/**
 * The example system's upstream reached as a unified API is: with the platform's own account (a
 * credential source the upstream brings, its demo account at the fake), and with routes of its own
 * that every system reaching it names.
 */
const demoPart = await statusPageIntegration.demo!();
const platformIntegration = defineIntegration({
  ...statusPageIntegration,
  sources: ['statuspage_platform'],
  ownSource: (access) => ({
    id: 'statuspage_platform',
    read: async (caller) =>
      (await access.consumerOf(caller.tenantId)) ? access.demo?.platformAccountOf('statuspage') : undefined,
  }),
  demo: async () => ({
    ...demoPart,
    platformAccount: {
      settings: (fakeUrl) => demoPart.credentials('acme', fakeUrl),
      consumerOf: (workspace) => `${workspace}-consumer`,
    },
  }),
});

let mounts = 0;
const upstreamStatus: RouteModule = (routes) => {
  mounts++;
  routes.add(
    {
      method: 'get',
      path: '/status-platform/health',
      operationId: 'statusPlatformHealth',
      summary: 'Whether the status platform answers',
      tag: 'system',
      security: 'none',
    },
    (_req, res) => void res.json({ ok: true }),
  );
};

const platformStatusPage: SystemManifest = {
  ...statusPage,
  integrations: [platformIntegration],
  rest: { ...statusPage.rest, upstreamRoutes: [upstreamStatus] },
};
/** A second system reaching the same upstream names its routes too: they are mounted once. */
const anotherReachingIt: SystemManifest = {
  system: { ...statusPage.system, id: 'status_history', name: 'Status history' },
  tools: [],
  integrations: [platformIntegration],
  rest: { upstreamRoutes: [upstreamStatus] },
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ manifests: [...MANIFESTS, platformStatusPage, anotherReachingIt] });
}, 30_000);
afterAll(() => server.close());

describe('an upstream’s parts, declared by its package and the manifests alone', () => {
  it('serves the tools through the credential source the upstream brings, with its demo account', async () => {
    const token = await server.tokenFor('acme');
    const response = await call(server, 'POST', '/mcp/status_page/execute', {
      token,
      body: { tool: 'get_incidents', arguments: {} },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.incidents.map((i: { id: string }) => i.id)).toEqual(['inc-acme-1']);
  });

  it('mounts the routes of the upstream once, however many systems name them', async () => {
    expect((await call(server, 'GET', '/status-platform/health')).body).toEqual({ ok: true });
    const doc = (await call(server, 'GET', '/openapi.json')).body;
    expect(doc.paths['/status-platform/health'].get.operationId).toBe('statusPlatformHealth');
    const ids = Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op.operationId));
    expect(ids.filter((id) => id === 'statusPlatformHealth')).toHaveLength(1);
    expect(mounts).toBe(1);
  });
});
