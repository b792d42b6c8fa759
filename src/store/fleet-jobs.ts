import type { Logger } from '../toolkit/context.js';
import type { FleetLocks, LockOutcome } from './fleet-locks.js';

/**
 * What this node did with a job's turn: ran it, left it to the node (or earlier turn) already running
 * it (`skipped`), could not run it for want of a free lock slot (`deferred`: nobody ran it), or ran it and
 * it failed.
 */
export type JobOutcome = 'ran' | 'skipped' | 'deferred' | 'failed';

const OUTCOME_OF_LOCK: Record<Exclude<LockOutcome, 'abandoned'>, JobOutcome> = {
  ran: 'ran',
  held: 'skipped',
  no_slot: 'deferred',
};

/**
 * Background work done once for every node sharing the store (sweeps, retention): each node schedules
 * it, and the one that takes the job's lock runs it while the others skip that turn.
 */
export class FleetJobs {
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Scheduled jobs whose turn on this node has not ended yet. */
  private readonly unfinished = new Set<string>();
  /** Aborted by `stop()`: a turn still waiting for a lock slot then never starts. */
  private readonly stopping = new AbortController();
  private readonly turns = new Set<Promise<unknown>>();

  constructor(
    private readonly locks: FleetLocks,
    private readonly log: Logger,
    private readonly observe: (job: string, outcome: JobOutcome) => void = () => undefined,
  ) {}

  /**
   * Runs `work` now unless another node is running the job; a failure is logged, not thrown. `metricLabel`
   * names the job in the metrics when `job`, its lock key, carries a value without bound (a tenant id).
   */
  run(job: string, work: () => Promise<void>, metricLabel = job): Promise<JobOutcome | 'stopped'> {
    return this.tracked(this.take(job, metricLabel, work, false));
  }

  /**
   * Runs the job now and every `intervalMs` until `stop()`. Jobs scheduled together would otherwise
   * outnumber the node's lock slots and every node would skip the same ones, so a turn waits for a slot;
   * one still unfinished on this node makes the next turn skip.
   */
  every(job: string, intervalMs: number, work: () => Promise<void>): void {
    const turn = () => {
      if (this.unfinished.has(job)) {
        this.settle(job, job, 'skipped');
        return;
      }
      this.unfinished.add(job);
      void this.tracked(this.take(job, job, work, true)).finally(() => this.unfinished.delete(job));
    };
    turn();
    const timer = setInterval(turn, intervalMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async take(
    job: string,
    metricLabel: string,
    work: () => Promise<void>,
    waitForSlot: boolean,
  ): Promise<JobOutcome | 'stopped'> {
    try {
      const outcome = await this.locks.once(job, work, { waitForSlot, signal: this.stopping.signal });
      return outcome === 'abandoned' ? 'stopped' : this.settle(job, metricLabel, OUTCOME_OF_LOCK[outcome]);
    } catch (error) {
      this.log.warn('background job failed', { job, error: error instanceof Error ? error.message : String(error) });
      return this.settle(job, metricLabel, 'failed');
    }
  }

  private settle(job: string, metricLabel: string, outcome: JobOutcome): JobOutcome {
    this.observe(metricLabel, outcome);
    this.log.debug('background job', { job, outcome });
    return outcome;
  }

  private tracked<T>(turn: Promise<T>): Promise<T> {
    this.turns.add(turn);
    void turn.finally(() => this.turns.delete(turn));
    return turn;
  }

  /** Resolves once the turns under way now have ended (a turn that starts meanwhile is not waited for). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.turns]);
  }

  /**
   * No turn starts after this; resolves once the turns already running have ended, so that what they
   * use (the store's pool) is closed after them.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    await Promise.allSettled([...this.turns]);
  }
}
