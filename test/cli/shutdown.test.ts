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

function start(args: string[]): Running {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-shutdown-')), LOG_LEVEL: 'warn' },
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stderr: () => stderr, stdout: () => stdout, exited };
}

async function lineMatching(read: () => string, pattern: RegExp): Promise<RegExpMatchArray> {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const match = pattern.exec(read());
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never printed ${pattern}: ${read()}`);
}

/** Makes the sandbox's GitHub answer GET /repos/acme/api only after a delay. */
async function stallUpstream(running: Running): Promise<void> {
  const [, sandbox] = await lineMatching(running.stderr, /fake upstreams at (http:\/\/[\d.:]+)/);
  const response = await fetch(`${sandbox}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prefix: '/github', method: 'GET', path: '/repos/acme/api', latencyMs: STALL_MS }),
  });
  expect(response.status).toBe(201);
}

function expectCleanExit(running: Running, code: number | null): void {
  expect(code).toBe(0);
  expect(running.stderr()).not.toMatch(/database connection is not open|ECONNREFUSED|"level":"(warn|error)"/);
}

describe('graceful shutdown', () => {
  it('serve: SIGTERM lets an in-flight call finish, then exits 0', async () => {
    const running = start(['serve', '--demo', '--port', '0']);
    const [, url] = await lineMatching(running.stderr, /serving REST and MCP .* at (http:\/\/[\d.:]+)/);
    await stallUpstream(running);
    const call = fetch(`${url}/mcp/code_host/execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tool: 'get_repository', arguments: { repo_id: 'acme/api' } }),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    running.child.kill('SIGTERM');
    const response = await call;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { full_name: string } }).data.full_name).toBe('acme/api');
    expectCleanExit(running, await running.exited);
  });

  it('stdio: the host closing stdin lets an in-flight call answer, then exits 0', async () => {
    const running = start(['mcp', '--demo', '--tool-mode', 'full']);
    await stallUpstream(running);
    const send = (message: unknown) => running.child.stdin.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'shutdown-test', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'code_host_get_repository', arguments: { repo_id: 'acme/api' } } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    running.child.stdin.end();
    const code = await running.exited;
    const answer = running
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id?: number; result?: { structuredContent?: { full_name?: string } } })
      .find((m) => m.id === 1);
    expect(answer?.result?.structuredContent?.full_name).toBe('acme/api');
    expectCleanExit(running, code);
  });
});
