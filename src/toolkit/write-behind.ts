import type { Logger } from './context.js';

/** A queue of writes a call's answer does not wait for (the audit log, the graph's ingestion). */
export interface DeferredWrites {
  /** From now on, calls `schedule` when something is queued instead of scheduling its own write. */
  writeWhen(schedule: () => void): void;
  /** Writes everything queued so far; resolves once it is written (a failure is logged, not thrown). */
  writeQueued(): Promise<void>;
}

/** Runs the queues' writes as one unit of the store (one SQLite transaction), or one after the other. */
export type WriteTogether = (work: () => Promise<void>) => Promise<void>;

/**
 * Writes every call's deferred records together, once per turn of the event loop in which something was
 * queued: a call's audit record, activity record and graph ingestion, and those of every call answered in
 * the same turn, cost one transaction rather than three per call. The answer is on its way by then.
 */
export class WriteBehind {
  private readonly queues: DeferredWrites[] = [];
  private scheduled: NodeJS.Immediate | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly together: WriteTogether,
    private readonly log: Logger,
  ) {}

  /** Takes over the scheduling of a queue's writes. */
  take(queue: DeferredWrites): void {
    this.queues.push(queue);
    queue.writeWhen(this.schedule);
  }

  private readonly schedule = (): void => {
    this.scheduled ??= setImmediate(() => void this.flush());
  };

  /** Writes what every queue holds now, after the writes before; resolves once written. */
  flush(): Promise<void> {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    this.writing = this.writing
      .then(() =>
        this.together(async () => {
          for (const queue of this.queues) await queue.writeQueued();
        }),
      )
      .catch((error: unknown) =>
        this.log.error('deferred writes failed', { error: error instanceof Error ? error.message : String(error) }),
      );
    return this.writing;
  }
}
