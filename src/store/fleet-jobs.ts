import type { Logger } from '../toolkit/context.js';
import type { FleetLocks } from './fleet-locks.js';

/** Whether this node ran a job, or left it to the node already running it. */
export type JobOutcome = 'ran' | 'skipped';

/**
 * Background work done once for every node sharing the store (sweeps, retention): each node schedules
 * it, and the one that takes the job's lock runs it while the others skip that turn.
 */
export class FleetJobs {
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Scheduled jobs whose turn on this node has not ended yet. */
  private readonly unfinished = new Set<string>();

  constructor(
    private readonly locks: FleetLocks,
    private readonly log: Logger,
    private readonly observe: (job: string, outcome: JobOutcome) => void = () => undefined,
  ) {}

  /**
   * Runs `work` now unless another node is running the job; a failure is logged, not thrown. `metricLabel`
   * names the job in the metrics when `job`, its lock key, carries a value without bound (a tenant id).
   */
  run(job: string, work: () => Promise<void>, metricLabel = job): Promise<JobOutcome | 'failed'> {
    return this.take(job, metricLabel, work, false);
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
      void this.take(job, job, work, true).finally(() => this.unfinished.delete(job));
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
  ): Promise<JobOutcome | 'failed'> {
    try {
      const ran = await this.locks.once(job, work, { waitForSlot });
      return this.settle(job, metricLabel, ran ? 'ran' : 'skipped');
    } catch (error) {
      this.log.warn('background job failed', { job, error: error instanceof Error ? error.message : String(error) });
      return 'failed';
    }
  }

  private settle(job: string, metricLabel: string, outcome: JobOutcome): JobOutcome {
    this.observe(metricLabel, outcome);
    this.log.debug('background job', { job, outcome });
    return outcome;
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
  }
}
