import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Graceful shutdown of the real command: SIGTERM (serve) or the host closing stdin (stdio) while a
 * call is in flight. The call finishes, nothing is logged about a closed store or a refused upstream,
 * and the process exits 0.
 */
const BIN = new URL('../../bin/constellation.js', import.meta.url).pathname;
const STALL_MS = 1_500;

interface Running {
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  stdout: () => string;
  exited: Promise<number | null>;
}

function start(args: string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-shutdown-')),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stderr: () => stderr, stdout: () => stdout, exited };
}

/** Resolves with the match once stderr shows `pattern` (now or when more arrives). */
function lineMatching(running: Running, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(running.stderr());
      if (!match) return;
      running.child.stderr.off('data', check);
      resolve(match);
    };
    running.child.stderr.on('data', check);
    running.child.once('exit', () => reject(new Error(`exited without printing ${pattern}: ${running.stderr()}`)));
    check();
  });
}

/**
 * Makes the sandbox's GitHub answer GET /repos/acme/api only after a delay; the returned function
 * resolves once that request reached the sandbox, so the call is in flight.
 */
async function stallUpstream(running: Running, latencyMs = STALL_MS): Promise<() => Promise<void>> {
  const [, sandbox] = await lineMatching(running, /fake upstreams at (http:\/\/[\d.:]+)/);
  const response = await fetch(`${sandbox}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prefix: '/github', method: 'GET', path: '/repos/acme/api', latencyMs }),
  });
  expect(response.status).toBe(201);
  return async () => {
    const arrived = await fetch(`${sandbox}/_sandbox/requests/arrived?path=/github/repos/acme/api`);
    expect(arrived.status).toBe(200);
  };
}

/** Starts the protocol over stdin and sends one get_repository call (id 1). */
function callOverStdio(running: Running): void {
  const send = (message: unknown) => running.child.stdin.write(`${JSON.stringify(message)}\n`);
  send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'shutdown-test', version: '1' } },
  });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'code_host_get_repository', arguments: { repo_id: 'acme/api' } },
  });
}

/** The full_name in the stdio answer to call 1, once the process has exited. */
function answeredRepository(running: Running): string | undefined {
  return running
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id?: number; result?: { structuredContent?: { full_name?: string } } })
    .find((m) => m.id === 1)?.result?.structuredContent?.full_name;
}

function expectCleanExit(running: Running, code: number | null): void {
  expect(code).toBe(0);
  expect(running.stderr()).not.toMatch(/database connection is not open|ECONNREFUSED|"level":"(warn|error)"/);
}

describe('graceful shutdown', () => {
  it('serve: SIGTERM lets an in-flight call finish, then exits 0', async () => {
    const running = start(['serve', '--demo', '--port', '0']);
    const [, url] = await lineMatching(running, /serving REST and MCP .* at (http:\/\/[\d.:]+)/);
    const inFlight = await stallUpstream(running);
    const call = fetch(`${url}/mcp/code_host/execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tool: 'get_repository', arguments: { repo_id: 'acme/api' } }),
    });
    await inFlight();
    running.child.kill('SIGTERM');
    const response = await call;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { full_name: string } }).data.full_name).toBe('acme/api');
    expectCleanExit(running, await running.exited);
  });

  for (const [how, stop] of [
    ['the host closing stdin', (running: Running) => running.child.stdin.end()],
    ['SIGTERM', (running: Running) => running.child.kill('SIGTERM')],
  ] as const) {
    it(`stdio: ${how} lets an in-flight call answer, then exits 0`, async () => {
      const running = start(['mcp', '--demo', '--tool-mode', 'full']);
      const inFlight = await stallUpstream(running);
      callOverStdio(running);
      await inFlight();
      stop(running);
      const code = await running.exited;
      expect(answeredRepository(running)).toBe('acme/api');
      expectCleanExit(running, code);
    });
  }

  it('stdio: a call still running at CONSTELLATION_SHUTDOWN_TIMEOUT does not hold the exit, and the server says so', async () => {
    const running = start(['mcp', '--demo', '--tool-mode', 'full'], { CONSTELLATION_SHUTDOWN_TIMEOUT: '1' });
    const inFlight = await stallUpstream(running, 60_000);
    callOverStdio(running);
    await inFlight();
    running.child.stdin.end();
    expect(await running.exited).toBe(0);
    expect(running.stderr()).toContain('calls still running after the grace period');
  });

  it('stdio: a host that goes away mid-call (its end of stdout closed) ends the server cleanly, not with an unhandled EPIPE', async () => {
    const running = start(['mcp', '--demo', '--tool-mode', 'full']);
    const inFlight = await stallUpstream(running);
    callOverStdio(running);
    await inFlight();
    running.child.stdout.destroy();
    expect(await running.exited).toBe(0);
    expect(running.stderr()).toContain('mcp: the host closed the stdio pipes');
    expect(running.stderr()).not.toMatch(/Unhandled 'error' event|unhandled error/);
  });
});
