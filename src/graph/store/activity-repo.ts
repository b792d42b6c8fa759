import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';
import { tenantsInTableCte } from '../../store/tenants-in-table.js';
import type { ActivityWrite } from './graph-storage.js';
import type { ActivityRow } from './rows.js';

/**
 * Records older than `?` of every tenant: each tenant's through the feed index (tenant, time), the tenants found
 * by a skip scan over its first column (one probe a tenant), so no index on time alone costs every insert a page.
 */
const PRUNE_OLDER_THAN = `${tenantsInTableCte('graph_activity')}
  DELETE FROM graph_activity WHERE id IN (
    SELECT a.id FROM tenant JOIN graph_activity a INDEXED BY graph_activity_feed ON a.tenant_id = tenant.id AND a.timestamp < ?
  )`;

/** All SQL of `graph_activity`: the per-tenant feed and the timeline of one entity. */
export class ActivityRepo {
  private readonly insertStmt: Statement;
  private readonly feedStmt: Statement;
  private readonly timelineStmt: Statement;
  private readonly countStmt: Statement;
  private readonly deleteTenantStmt: Statement;
  private readonly pruneStmt: Statement;

  constructor(db: Db) {
    this.insertStmt =
      db.prepare(`INSERT INTO graph_activity (tenant_id, action, actor_type, actor_id, target_type, target_id, timestamp, properties)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    this.feedStmt = db.prepare(
      'SELECT * FROM graph_activity WHERE tenant_id = ? ORDER BY timestamp DESC, id DESC LIMIT ?',
    );
    // The entity as target, or (for a person) as actor under any of its identifiers.
    this.timelineStmt = db.prepare(`
      SELECT * FROM (
        SELECT * FROM graph_activity WHERE tenant_id = @tenantId AND target_type = @type AND target_id IN (SELECT value FROM json_each(@targets))
        UNION
        SELECT * FROM graph_activity WHERE tenant_id = @tenantId AND actor_id IN (SELECT value FROM json_each(@actors))
      ) ORDER BY timestamp DESC, id DESC LIMIT @limit`);
    this.countStmt = db.prepare('SELECT count(*) FROM graph_activity WHERE tenant_id = ?').pluck();
    this.deleteTenantStmt = db.prepare('DELETE FROM graph_activity WHERE tenant_id = ?');
    this.pruneStmt = db.prepare(PRUNE_OLDER_THAN);
  }

  /** Deletes records older than `cutoff` (ms) of every tenant; returns how many. */
  pruneOlderThan(cutoff: number): number {
    return this.pruneStmt.run(cutoff).changes;
  }

  insert(tenantId: string, write: ActivityWrite): void {
    // Bound by position: better-sqlite3 looks every named parameter up by name.
    const { action, actorType, actorId, targetType, targetId, timestamp, properties } = write;
    this.insertStmt.run(tenantId, action, actorType, actorId, targetType, targetId, timestamp, properties);
  }

  feed(tenantId: string, limit: number): ActivityRow[] {
    return this.feedStmt.all(tenantId, limit) as ActivityRow[];
  }

  /** Records whose target is `type` with one of `targetIds`, or whose actor is one of `actorIds`. */
  timeline(
    tenantId: string,
    type: string,
    targetIds: readonly string[],
    actorIds: readonly string[],
    limit: number,
  ): ActivityRow[] {
    return this.timelineStmt.all({
      tenantId,
      type,
      targets: JSON.stringify(targetIds),
      actors: JSON.stringify(actorIds),
      limit,
    }) as ActivityRow[];
  }

  count(tenantId: string): number {
    return this.countStmt.get(tenantId) as number;
  }

  deleteTenant(tenantId: string): number {
    return this.deleteTenantStmt.run(tenantId).changes;
  }
}
