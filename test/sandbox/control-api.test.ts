import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostPolicy } from '../../src/config/host-policy.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { githubFake } from '../../src/sandbox/github/index.js';
import type { FakeUpstream } from '../../src/sandbox/fake-upstream.js';

const GITHUB = [githubFake as FakeUpstream];

/** POST /_sandbox/faults with the given headers (node:http, so Host can be set). */
function postFault(sandbox: Sandbox, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ prefix: '/github', status: 500 });
  return new Promise((resolve, reject) => {
    const req = request(
      `${sandbox.url}/_sandbox/faults`,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the fault-injection API refuses foreign hosts and origins (DNS rebinding)', () => {
  let sandbox: Sandbox;
  let permissive: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({}, GITHUB);
    permissive = await startSandbox(
      { controlApi: { allowedHosts: ['sandbox.internal'], allowedOrigins: ['https://ci.example.com', 'null'] } },
      GITHUB,
    );
  });
  afterAll(async () => {
    await sandbox?.close();
    await permissive?.close();
  });

  it('refuses a rebound Host, a foreign Origin and Origin: null, and injects nothing', async () => {
    for (const headers of [
      { host: 'evil.example:80' },
      { origin: 'http://evil.example' },
      { origin: 'null' },
    ] as Record<string, string>[]) {
      const res = await postFault(sandbox, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(res.body).message).toMatch(/not allowed/);
    }
    expect((await fetch(`${sandbox.urlOf('/github')}/zen`)).status).toBe(401);
  });

  it('accepts loopback, and the hosts and origins it was configured with', async () => {
    const local = await postFault(sandbox, { host: `localhost:${new URL(sandbox.url).port}` });
    expect(local.status).toBe(201);
    sandbox.faults.clear();
    for (const headers of [
      { host: 'sandbox.internal' },
      { origin: 'https://ci.example.com' },
      { origin: 'null' },
      { origin: permissive.url },
    ] as Record<string, string>[]) {
      const res = await postFault(permissive, headers);
      expect(res.status, JSON.stringify(headers)).toBe(201);
    }
    expect(JSON.parse((await postFault(permissive, { origin: 'http://evil.example' })).body).message).toBe(
      'Origin not allowed: http://evil.example',
    );
  });

  it('leaves the fake upstreams themselves reachable under any Host (SDKs behind proxies)', async () => {
    const res = await new Promise<number>((resolve, reject) => {
      request(`${sandbox.urlOf('/github')}/user`, { headers: { host: 'api.github.sandbox.test' } }, (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(res).toBe(401);
  });
});

describe('the host policy the server and the fault API share', () => {
  const policy = (...extraOrigins: string[]) =>
    hostPolicy({
      allowedHosts: ['mcp.example.com'],
      allowedOrigins: ['https://app.example.com', ...extraOrigins],
      host: '10.0.0.5',
      originsSetting: 'THE_SETTING',
    });

  it('allows loopback, the bound host and the configured names; refuses the rest', () => {
    const refusal = policy();
    for (const host of ['localhost:3000', '127.0.0.1', '[::1]:80', 'mcp.example.com', '10.0.0.5:8080'])
      expect(refusal({ host }), host).toBeUndefined();
    expect(refusal({ host: 'mcp.example.com.evil.test' })).toBe('Host not allowed: mcp.example.com.evil.test');
    expect(refusal({})).toBe('Host not allowed: (none)');
    expect(refusal({ host: 'localhost', origin: 'https://app.example.com' })).toBeUndefined();
    expect(refusal({ host: 'localhost', origin: 'http://localhost:5173' })).toBeUndefined();
    expect(refusal({ host: 'localhost', origin: '' })).toBeUndefined();
    expect(refusal({ host: 'localhost', origin: 'https://evil.test' })).toBe('Origin not allowed: https://evil.test');
  });

  it('lets Origin: null through only when the allowed origins list null, and says where to list it', () => {
    expect(policy()({ host: 'localhost', origin: 'null' })).toBe(
      'Origin not allowed: null (list "null" in THE_SETTING to allow it)',
    );
    expect(policy('null')({ host: 'localhost', origin: 'null' })).toBeUndefined();
  });

  it('allows any host with "*", still refusing Origin: null unless listed', () => {
    const any = hostPolicy({ allowedHosts: ['*'], allowedOrigins: [], originsSetting: 'THE_SETTING' });
    expect(any({ host: 'whatever.test' })).toBeUndefined();
    expect(any({ host: 'whatever.test', origin: 'null' })).toMatch(/^Origin not allowed: null/);
  });
});

describe('a slow answer injected into the sandbox', () => {
  it('leaves no timer running once the sandbox has closed', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const sandbox = await startSandbox({}, GITHUB);
    const before = timers();
    sandbox.faults.add({ prefix: '/github', path: '/repos/acme/api', latencyMs: 60_000 });
    const answer = fetch(sandbox.urlOf('/github') + '/repos/acme/api').catch((error: unknown) => error);
    await sandbox.faults.requested('/github/repos/acme/api');
    await sandbox.close();
    expect(await answer).toBeInstanceOf(Error);
    // Other timers of the process may end meanwhile; none may be left by the slow answer.
    expect(timers()).toBeLessThanOrEqual(before);
  });
});
