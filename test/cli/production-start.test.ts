import { describe, expect, it } from 'vitest';
import { startCommand } from '../helpers/cli.js';

/**
 * NODE_ENV=production without --demo never starts the open demo (fake upstreams, demo tokens, the
 * public development JWT secret): a server not configured as a real one refuses to start with one
 * message naming what to set. Every start says how it runs and why.
 */
const STRONG = {
  CONSTELLATION_API_KEY: 'f3a9c07e5b1d48e2a6c4',
  CONSTELLATION_JWT_SECRET: 'b9d2e4f6f3a9c07e5b1d48e2a6c4b8d0e7f1a3c5',
};
const PRODUCTION = {
  ...STRONG,
  CONSTELLATION_ENV: 'production',
  CONSTELLATION_ENCRYPTION_KEY: 'b9d2e4f6f3a9c07e5b1d48e2a6c4b8d0e7f1a3c5f3a9c07e5b1d48e2a6c4b8d0',
};
const SERVING = 'serving REST and MCP';
const STDIO = 'MCP over stdio';

function expectRefusal(run: { code: number | null; stdout: string; stderr: string; started: boolean }): string {
  expect(run.started).toBe(false);
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stderr).not.toContain('demo mode');
  expect(run.stderr.match(/^constellation: /gm)).toHaveLength(1);
  expect(run.stderr).toContain('--demo');
  return run.stderr;
}

describe('NODE_ENV=production without --demo', () => {
  it('serve without secrets refuses to start, naming both secrets', async () => {
    const stderr = expectRefusal(await startCommand(['serve', '--port', '0'], { NODE_ENV: 'production' }, SERVING));
    expect(stderr).toContain('CONSTELLATION_API_KEY is not set');
    expect(stderr).toContain('CONSTELLATION_JWT_SECRET is not set');
  });

  it('serve with one secret names exactly the other', async () => {
    const stderr = expectRefusal(
      await startCommand(
        ['serve', '--port', '0'],
        { NODE_ENV: 'production', CONSTELLATION_API_KEY: STRONG.CONSTELLATION_API_KEY },
        SERVING,
      ),
    );
    expect(stderr).toContain('CONSTELLATION_JWT_SECRET is not set');
    expect(stderr).not.toContain('CONSTELLATION_API_KEY');
  });

  it('serve with the public development defaults refuses them', async () => {
    const defaults = {
      NODE_ENV: 'production',
      CONSTELLATION_API_KEY: 'dev-api-key-change-me',
      CONSTELLATION_JWT_SECRET: 'dev-jwt-secret-change-me-at-least-32-chars',
    };
    const stderr = expectRefusal(await startCommand(['serve', '--port', '0'], defaults, SERVING));
    expect(stderr).toContain('CONSTELLATION_API_KEY is the default');
    expect(stderr).toContain('CONSTELLATION_JWT_SECRET is the default');
  });

  it('stdio without credentials refuses to start, naming the variables', async () => {
    const stderr = expectRefusal(await startCommand(['mcp'], { NODE_ENV: 'production' }, STDIO));
    expect(stderr).toContain('GITHUB_TOKEN');
    expect(stderr).toContain('CONSTELLATION_TOKEN and CONSTELLATION_JWT_SECRET');
  });

  it('stdio with a token and neither the server it belongs to nor the JWT secret refuses to start (usage, exit 2)', async () => {
    const run = await startCommand(['mcp'], { NODE_ENV: 'production', CONSTELLATION_TOKEN: 'a.b.c' }, STDIO);
    expect([run.started, run.code, run.stdout]).toEqual([false, 2, '']);
    expect(run.stderr).toContain('set CONSTELLATION_SERVER_URL to the team server');
    expect(run.stderr).toContain('CONSTELLATION_JWT_SECRET (the secret that signed the token)');
  });

  it('stdio with a token and a JWT secret that is not set strongly enough refuses as before', async () => {
    const stderr = expectRefusal(
      await startCommand(
        ['mcp'],
        {
          NODE_ENV: 'production',
          CONSTELLATION_TOKEN: 'a.b.c',
          CONSTELLATION_JWT_SECRET: 'dev-jwt-secret-change-me-at-least-32-chars',
        },
        STDIO,
      ),
    );
    expect(stderr).toContain('CONSTELLATION_JWT_SECRET is the default');
  });

  it('stdio with the local user’s own credentials starts as before, and says so', async () => {
    const run = await startCommand(['mcp'], { NODE_ENV: 'production', GITHUB_TOKEN: 'ghp_local' }, STDIO);
    expect(run.started).toBe(true);
    expect(run.stderr).toContain('constellation: local mode (one user, credentials from GITHUB_TOKEN)');
  });

  it('serve with strong secrets starts, and says NODE_ENV did not choose production mode', async () => {
    const run = await startCommand(['serve', '--port', '0'], { NODE_ENV: 'production', ...STRONG }, SERVING);
    expect(run.started).toBe(true);
    expect(run.stderr).toContain(
      'constellation: development mode (CONSTELLATION_ENV is not set; NODE_ENV does not choose the mode)',
    );
  });

  it('--demo, and npm start (which passes it), run the demo and say why', async () => {
    const serve = await startCommand(['serve', '--demo', '--port', '0'], { NODE_ENV: 'production' }, SERVING);
    expect(serve.stderr).toContain('constellation: demo mode (--demo); fake upstreams at');
    const npmStart = await startCommand(
      ['--port', '0'],
      { NODE_ENV: 'production', HOME: process.env.HOME ?? '/tmp' },
      SERVING,
      ['npm', 'start', '--silent', '--'],
    );
    expect(npmStart.started).toBe(true);
    expect(npmStart.stderr).toContain('constellation: demo mode (--demo); fake upstreams at');
  });
});

describe('the start-up line says why the server runs as it runs', () => {
  it('names the secrets whose absence implies the demo', async () => {
    const none = await startCommand(['serve', '--port', '0'], {}, SERVING);
    expect(none.stderr).toContain(
      'constellation: demo mode (CONSTELLATION_API_KEY and CONSTELLATION_JWT_SECRET are not set)',
    );
    const oneSet = await startCommand(
      ['serve', '--port', '0'],
      { CONSTELLATION_API_KEY: STRONG.CONSTELLATION_API_KEY },
      SERVING,
    );
    expect(oneSet.stderr).toContain('constellation: demo mode (CONSTELLATION_JWT_SECRET is not set)');
  });

  it('production and development say so', async () => {
    const production = await startCommand(['serve', '--port', '0'], PRODUCTION, SERVING);
    expect(production.stderr).toContain('constellation: production mode (CONSTELLATION_ENV=production)');
    const development = await startCommand(
      ['serve', '--port', '0'],
      { ...STRONG, CONSTELLATION_ENV: 'development' },
      SERVING,
    );
    expect(development.stderr).toContain('constellation: development mode (CONSTELLATION_ENV=development)');
  });
});
