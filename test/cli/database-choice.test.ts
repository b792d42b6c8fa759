import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startCommand } from '../helpers/cli.js';

/** A loopback port nothing listens on (taken from the system, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const SERVING = 'serving REST and MCP';

describe('the database a server starts on', () => {
  it('refuses to start when CONSTELLATION_DATABASE_URL cannot be reached, naming it with the password hidden', async () => {
    const url = `postgres://constellation:s3cret-pw@127.0.0.1:${await closedPort()}/constellation`;

    const run = await startCommand(
      ['serve', '--demo', '--port', '0'],
      { CONSTELLATION_DATABASE_URL: url, CONSTELLATION_DATABASE_CONNECT_TIMEOUT: '3' },
      SERVING,
    );

    expect(run.started).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^constellation: Cannot reach the PostgreSQL database at postgres:\/\/constellation:\*\*\*@127\.0\.0\.1:\d+\/constellation: .*ECONNREFUSED/m,
    );
    expect(run.stderr).not.toContain('s3cret-pw');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a CONSTELLATION_DATABASE_URL that is not a postgres:// URL, without repeating its password', async () => {
    const run = await startCommand(
      ['serve', '--demo', '--port', '0'],
      { CONSTELLATION_DATABASE_URL: 'mysql://root:hunter2@localhost/db' },
      SERVING,
    );

    expect(run.started).toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('CONSTELLATION_DATABASE_URL must be a postgres:// URL');
    expect(run.stderr).not.toContain('hunter2');
  });
});
