import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rawRequest, startTestServer, type TestServer } from '../helpers/server.js';
import { storeRows } from '../helpers/store-sql.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('public system routes', () => {
  it('GET /health reports healthy with version and environment', async () => {
    const { status, body } = await call(server, 'GET', '/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'healthy', environment: 'test' });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(new Date(body.timestamp).toString()).not.toBe('Invalid Date');
  });

  it('GET /health is unhealthy (503) when the store cannot be used', async () => {
    const probe = await startTestServer({ sandbox: false });
    await storeRows(probe.app.store, 'DROP TABLE health_probe');
    const { status, body } = await call(probe, 'GET', '/health');
    await probe.close();
    expect(status).toBe(503);
    expect(body.status).toBe('unhealthy');
  });

  it('GET /metrics exposes request and tool metrics in Prometheus text', async () => {
    await call(server, 'GET', '/mcp/systems');
    await call(server, 'POST', '/mcp/code_host/execute', { body: { tool: 'no_such_tool' } });
    const response = await fetch(`${server.url}/metrics`);
    const text = await response.text();
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    // Every sample names the node that counted it (a fleet's are summed by that label).
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/mcp\/systems",status="200",node="[^"]+"\} \d+/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[^"]+",node="[^"]+",method="GET",route="\/mcp\/systems",status="200"\}/,
    );
    expect(text).toContain('# TYPE tool_execution_duration_seconds histogram');
  });

  it('GET /integrations lists every system with endpoints and typed fields', async () => {
    const { status, body } = await call(server, 'GET', '/integrations');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.meta.version).toBeTypeOf('string');
    const codeHost = body.data.integrations.find((i: { id: string }) => i.id === 'code_host');
    const getRepository = codeHost.endpoints.find((e: { path: string }) => e.path === '/code_host/get-repository');
    expect(getRepository.method).toBe('GET');
    expect(getRepository.filterable_fields).toContainEqual(
      expect.objectContaining({ name: 'repo_id', type: 'str', required: true }),
    );
    expect(getRepository.query_parameters).toContain('repo_id');
  });

  it('GET /openapi.json is an OpenAPI 3.1 document of every route', async () => {
    const { status, body } = await call(server, 'GET', '/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    for (const path of ['/health', '/admin/tenants', '/admin/token', '/mcp/code_host/execute', '/code_host/get-issues'])
      expect(body.paths).toHaveProperty([path]);
    expect(
      body.paths['/mcp/code_host/execute'].post.requestBody.content['application/json'].schema.properties.tool.enum,
    ).toContain('get_issues');
    expect(body.components.securitySchemes.jwt).toMatchObject({ in: 'header', name: 'X-JWT-Token' });
  });

  it('unknown routes answer 404 in the error envelope', async () => {
    const { status, body } = await call(server, 'GET', '/nope');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('DNS-rebinding protection', () => {
  it('refuses a foreign Host header with 403', async () => {
    const response = await rawRequest(`${server.url}/health`, { Host: 'attacker.example' });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error.code).toBe('FORBIDDEN');
  });

  it('refuses a foreign browser Origin with 403 and accepts a local one', async () => {
    const bad = await fetch(`${server.url}/mcp/systems`, { headers: { Origin: 'https://attacker.example' } });
    expect(bad.status).toBe(403);
    const good = await fetch(`${server.url}/mcp/systems`, { headers: { Origin: 'http://localhost:3000' } });
    expect(good.status).toBe(200);
  });

  it('accepts configured hosts, for deployments behind a proxy', async () => {
    const proxied = await startTestServer({ sandbox: false, config: { allowedHosts: ['api.example.com'] } });
    const response = await rawRequest(`${proxied.url}/health`, { Host: 'api.example.com' });
    const stillRefused = await rawRequest(`${proxied.url}/health`, { Host: 'other.example.com' });
    await proxied.close();
    expect(stillRefused.status).toBe(403);
    expect(response.status).toBe(200);
  });
});
