import type { Logger } from './context.js';

/** A queue of writes a call's answer does not wait for (the audit log, the graph's ingestion). */
export interface DeferredWrites {
  /** From now on, calls `schedule` when something is queued instead of scheduling its own write. */
  writeWhen(schedule: () => void): void;
  /** Writes everything queued so far; resolves once it is written (a failure is logged, not thrown). */
  writeQueued(): Promise<void>;
  /** The unit its writes were part of failed after they ran (a commit refused): what they wrote is not kept. */
  writesLost?(): void;
}

/** Runs the queues' writes as one unit of the store (one SQLite transaction), or one after the other. */
export type WriteTogether = (work: () => Promise<void>) => Promise<void>;

/** How long after the first of them the deferred writes of calls wait for others to share their transaction. */
export const WRITE_BEHIND_WINDOW_MS = 5;

/**
 * Writes every call's deferred records together, `windowMs` after a call first queued something (on the
 * next turn of the event loop when 0): a call's audit record, activity record and graph ingestion, and those
 * of every call answered meanwhile, cost one transaction rather than three per call. The answer is on its
 * way by then; the reads that must see them write them first (audit exports, graph reads).
 */
export class WriteBehind {
  private readonly queues: DeferredWrites[] = [];
  private scheduled: { cancel: () => void } | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly together: WriteTogether,
    private readonly log: Logger,
    private readonly windowMs = WRITE_BEHIND_WINDOW_MS,
  ) {}

  /** Takes over the scheduling of a queue's writes. */
  take(queue: DeferredWrites): void {
    this.queues.push(queue);
    queue.writeWhen(this.schedule);
  }

  private readonly schedule = (): void => {
    if (this.scheduled) return;
    const write = () => void this.flush();
    if (this.windowMs > 0) {
      const timer = setTimeout(write, this.windowMs);
      this.scheduled = { cancel: () => clearTimeout(timer) };
    } else {
      const immediate = setImmediate(write);
      this.scheduled = { cancel: () => clearImmediate(immediate) };
    }
  };

  /** Writes what every queue holds now, after the writes before; resolves once written. */
  flush(): Promise<void> {
    this.scheduled?.cancel();
    this.scheduled = undefined;
    this.writing = this.writing
      .then(() =>
        this.together(async () => {
          for (const queue of this.queues) await queue.writeQueued();
        }),
      )
      .catch((error: unknown) => {
        for (const queue of this.queues) queue.writesLost?.();
        this.log.error('deferred writes failed', { error: error instanceof Error ? error.message : String(error) });
      });
    return this.writing;
  }
}
