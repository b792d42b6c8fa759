import type pg from 'pg';
import { inPgTransaction } from './transaction.js';

/**
 * Advisory lock key spaces (the first key of PostgreSQL's two-key form), so that a name hashed in one
 * space never meets the same hash in another. The one-key locks (migrations, vault re-seal) live apart:
 * PostgreSQL keeps one-key and two-key advisory locks in separate key spaces.
 */
export const LOCK_SPACE = {
  /** Held while one node does work the others wait for (an OAuth refresh). */
  exclusive: 0x636f6e01,
  /** Held while one node runs background work the others skip (sweeps, refreshes). */
  once: 0x636f6e02,
} as const;

type LockSpace = (typeof LOCK_SPACE)[keyof typeof LOCK_SPACE];

/**
 * Runs `work` in a transaction holding the advisory lock of `name` (waiting while another session holds
 * it); the lock goes with the transaction's end, even when the node dies.
 */
export function withPgTransactionLock<T>(
  pool: pg.Pool,
  space: LockSpace,
  name: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return inPgTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [space, name]);
    return work(client);
  });
}

/**
 * Runs `work` when no other session holds the advisory lock of `name`, holding it on one pooled
 * connection meanwhile (a session lock: `work` may run its own transactions on other connections).
 * Returns whether it ran.
 */
export async function tryPgSessionLock(
  pool: pg.Pool,
  space: LockSpace,
  name: string,
  work: () => Promise<void>,
): Promise<boolean> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS held', [
      space,
      name,
    ]);
    if (!rows[0]?.held) return false;
    try {
      await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [space, name]).catch((error: unknown) => {
        // Ending the session is what releases the lock now.
        broken = error instanceof Error ? error : new Error(String(error));
      });
    }
    return true;
  } finally {
    client.release(broken);
  }
}
