import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/analytics/cache.js';
import { connectInMemory } from '../mcp/connect.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';
import { storeRows } from '../helpers/store-sql.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Line = Record<string, unknown> & { seq: number; tenant_id: string; action: string; kind: string };

/** One page of a tenant's export: its lines and the cursor of the next page. */
async function exportPage(
  query: string,
): Promise<{ status: number; lines: Line[]; next: string | null; type: string }> {
  const response = await fetch(`${server.url}/admin/audit?${query}`, { headers: { 'X-API-KEY': TEST_API_KEY } });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    lines: response.ok
      ? text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Line)
      : [],
    next: response.headers.get('x-next-cursor'),
  };
}

/** Every record of a tenant, page by page. */
async function exportAll(tenantId: string, limit = 1000): Promise<Line[]> {
  const lines: Line[] = [];
  let cursor: string | null = null;
  do {
    const page = await exportPage(
      `tenant_id=${tenantId}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.status).toBe(200);
    lines.push(...page.lines);
    cursor = page.next;
  } while (cursor);
  return lines;
}

const digestOf = (args: Record<string, unknown>) => createHash('sha256').update(canonicalJson(args)).digest('hex');
const verify = (tenantId: string) =>
  call(server, 'POST', '/admin/audit/verify', { apiKey: TEST_API_KEY, body: { tenant_id: tenantId } });

describe('audit records of tool calls', () => {
  it('records a REST call: who, through what, where, which tool, a digest of the arguments, the outcome and time', async () => {
    const args = { repo_id: 'acme/web' };
    const answer = await call(server, 'POST', '/mcp/code_host/execute', {
      token: await server.tokenFor('acme'),
      headers: { 'User-Agent': 'audit-test/1.0' },
      body: { tool: 'get_repository', arguments: args },
    });
    expect(answer.status).toBe(200);
    const refused = await call(server, 'POST', '/mcp/code_host/execute', {
      token: await server.tokenFor('acme'),
      headers: { 'User-Agent': 'audit-test/1.0' },
      body: { tool: 'get_repository', arguments: { repo_id: 'acme/no-such-repo' } },
    });
    expect(refused.status).toBe(404);
    const lines = await exportAll('acme');
    const [ok, failed] = lines.filter((line) => line.client === 'audit-test/1.0');
    expect(ok).toEqual({
      tenant_id: 'acme',
      seq: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      kind: 'tool_call',
      action: 'code_host_get_repository',
      user: server.callerFor('acme').userEmail,
      client: 'audit-test/1.0',
      node: server.app.config.nodeId,
      args_digest: digestOf(args),
      outcome: 'ok',
      duration_ms: expect.any(Number),
      prev_hash: expect.stringMatching(/^[0-9a-f]{64}$|^$/),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(failed).toMatchObject({ action: 'code_host_get_repository', outcome: 'NOT_FOUND' });
    expect(failed.seq).toBe(ok.seq + 1);
    expect(failed.prev_hash).toBe(ok.hash);
  });

  it('records an MCP call with the client initialize named, and over HTTP with its User-Agent', async () => {
    const memory = await connectInMemory(server.surface, server.callerFor('globex'));
    await memory.callTool({ name: 'code_host_get_repositories', arguments: {} });
    await memory.close();
    const http = new Client({ name: 'audit-http', version: '3.1.0' });
    await http.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { 'X-JWT-Token': await server.tokenFor('globex'), 'User-Agent': 'audit-agent/9' } },
      }),
    );
    await http.callTool({ name: 'code_host_get_repository', arguments: { repo_id: 'globex/api' } });
    await http.close();
    const calls = (await exportAll('globex')).filter((line) => line.kind === 'tool_call');
    expect(calls.find((line) => line.action === 'code_host_get_repositories')).toMatchObject({
      client: 'exposure-test/1.0.0',
      user: server.callerFor('globex').userEmail,
      outcome: 'ok',
    });
    expect(calls.find((line) => line.action === 'code_host_get_repository')).toMatchObject({
      client: 'audit-agent/9',
      args_digest: digestOf({ repo_id: 'globex/api' }),
    });
  });

  it('records admin requests in the tenant they act on', async () => {
    const issued = await call(server, 'POST', '/admin/token', {
      apiKey: TEST_API_KEY,
      body: { tenant_id: 'acme', user_email: 'auditor@acme.test' },
    });
    expect(issued.status).toBe(200);
    const admin = (await exportAll('acme')).filter((line) => line.kind === 'admin');
    expect(admin.at(-1)).toMatchObject({ action: 'issueToken', user: 'api-key', outcome: 'ok' });
  });
});

describe('export', () => {
  it('pages with a cursor, every record once, in seq order; a tenant never sees another’s', async () => {
    const token = await server.tokenFor('globex');
    for (let i = 0; i < 5; i++)
      await call(server, 'POST', '/mcp/code_host/execute', {
        token,
        body: { tool: 'get_repositories', arguments: {} },
      });
    const whole = await exportAll('globex');
    const paged = await exportAll('globex', 2);
    expect(paged.map((line) => line.seq)).toEqual(whole.map((line) => line.seq));
    expect(whole.map((line) => line.seq)).toEqual(whole.map((_, i) => i + 1));
    expect(whole.every((line) => line.tenant_id === 'globex')).toBe(true);
    expect((await exportAll('acme')).every((line) => line.tenant_id === 'acme')).toBe(true);
    const first = await exportPage('tenant_id=globex&limit=2');
    expect(first.type).toContain('application/x-ndjson');
    // A cursor given for one tenant does not read another's chain.
    const foreign = await exportPage(`tenant_id=acme&cursor=${encodeURIComponent(first.next ?? '')}`);
    expect(foreign.status).toBe(400);
  });

  it('filters by time', async () => {
    const all = await exportAll('globex');
    const since = all[2].at as string;
    const until = all[4].at as string;
    const window = (await exportPage(`tenant_id=globex&since=${since}&until=${until}`)).lines;
    expect(window.every((line) => (line.at as string) >= since && (line.at as string) < until)).toBe(true);
    expect(window.map((line) => line.seq)).toContain(all[2].seq);
  });

  it('answers a bad cursor, bad dates, a bad limit, an unknown tenant or no key with a clear error', async () => {
    const refusals = await Promise.all(
      [
        'tenant_id=acme&cursor=not-a-cursor',
        'tenant_id=acme&since=yesterday',
        'tenant_id=acme&until=2026-13-45',
        'tenant_id=acme&since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z',
        'tenant_id=acme&limit=0',
        'since=2026-01-01',
      ].map(async (query) => {
        const response = await call(server, 'GET', `/admin/audit?${query}`, { apiKey: TEST_API_KEY });
        return [response.status, response.body.error.code, response.body.error.message];
      }),
    );
    expect(refusals.map(([status, code]) => [status, code])).toEqual(Array(6).fill([400, 'VALIDATION_ERROR']));
    expect(refusals[0][2]).toContain('cursor');
    expect(refusals[1][2]).toContain('since must be an ISO 8601 date');
    expect(refusals[3][2]).toContain('since must be before until');
    expect((await call(server, 'GET', '/admin/audit?tenant_id=nobody', { apiKey: TEST_API_KEY })).status).toBe(404);
    expect((await call(server, 'GET', '/admin/audit?tenant_id=acme')).status).toBe(401);
  });
});

describe('verify', () => {
  it('passes on a whole chain and names a record changed in the database', async () => {
    await call(server, 'POST', '/mcp/code_host/execute', {
      token: await server.tokenFor('acme'),
      body: { tool: 'get_repositories', arguments: {} },
    });
    const whole = await verify('acme');
    expect(whole.status).toBe(200);
    expect(whole.body.data).toMatchObject({ tenant_id: 'acme', ok: true });
    const target = (await exportAll('acme'))[1];
    await storeRows(
      server.app.store,
      "UPDATE audit_records SET body = replace(body, 'code_host', 'wiki') WHERE tenant_id = ? AND seq = ?",
      ['acme', target.seq],
    );
    const broken = await verify('acme');
    expect(broken.body.data).toMatchObject({ ok: false, broken: { seq: target.seq, problem: 'hash_mismatch' } });
  });

  it('names a record deleted from the database', async () => {
    const target = (await exportAll('globex'))[2];
    await storeRows(server.app.store, 'DELETE FROM audit_records WHERE tenant_id = ? AND seq = ?', [
      'globex',
      target.seq,
    ]);
    expect((await verify('globex')).body.data).toMatchObject({
      ok: false,
      broken: { seq: target.seq, problem: 'missing_seq' },
    });
  });

  it('answers 400 without a tenant, 404 for an unknown one, 401 without the key', async () => {
    expect((await call(server, 'POST', '/admin/audit/verify', { apiKey: TEST_API_KEY, body: {} })).status).toBe(400);
    expect((await verify('nobody')).status).toBe(404);
    expect((await call(server, 'POST', '/admin/audit/verify', { body: { tenant_id: 'acme' } })).status).toBe(401);
  });
});
