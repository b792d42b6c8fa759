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

  constructor(
    private readonly locks: FleetLocks,
    private readonly log: Logger,
    private readonly observe: (job: string, outcome: JobOutcome) => void = () => undefined,
  ) {}

  /** Runs `work` now unless another node is running the job; a failure is logged, not thrown. */
  async run(job: string, work: () => Promise<void>): Promise<JobOutcome | 'failed'> {
    try {
      const outcome: JobOutcome = (await this.locks.once(job, work)) ? 'ran' : 'skipped';
      this.observe(job, outcome);
      this.log.debug('background job', { job, outcome });
      return outcome;
    } catch (error) {
      this.log.warn('background job failed', { job, error: error instanceof Error ? error.message : String(error) });
      return 'failed';
    }
  }

  /** Runs the job now and every `intervalMs` until `stop()`. */
  every(job: string, intervalMs: number, work: () => Promise<void>): void {
    void this.run(job, work);
    const timer = setInterval(() => void this.run(job, work), intervalMs);
    timer.unref();
    this.timers.add(timer);
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
  }
}
