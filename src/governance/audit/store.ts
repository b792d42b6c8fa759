import type { AuditRow, ChainLink, ChainState, SignedLink } from './record.js';

/** Which records an export reads: after a seq, inside a time window, at most `limit`. */
export interface AuditPageQuery {
  afterSeq: number;
  /** Epoch milliseconds, inclusive. */
  since?: number;
  /** Epoch milliseconds, exclusive. */
  until?: number;
  limit: number;
}

/**
 * The audit log's records, append-only and chained per tenant (SQLite: `store-sqlite.ts`, PostgreSQL:
 * `store-pg.ts`). Appends of one tenant are serialised (on PostgreSQL across every node) so that the chain
 * never forks; the caller seals the batch from the head the store read under that lock.
 */
export interface AuditStore {
  /**
   * Appends a tenant's batch: `seal` is given the chain head and returns the rows that follow it and the new
   * head. False when the tenant does not exist, or no longer at `epoch` when one is given (the records would
   * belong to nothing, or to a tenant re-created under the same id).
   */
  append(
    tenantId: string,
    epoch: string | undefined,
    seal: (head: ChainLink) => { rows: AuditRow[]; head: SignedLink },
  ): Promise<boolean>;
  /** The tenant's records in seq order, as the query says. */
  page(tenantId: string, query: AuditPageQuery): Promise<AuditRow[]>;
  /** The tenant's chain head and retention checkpoint, or undefined before its first record. */
  state(tenantId: string): Promise<ChainState | undefined>;
  /**
   * Deletes the tenant's records older than `before` (epoch ms) and keeps a checkpoint of the last one deleted,
   * signed by `sign`; how many were deleted.
   */
  cut(tenantId: string, before: number, sign: (link: ChainLink) => SignedLink): Promise<number>;
  /** Tenants that have records older than `before`. */
  tenantsWithRecordsBefore(before: number): Promise<string[]>;
  /** Forgets every record of a tenant (the tenant purge). */
  deleteTenant(tenantId: string): Promise<number>;
}
