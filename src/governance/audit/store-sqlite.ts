import type { Db, Migration } from '../../store/db.js';
import type { TenantGate } from '../../store/tenant-gate.js';
import { tenantsInTableCte } from '../../store/tenants-in-table.js';
import { GENESIS, type AuditRow, type ChainLink, type ChainState, type SignedLink } from './record.js';
import type { AuditPageQuery, AuditStore } from './store.js';

export const auditMigrations: Migration[] = [
  {
    // The audit log: records chained per tenant (seq, previous hash, own hash) and each tenant's signed head
    // and retention checkpoint. Rows carry their tenant (purged with it).
    id: '460_audit',
    up: (db) =>
      db.exec(`
        CREATE TABLE audit_records (
          tenant_id TEXT NOT NULL,
          seq INTEGER NOT NULL,
          at INTEGER NOT NULL,
          body TEXT NOT NULL,
          prev_hash TEXT NOT NULL,
          hash TEXT NOT NULL,
          PRIMARY KEY (tenant_id, seq)
        ) WITHOUT ROWID;
        CREATE INDEX audit_records_by_time ON audit_records (at);
        CREATE TABLE audit_heads (
          tenant_id TEXT PRIMARY KEY,
          seq INTEGER NOT NULL,
          hash TEXT NOT NULL,
          signature TEXT NOT NULL,
          checkpoint_seq INTEGER,
          checkpoint_hash TEXT,
          checkpoint_signature TEXT
        );
      `),
  },
  {
    // Lighter appends: no index on time, a page each append dirtied that no plan read (the retention sweep
    // finds its tenants through the primary key, `tenantsWithRecordsBefore`); and the heads keyed by tenant in
    // one B-tree, so reading and replacing a head is one search rather than the key's index, then the table.
    id: '461_audit_lean_appends',
    up: (db) =>
      db.exec(`
        CREATE TABLE audit_heads_keyed (
          tenant_id TEXT PRIMARY KEY,
          seq INTEGER NOT NULL,
          hash TEXT NOT NULL,
          signature TEXT NOT NULL,
          checkpoint_seq INTEGER,
          checkpoint_hash TEXT,
          checkpoint_signature TEXT
        ) WITHOUT ROWID;
        INSERT INTO audit_heads_keyed
          SELECT tenant_id, seq, hash, signature, checkpoint_seq, checkpoint_hash, checkpoint_signature FROM audit_heads;
        DROP TABLE audit_heads;
        ALTER TABLE audit_heads_keyed RENAME TO audit_heads;
        DROP INDEX audit_records_by_time;
      `),
  },
];

/**
 * Each tenant that has records, one primary-key probe apiece (a skip scan over the key's first column), with
 * one older than `?`: a tenant's oldest records come first in seq order, so the probe stops at the first.
 */
const TENANTS_WITH_RECORDS_BEFORE = `${tenantsInTableCte('audit_records')}
  SELECT id FROM tenant
  WHERE id IS NOT NULL AND EXISTS (SELECT 1 FROM audit_records r WHERE r.tenant_id = tenant.id AND r.at < ?)`;

type Sealer = Parameters<AuditStore['append']>[2];

interface HeadRow {
  seq: number;
  hash: string;
  signature: string;
  checkpoint_seq: number | null;
  checkpoint_hash: string | null;
  checkpoint_signature: string | null;
}

export function chainStateOf(row: HeadRow | undefined): ChainState | undefined {
  if (!row) return undefined;
  const head = { seq: row.seq, hash: row.hash, signature: row.signature };
  return row.checkpoint_seq === null
    ? { head }
    : {
        head,
        checkpoint: {
          seq: row.checkpoint_seq,
          hash: row.checkpoint_hash ?? '',
          signature: row.checkpoint_signature ?? '',
        },
      };
}

/**
 * The audit log in the installation's SQLite file. Each append is one synchronous transaction (SQLite's
 * writer lock serialises it against every other process on the file), so the head it reads is the one it
 * replaces.
 */
export class SqliteAuditStore implements AuditStore {
  private readonly statements;
  private readonly appendInTransaction: (tenantId: string, epoch: string | undefined, seal: Sealer) => boolean;

  constructor(
    private readonly db: Db,
    private readonly gate: TenantGate,
  ) {
    this.statements = {
      head: db.prepare('SELECT * FROM audit_heads WHERE tenant_id = ?'),
      insert: db.prepare(
        'INSERT INTO audit_records (tenant_id, seq, at, body, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      setHead: db.prepare(
        `INSERT INTO audit_heads (tenant_id, seq, hash, signature) VALUES (?, ?, ?, ?)
         ON CONFLICT (tenant_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash, signature = excluded.signature`,
      ),
    };
    // Built once: better-sqlite3 builds a transaction function and its variants on every `db.transaction`.
    this.appendInTransaction = db.transaction((tenantId: string, epoch: string | undefined, seal: Sealer): boolean => {
      if (!this.gate(tenantId, epoch)) return false;
      const current = this.statements.head.get(tenantId) as HeadRow | undefined;
      const sealed = seal(current ?? GENESIS);
      for (const row of sealed.rows)
        this.statements.insert.run(row.tenant_id, row.seq, row.at, row.body, row.prev_hash, row.hash);
      this.statements.setHead.run(tenantId, sealed.head.seq, sealed.head.hash, sealed.head.signature);
      return true;
    });
  }

  async append(tenantId: string, epoch: string | undefined, seal: Sealer): Promise<boolean> {
    return this.appendInTransaction(tenantId, epoch, seal);
  }

  async page(tenantId: string, query: AuditPageQuery): Promise<AuditRow[]> {
    return this.db
      .prepare(
        `SELECT * FROM audit_records WHERE tenant_id = ? AND seq > ? AND at >= ? AND at < ? ORDER BY seq LIMIT ?`,
      )
      .all(
        tenantId,
        query.afterSeq,
        query.since ?? Number.MIN_SAFE_INTEGER,
        query.until ?? Number.MAX_SAFE_INTEGER,
        query.limit,
      ) as AuditRow[];
  }

  async state(tenantId: string): Promise<ChainState | undefined> {
    return chainStateOf(this.statements.head.get(tenantId) as HeadRow | undefined);
  }

  async cut(tenantId: string, before: number, sign: (link: ChainLink) => SignedLink): Promise<number> {
    return this.db.transaction(() => {
      const last = this.db
        .prepare('SELECT seq, hash FROM audit_records WHERE tenant_id = ? AND at < ? ORDER BY seq DESC LIMIT 1')
        .get(tenantId, before) as ChainLink | undefined;
      if (!last) return 0;
      const checkpoint = sign(last);
      this.db
        .prepare(
          'UPDATE audit_heads SET checkpoint_seq = ?, checkpoint_hash = ?, checkpoint_signature = ? WHERE tenant_id = ?',
        )
        .run(checkpoint.seq, checkpoint.hash, checkpoint.signature, tenantId);
      return this.db.prepare('DELETE FROM audit_records WHERE tenant_id = ? AND seq <= ?').run(tenantId, last.seq)
        .changes;
    })();
  }

  async tenantsWithRecordsBefore(before: number): Promise<string[]> {
    return this.db.prepare(TENANTS_WITH_RECORDS_BEFORE).pluck().all(before) as string[];
  }

  async deleteTenant(tenantId: string): Promise<number> {
    return this.db.transaction(() => {
      this.db.prepare('DELETE FROM audit_heads WHERE tenant_id = ?').run(tenantId);
      return this.db.prepare('DELETE FROM audit_records WHERE tenant_id = ?').run(tenantId).changes;
    })();
  }
}
