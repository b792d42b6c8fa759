import { spawn, spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TokenService } from '../../src/auth/jwt.js';
import { openDatabase } from '../../src/database.js';
import { SqliteTenantStore } from '../../src/store/tenant-store-sqlite.js';

const BIN = new URL('../../bin/constellation.js', import.meta.url).pathname;

function run(args: string[], env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'constellation-cli-'));
  return spawnSync(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', CONSTELLATION_DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: 15_000,
    input: '',
  });
}

/** Runs the CLI until it exits, or until stderr shows `until` (then stops it): for commands that keep serving. */
function runAsync(
  args: string[],
  env: Record<string, string> = {},
  until?: string,
): Promise<{ status: number | null; stderr: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'constellation-cli-'));
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', CONSTELLATION_DATA_DIR: dataDir, ...env },
  });
  let stderr = '';
  return new Promise((resolve) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (until && stderr.includes(until)) child.kill('SIGTERM');
    });
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('command line', () => {
  it('--help prints the usage and --version the package version', () => {
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: constellation');
    for (const word of ['serve', 'sandbox', '--demo', '--toolsets', '--read-only']) expect(help.stdout).toContain(word);
    const version = run(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('refuses unknown commands and bad flags with a clear message, as usage mistakes (status 2, as an unknown option)', () => {
    const unknown = run(['frobnicate']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    const badPort = run(['serve', '--port', 'eighty']);
    expect(badPort.status).toBe(2);
    expect(badPort.stderr).toContain('--port must be a port number');
  });

  it('refuses to start in production without secrets, naming each', () => {
    const result = run(['serve', '--port', '0'], { CONSTELLATION_ENV: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CONSTELLATION_API_KEY is not set');
    expect(result.stderr).toContain('CONSTELLATION_JWT_SECRET is not set');
    expect(result.stderr).toContain('CONSTELLATION_ENCRYPTION_KEY is not set');
    const weak = run(['serve', '--port', '0'], {
      CONSTELLATION_ENV: 'production',
      CONSTELLATION_API_KEY: 'dev-api-key-change-me',
      CONSTELLATION_JWT_SECRET: 'short',
    });
    expect(weak.stderr).toContain('CONSTELLATION_API_KEY is the default');
    expect(weak.stderr).toContain('CONSTELLATION_JWT_SECRET is the default or shorter than 32 characters');
    expect(result.stdout).toBe('');
  });

  it('stdio without a token outside demo mode fails with guidance on stderr, nothing on stdout', () => {
    const result = run(['mcp'], { CONSTELLATION_API_KEY: 'k'.repeat(20), CONSTELLATION_JWT_SECRET: 's'.repeat(40) });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CONSTELLATION_TOKEN');
    expect(result.stdout).toBe('');
  });

  it('stdio with a token whose tenant this server does not have fails at start-up, naming the tenant', async () => {
    const secret = 's'.repeat(40);
    // Signed against another database, where the tenant exists: this server's database has no such tenant.
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'constellation-cli-')), 'constellation.db'));
    const tenants = new SqliteTenantStore(db);
    const now = new Date().toISOString();
    await tenants.insert({
      id: 'ghost',
      consumerId: 'ghost',
      name: null,
      description: null,
      createdAt: now,
      updatedAt: now,
    });
    const token = await new TokenService(secret, 3600, (id) => tenants.stateOf(id)).issue({
      tenant_id: 'ghost',
      user_email: 'someone@ghost.test',
      connections: {},
    });
    db.close();
    const result = run(['mcp'], { CONSTELLATION_JWT_SECRET: secret, CONSTELLATION_TOKEN: token });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Tenant of this token no longer exists: ghost');
    expect(result.stdout).toBe('');
  });

  it('an unknown flag is named, points to --help and exits with status 2', () => {
    const result = run(['serve', '--prot', '8080']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Unknown option "--prot"');
    expect(result.stderr).toContain('--help');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('unknown toolsets and tool modes are refused, naming the bad value', () => {
    const toolsets = run(['serve', '--port', '0', '--toolsets', 'code_host,nonesuch']);
    expect(toolsets.status).toBe(2);
    expect(toolsets.stderr).toContain('nonesuch');
    const mode = run(['serve', '--tool-mode', 'lazy']);
    expect(mode.status).toBe(2);
    expect(mode.stderr).toContain('--tool-mode must be full, discovery or auto, got "lazy"');
    const envMode = run(['serve', '--port', '0'], { CONSTELLATION_TOOL_MODE: 'lazy' });
    expect(envMode.status).toBe(1);
    expect(envMode.stderr).toContain('CONSTELLATION_TOOL_MODE');
  });

  it('a misspelt toolset is refused before anything starts: no sandbox, no listening socket', () => {
    const result = run(['serve', '--demo', '--port', '0', '--toolsets', 'code_hots']);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^constellation: --toolsets: "code_hots" is not a toolset of this catalog; valid toolsets: /,
      ),
    ]);
    expect(result.stderr).toContain('code_host, code_host.');
    expect(result.stderr).not.toContain('fake upstreams');
  });

  it('a selection that leaves no tool is refused, saying why each named tool is out', () => {
    const result = run(['mcp', '--read-only', '--tools', 'code_host_create_issue']);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(
      'constellation: no tool is left to serve: "code_host_create_issue" is an action tool and this server is read-only (--read-only)',
    );
    const apart = run(['mcp', '--toolsets', 'notes', '--tools', 'code_host_get_issue']);
    expect(apart.status).toBe(2);
    expect(apart.stderr).toContain(
      '"code_host_get_issue" (toolset code_host.issues) is outside the toolsets notes (--toolsets)',
    );
  });

  it('a busy port is one line naming --port and PORT, status 1, no stack trace', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      const result = await runAsync(['serve', '--port', String(port)]);
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines.at(-1)).toContain(`port ${port}`);
      expect(lines.at(-1)).toContain('--port');
      expect(lines.at(-1)).toContain('PORT');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      busy.close();
    }
  });

  it('production over plain HTTP says at start-up that every route but /health will be refused, and how to fix it', async () => {
    const secrets = {
      CONSTELLATION_ENV: 'production',
      CONSTELLATION_API_KEY: 'f3a9c07e5b1d48e2a6c4',
      CONSTELLATION_JWT_SECRET: 'b9d2e4f6f3a9c07e5b1d48e2a6c4b8d0e7f1a3c5',
      CONSTELLATION_ENCRYPTION_KEY: 'b9d2e4f6f3a9c07e5b1d48e2a6c4b8d0e7f1a3c5f3a9c07e5b1d48e2a6c4b8d0',
    };
    const result = await runAsync(['serve', '--port', '0'], secrets, 'serving REST and MCP');
    expect(result.stderr).toContain('every route except /health and /ready will be refused');
    expect(result.stderr).toContain('CONSTELLATION_TLS_CERT');
    expect(result.stderr).toContain('CONSTELLATION_TRUST_PROXY');
  });
});
