import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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

describe('command line', () => {
  it('--help prints the usage and --version the package version', () => {
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: constellation');
    for (const word of ['serve', 'sandbox', '--demo', '--toolsets', '--read-only']) expect(help.stdout).toContain(word);
    const version = run(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('refuses unknown commands and bad flags with a clear message', () => {
    const unknown = run(['frobnicate']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    const badPort = run(['serve', '--port', 'eighty']);
    expect(badPort.status).toBe(1);
    expect(badPort.stderr).toContain('--port must be a port number');
  });

  it('refuses to start in production without secrets, naming each', () => {
    const result = run(['serve', '--port', '0'], { CONSTELLATION_ENV: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CONSTELLATION_API_KEY is not set');
    expect(result.stderr).toContain('CONSTELLATION_JWT_SECRET is not set');
    const weak = run(['serve', '--port', '0'], { CONSTELLATION_ENV: 'production', CONSTELLATION_API_KEY: 'dev-api-key-change-me', CONSTELLATION_JWT_SECRET: 'short' });
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
});
