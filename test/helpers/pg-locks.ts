import pg from 'pg';
import { pgTestDatabase } from './pg-lane.js';

/** Sessions waiting for a lock on a table (a write the test holds up by locking the table itself). */
export async function tableLockWaiters(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ waiting: string }>(
    "SELECT count(*) AS waiting FROM pg_locks WHERE locktype = 'relation' AND NOT granted",
  );
  return Number(rows[0].waiting);
}

/** A new database of the lane (migrated), with a connection of the test's own to hold locks and read rows. */
export async function databaseWithAdmin(): Promise<{ url: string; admin: pg.Client }> {
  const url = await pgTestDatabase();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  return { url, admin };
}
