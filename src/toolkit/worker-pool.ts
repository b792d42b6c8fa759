import { availableParallelism } from 'node:os';
import { Worker, type TransferListItem, type WorkerOptions } from 'node:worker_threads';
import type { ErrorCode } from './errors.js';

export interface WorkerLimits {
  /** Wall time one job may take. */
  timeoutMs: number;
  /** Heap (V8 old generation) a worker may use. */
  maxHeapMb: number;
}

/** Why a job did not answer: the pool's caller turns each into its own error. */
export type JobFailure =
  | { kind: 'timeout'; limitMs: number }
  | { kind: 'heap'; limitMb: number }
  | { kind: 'cancelled' }
  | { kind: 'refused'; message: string; unreadable: boolean; code?: ErrorCode }
  | { kind: 'crashed'; message: string };

/** What a worker posts back for a job (see serveJobs). */
/** A refusal's `code` is that of the AppError the job threw: a caller's mistake found in the worker keeps its status. */
export type JobAnswer<R> = { result: R } | { refused: string; unreadable: boolean; code?: ErrorCode };

interface WorkerPoolOptions {
  /** The worker module, by URL next to the caller: see workerModule. */
  module: URL;
  size: number;
  limits: WorkerLimits;
  /** Keep a worker for the next job (false: a fresh worker per job, ended after it). */
  reuse: boolean;
  failure: (failure: JobFailure) => Error;
}

/** Workers of a pool by default: one core left to the event loop, at most four. */
export const defaultPoolSize = (cores = availableParallelism()) => Math.max(1, Math.min(4, cores - 1));

/**
 * The URL of a worker module beside the calling module: the compiled `.js` (also in the bundle, where
 * every worker entry sits beside the chunks), or the `.ts` source when the caller runs from sources.
 */
export const workerModule = (callerUrl: string, name: string): URL =>
  new URL(`./${name}.${callerUrl.endsWith('.ts') ? 'ts' : 'js'}`, callerUrl);

/** A worker of the module; a TypeScript source (tests run the sources) is loaded through tsx. */
function spawnWorker(module: URL, options: WorkerOptions): Worker {
  if (!module.pathname.endsWith('.ts')) return new Worker(module, options);
  return new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); })`,
    { ...options, eval: true },
  );
}

interface Queued {
  job: unknown;
  transfer: TransferListItem[];
  signal?: AbortSignal;
  /** Takes the job out of the queue when its signal fires before it starts. */
  dequeue: () => void;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Runs jobs in at most `size` worker threads, each job under a time limit and each worker under a heap
 * limit, so a job that spins or balloons is stopped and answered as a failure while the event loop and
 * the server's heap never see it. A job over a limit, cancelled or crashed ends its worker; the next job
 * gets a fresh one. Idle workers do not keep the process alive.
 */
export class WorkerPool<Job, Result> {
  private readonly idle: Worker[] = [];
  private readonly queue: Queued[] = [];
  private running = 0;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Jobs waiting for a worker and jobs running. */
  get load(): { queued: number; running: number } {
    return { queued: this.queue.length, running: this.running };
  }

  run(job: Job, transfer: TransferListItem[] = [], signal?: AbortSignal): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      if (signal?.aborted) return reject(this.options.failure({ kind: 'cancelled' }));
      const dequeue = () => {
        this.queue.splice(this.queue.indexOf(queued), 1);
        reject(this.options.failure({ kind: 'cancelled' }));
      };
      const queued: Queued = { job, transfer, signal, dequeue, resolve: resolve as (value: unknown) => void, reject };
      this.queue.push(queued);
      signal?.addEventListener('abort', dequeue, { once: true });
      this.next();
    });
  }

  /** Ends the idle workers (a running job's worker ends with its job). */
  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((w) => w.terminate()));
  }

  private next(): void {
    while (this.running < this.options.size && this.queue.length > 0) {
      const queued = this.queue.shift()!;
      this.running++;
      this.start(queued);
    }
  }

  /** A new worker; one that dies while idle leaves the idle list (its error is the job's when it has one). */
  private spawn(): Worker {
    const worker = spawnWorker(this.options.module, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.limits.maxHeapMb },
      stdout: true,
      stderr: true,
    });
    const forget = () => {
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    };
    worker.on('error', forget);
    worker.on('exit', forget);
    return worker;
  }

  private start({ job, transfer, signal, dequeue, resolve, reject }: Queued): void {
    signal?.removeEventListener('abort', dequeue);
    const { limits, failure } = this.options;
    const worker = this.idle.pop() ?? this.spawn();
    worker.ref();
    let settled = false;
    const settle = (keep: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
      worker.removeListener('message', answered);
      worker.removeListener('error', crashed);
      worker.removeListener('exit', exited);
      if (keep && this.options.reuse) {
        worker.unref();
        this.idle.push(worker);
      } else void worker.terminate();
      this.running--;
      outcome();
      this.next();
    };
    const answered = (answer: JobAnswer<Result>) =>
      'result' in answer
        ? settle(true, () => resolve(answer.result))
        : settle(true, () =>
            reject(
              failure({ kind: 'refused', message: answer.refused, unreadable: answer.unreadable, code: answer.code }),
            ),
          );
    const crashed = (error: Error & { code?: string }) =>
      settle(false, () =>
        reject(
          failure(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? { kind: 'heap', limitMb: limits.maxHeapMb }
              : { kind: 'crashed', message: error.message },
          ),
        ),
      );
    const exited = (code: number) =>
      settle(false, () => reject(failure({ kind: 'crashed', message: `the worker stopped with code ${code}` })));
    const cancel = () => settle(false, () => reject(failure({ kind: 'cancelled' })));
    const timer = setTimeout(
      () => settle(false, () => reject(failure({ kind: 'timeout', limitMs: limits.timeoutMs }))),
      limits.timeoutMs,
    );
    worker.on('message', answered);
    worker.once('error', crashed);
    worker.once('exit', exited);
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      worker.postMessage(job, transfer);
    } catch (error) {
      // A job that cannot be sent (an untransferable buffer) fails alone; the worker never saw it.
      settle(true, () => reject(failure({ kind: 'crashed', message: (error as Error).message })));
    }
  }
}
