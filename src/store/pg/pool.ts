import pg from 'pg';
import { DATABASE_URL_VARIABLE } from './database-url.js';
import { reportOutages } from './outage.js';

// Choosing the backend must not load the PostgreSQL driver (backend.ts imports database-url.ts alone).
export { DATABASE_URL_VARIABLE, databaseUrlFrom } from './database-url.js';

/** `url` as it may appear in logs and errors: any password replaced by `***`. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a value that is not a URL)';
  }
}

function checkedUrl(url: string): string {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error(`${DATABASE_URL_VARIABLE} is not a URL: expected postgres://user:password@host:port/database`);
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    throw new Error(`${DATABASE_URL_VARIABLE} must be a postgres:// URL, not ${redactedUrl(url)}`);
  return url;
}

export interface PgPoolOptions {
  /** Most connections the pool holds (pg's default is 10). */
  max?: number;
  /** How long to wait for a connection before giving up, in ms. */
  connectionTimeoutMillis?: number;
}

/**
 * A connection pool on the database at `url`, checked with one query before it is returned, so that a
 * server refuses to start on a database it cannot reach (the error names the URL, password hidden).
 */
export async function openPgPool(url: string, options: PgPoolOptions = {}): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: checkedUrl(url),
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
  });
  // A pooled idle connection the server drops (restart, failover) is discarded by the pool; without a
  // listener its error event would end the process. The next query reports the outage to its caller.
  pool.on('error', () => undefined);
  reportOutages(pool);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new Error(`Cannot reach the PostgreSQL database at ${redactedUrl(url)}: ${reason}`, { cause: error });
  }
  return pool;
}
