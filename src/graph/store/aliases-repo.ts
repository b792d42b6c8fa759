import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';
import type { AliasLink, AliasWrite } from './graph-storage.js';

/**
 * All SQL of `graph_aliases`: the identifiers (`login:x`, `email:y`, `account:z`, ...) under which a
 * node, in practice a person, is known in each system. Each alias points at exactly one node.
 */
export class AliasesRepo {
  private readonly lookupStmt: Statement;
  private readonly manualStmt: Statement;
  private readonly setStmt: Statement;
  private readonly ofNodeStmt: Statement;
  private readonly repointStmt: Statement;
  private readonly deleteTenantStmt: Statement;
  private readonly linkStmt: Statement;
  private readonly unlinkStmt: Statement;
  private readonly linksOfStmt: Statement;

  constructor(db: Db) {
    this.lookupStmt = db.prepare(
      'SELECT alias, node_rowid FROM graph_aliases WHERE tenant_id = ? AND alias IN (SELECT value FROM json_each(?))',
    );
    this.manualStmt = db
      .prepare(
        "SELECT alias FROM graph_aliases WHERE tenant_id = ? AND alias IN (SELECT value FROM json_each(?)) AND method = 'manual'",
      )
      .pluck();
    this.setStmt =
      db.prepare(`INSERT INTO graph_aliases (tenant_id, alias, node_rowid, method, linked_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (tenant_id, alias) DO UPDATE SET node_rowid = excluded.node_rowid, method = excluded.method,
        linked_at = excluded.linked_at
      WHERE node_rowid IS NOT excluded.node_rowid`);
    this.ofNodeStmt = db
      .prepare('SELECT alias FROM graph_aliases WHERE node_rowid = ? AND +tenant_id = ? ORDER BY alias')
      .pluck();
    this.repointStmt = db.prepare('UPDATE graph_aliases SET node_rowid = ? WHERE node_rowid = ? AND +tenant_id = ?');
    this.deleteTenantStmt = db.prepare('DELETE FROM graph_aliases WHERE tenant_id = ?');
    this.linkStmt =
      db.prepare(`INSERT INTO graph_aliases (tenant_id, alias, node_rowid, method, linked_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (tenant_id, alias) DO UPDATE SET node_rowid = excluded.node_rowid, method = excluded.method, linked_at = excluded.linked_at`);
    this.unlinkStmt = db.prepare('DELETE FROM graph_aliases WHERE tenant_id = ? AND alias = ? AND node_rowid = ?');
    this.linksOfStmt = db.prepare(
      'SELECT alias, method, linked_at AS linkedAt FROM graph_aliases WHERE node_rowid = ? AND +tenant_id = ? ORDER BY alias',
    );
  }

  /** The node each known alias points at. */
  lookup(tenantId: string, aliases: readonly string[]): Map<string, number> {
    if (aliases.length === 0) return new Map();
    const rows = this.lookupStmt.all(tenantId, JSON.stringify(aliases)) as Array<{ alias: string; node_rowid: number }>;
    return new Map(rows.map((r) => [r.alias, r.node_rowid]));
  }

  manual(tenantId: string, aliases: readonly string[]): Set<string> {
    if (aliases.length === 0) return new Set();
    return new Set(this.manualStmt.all(tenantId, JSON.stringify(aliases)) as string[]);
  }

  /** Points the alias at its node with how and when, unless it points there already. */
  set(tenantId: string, write: AliasWrite): void {
    this.setStmt.run(tenantId, write.alias, write.rowid, write.method, write.linkedAt);
  }

  ofNode(tenantId: string, rowid: number): string[] {
    return this.ofNodeStmt.all(rowid, tenantId) as string[];
  }

  /** Points `alias` at `rowid`, recording how and when the link was made. */
  link(tenantId: string, link: AliasLink, rowid: number): void {
    this.linkStmt.run(tenantId, link.alias, rowid, link.method, link.linkedAt);
  }

  /** Removes `alias` from node `rowid`; false when it does not point there. */
  unlink(tenantId: string, alias: string, rowid: number): boolean {
    return this.unlinkStmt.run(tenantId, alias, rowid).changes > 0;
  }

  linksOf(tenantId: string, rowid: number): AliasLink[] {
    return this.linksOfStmt.all(rowid, tenantId) as AliasLink[];
  }

  repoint(tenantId: string, from: number, into: number): void {
    this.repointStmt.run(into, from, tenantId);
  }

  deleteTenant(tenantId: string): number {
    return this.deleteTenantStmt.run(tenantId).changes;
  }
}
