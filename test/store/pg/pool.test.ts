import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { databaseUrlFrom, openPgPool, redactedUrl } from '../../../src/store/pg/pool.js';
import { pgTestDatabase } from '../../helpers/pg-lane.js';

/** A loopback port nothing listens on (taken from the system, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('PostgreSQL connection pool', () => {
  it('refuses an unreachable database naming its URL with the password hidden', async () => {
    const url = `postgres://constellation:s3cret-pw@127.0.0.1:${await closedPort()}/constellation`;

    const failure = openPgPool(url, { connectionTimeoutMillis: 5_000 });

    await expect(failure).rejects.toThrow(
      /^Cannot reach the PostgreSQL database at postgres:\/\/constellation:\*\*\*@127\.0\.0\.1:\d+\/constellation: .*ECONNREFUSED/,
    );
    // Nor anywhere a logger that prints the whole error (its cause included) would find it.
    expect(inspect(await failure.catch((error: unknown) => error), { depth: 8 })).not.toContain('s3cret-pw');
  });

  it('refuses a wrong password without repeating it', async () => {
    const url = new URL(await pgTestDatabase());
    url.password = 'not-the-password';

    await expect(openPgPool(url.toString())).rejects.toThrow(/:\*\*\*@127\.0\.0\.1.*password authentication failed/);
    const error: unknown = await openPgPool(url.toString()).catch((failure: unknown) => failure);
    expect(inspect(error, { depth: 8 })).not.toContain('not-the-password');
  });

  it('refuses a URL that is not a postgres:// URL', async () => {
    await expect(openPgPool('mysql://root:pw@localhost/db')).rejects.toThrow(
      'CONSTELLATION_DATABASE_URL must be a postgres:// URL, not mysql://root:***@localhost/db',
    );
    await expect(openPgPool('not a url')).rejects.toThrow('CONSTELLATION_DATABASE_URL is not a URL');
  });

  it('answers queries on a reachable database, and reads the URL from the environment', async () => {
    const url = await pgTestDatabase();
    const pool = await openPgPool(url);
    try {
      const { rows } = await pool.query<{ version: string }>(
        "SELECT extversion AS version FROM pg_extension WHERE extname = 'vector'",
      );
      expect(rows).toEqual([{ version: expect.stringMatching(/^0\.\d+\.\d+$/) }]);
    } finally {
      await pool.end();
    }
    expect(databaseUrlFrom({ CONSTELLATION_DATABASE_URL: ` ${url} ` })).toBe(url);
    expect(databaseUrlFrom({ CONSTELLATION_DATABASE_URL: '' })).toBeUndefined();
    expect(redactedUrl('postgres://u@h/d')).toBe('postgres://u@h/d');
  });
});
