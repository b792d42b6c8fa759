import type pg from 'pg';
import type { TenantActivityWrite } from '../graph-storage.js';
import { namedStatement } from './statement-pg.js';

/**
 * Activity records of any tenants in one statement, without a transaction of their own: each is written
 * only while its tenant exists in the generation it names. `FOR KEY SHARE` makes a concurrent delete of
 * the tenant wait for the insert (and cascade over it), as the gate of a write transaction does (see
 * gateTenantPg for why not `FOR SHARE`); a record of a tenant deleted meanwhile is left out. Rows go in
 * the order given, so ids follow call order.
 */
const APPEND_ACTIVITY = namedStatement(
  'append_activity',
  `
  WITH input AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
      $8::bigint[], $9::jsonb[]) WITH ORDINALITY
      AS i(tenant_id, epoch, action, actor_type, actor_id, target_type, target_id, timestamp, properties, ordinal)
  ), allowed AS (
    SELECT i.* FROM input i JOIN tenants t ON t.id = i.tenant_id AND (i.epoch IS NULL OR t.epoch = i.epoch)
    FOR KEY SHARE OF t
  ), inserted AS (
    INSERT INTO graph_activity (tenant_id, action, actor_type, actor_id, target_type, target_id, timestamp, properties)
    SELECT tenant_id, action, actor_type, actor_id, target_type, target_id, timestamp, properties FROM allowed
    ORDER BY ordinal
  )
  SELECT ordinal FROM allowed`,
);

/** Appends the records (see APPEND_ACTIVITY); whether each was written. */
export async function appendActivityPg(pool: pg.Pool, records: readonly TenantActivityWrite[]): Promise<boolean[]> {
  if (records.length === 0) return [];
  const column = <T>(of: (record: TenantActivityWrite) => T) => records.map(of);
  const { rows } = await pool.query<{ ordinal: string }>(
    APPEND_ACTIVITY([
      column((r) => r.tenantId),
      column((r) => r.epoch ?? null),
      column((r) => r.write.action),
      column((r) => r.write.actorType),
      column((r) => r.write.actorId),
      column((r) => r.write.targetType),
      column((r) => r.write.targetId),
      column((r) => r.write.timestamp),
      column((r) => r.write.properties),
    ]),
  );
  const written = new Set(rows.map((row) => Number(row.ordinal)));
  return records.map((_, index) => written.has(index + 1));
}
