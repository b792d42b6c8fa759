import type { Clock, Logger } from '../../toolkit/context.js';
import type { DeferredWrites } from '../../toolkit/write-behind.js';
import { ChainVerifier, sealBatch, type LinkSigner, type VerifyReport } from './chain.js';
import type { AuditEntry, AuditRow, QueuedAct } from './record.js';
import type { AuditStore } from './store.js';

const VERIFY_PAGE = 2000;
const DAY_MS = 86_400_000;

/** One exported record: its tenant and place in the chain, its time, its body's fields and its hashes. */
export type ExportedRecord = Record<string, unknown> & {
  tenant_id: string;
  seq: number;
  at: string;
  prev_hash: string;
  hash: string;
};

export const exportedRecordOf = (row: AuditRow): ExportedRecord => ({
  tenant_id: row.tenant_id,
  seq: row.seq,
  at: new Date(row.at).toISOString(),
  ...(JSON.parse(row.body) as Record<string, unknown>),
  prev_hash: row.prev_hash,
  hash: row.hash,
});

/**
 * The audit log: acts are queued in memory as they happen and appended in batches, one per tenant, right
 * after the call that made them has answered (off its critical path; in the server, together with the
 * graph's writes: `WriteBehind`). `flush()` drains the queue: exports and verification flush first, and the
 * shutdown flushes last, so a clean stop loses no record.
 */
export class AuditLog implements DeferredWrites {
  private queue: QueuedAct[] = [];
  private scheduled = false;
  private flushing: Promise<void> = Promise.resolve();
  private schedule = (): void => void setImmediate(() => void this.flush());

  constructor(
    private readonly store: AuditStore,
    private readonly signer: LinkSigner,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Queues an act (made when it is appended); it is appended once the current event loop turn is over. */
  record(entry: QueuedAct): void {
    this.queue.push(entry);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule();
  }

  writeWhen(schedule: () => void): void {
    this.schedule = schedule;
  }

  writeQueued(): Promise<void> {
    return this.flush();
  }

  /** Appends everything queued so far; resolves once it is stored (a failure is logged, not thrown). */
  flush(): Promise<void> {
    this.scheduled = false;
    const queued = this.queue.splice(0);
    if (queued.length === 0) return this.flushing;
    const batch = queued.flatMap((act) => this.made(act));
    this.flushing = this.flushing.then(() => this.append(batch));
    return this.flushing;
  }

  async page(
    tenantId: string,
    query: Parameters<AuditStore['page']>[1],
  ): Promise<{ records: ExportedRecord[]; lastSeq?: number; more: boolean }> {
    await this.flush();
    const rows = await this.store.page(tenantId, { ...query, limit: query.limit + 1 });
    const shown = rows.slice(0, query.limit);
    return { records: shown.map(exportedRecordOf), lastSeq: shown.at(-1)?.seq, more: rows.length > query.limit };
  }

  /** Checks the tenant's chain from its checkpoint (or its first record) to its head. */
  async verify(tenantId: string): Promise<VerifyReport> {
    await this.flush();
    const verifier = new ChainVerifier(this.signer, tenantId, await this.store.state(tenantId));
    while (!verifier.done) {
      const rows = await this.store.page(tenantId, { afterSeq: verifier.position, limit: VERIFY_PAGE });
      if (rows.length === 0) break;
      verifier.check(rows);
      if (rows.length < VERIFY_PAGE) break;
    }
    return verifier.report();
  }

  /** The retention cut: every tenant's records older than `retentionDays`, behind a signed checkpoint. */
  async cut(retentionDays: number): Promise<number> {
    await this.flush();
    const before = this.clock.now() - retentionDays * DAY_MS;
    let removed = 0;
    for (const tenantId of await this.store.tenantsWithRecordsBefore(before))
      removed += await this.store.cut(tenantId, before, (link) => this.signer.sign(tenantId, link));
    return removed;
  }

  private made(act: QueuedAct): AuditEntry[] {
    try {
      return [typeof act === 'function' ? act() : act];
    } catch (error) {
      this.log.error('audit: record not made', { error: error instanceof Error ? error.message : String(error) });
      return [];
    }
  }

  private async append(batch: readonly AuditEntry[]): Promise<void> {
    // One append per tenant and epoch, in the order the acts happened.
    const byTenant = new Map<string, AuditEntry[]>();
    for (const entry of batch) {
      const key = `${entry.tenantId}\u0000${entry.tenantEpoch ?? ''}`;
      const list = byTenant.get(key);
      if (list) list.push(entry);
      else byTenant.set(key, [entry]);
    }
    for (const entries of byTenant.values()) {
      const { tenantId, tenantEpoch } = entries[0];
      try {
        const stored = await this.store.append(tenantId, tenantEpoch, (head) =>
          sealBatch(this.signer, tenantId, head, entries),
        );
        // A deleted tenant's records would belong to nothing: its acts are in the server log only.
        if (!stored)
          this.log.info('audit: tenant gone, records not kept', { tenant_id: tenantId, records: entries.length });
      } catch (error) {
        this.log.error('audit: records not stored', {
          tenant_id: tenantId,
          records: entries.length,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
}
