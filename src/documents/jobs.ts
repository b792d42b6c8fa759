import { DEFAULT_JOB_LIMITS, type DocumentSettings } from '../config/documents.js';
import type { JobFailure, WorkerPool } from '../toolkit/worker-pool.js';
import { AppError } from '../toolkit/errors.js';
import { UnreadableDocument } from './parse/types.js';
import type { PrepareJob } from './prepare.js';
import type { PreparedDocument } from './prepared.js';

/** The upload workers: how many (the pool's default when unset), each job's time and heap limits. */
type DocumentJobOptions = DocumentSettings['jobs'];

export const cancelled = () => new AppError('CANCELLED', 'The upload was cancelled; nothing was stored');

function jobError(failure: JobFailure): Error {
  switch (failure.kind) {
    case 'timeout':
      return new UnreadableDocument(`processing took longer than the time limit (${failure.limitMs / 1000} s)`);
    case 'heap':
      return new UnreadableDocument(`processing needed more memory than the heap limit (${failure.limitMb} MB)`);
    case 'cancelled':
      return cancelled();
    case 'refused':
      if (failure.code) return new AppError(failure.code, failure.message);
      return failure.unreadable ? new UnreadableDocument(failure.message) : new Error(failure.message);
    case 'crashed':
      return new UnreadableDocument(`the document could not be processed (${failure.message})`);
  }
}

/**
 * The worker pool that prepares uploads: each job under the time limit, each worker under the heap limit.
 * The pool's module (and Node's worker_threads with it) loads with the first upload, not with the server.
 */
export class DocumentJobs {
  private started?: WorkerPool<PrepareJob, PreparedDocument>;
  private starting?: Promise<WorkerPool<PrepareJob, PreparedDocument>>;

  constructor(readonly options: DocumentJobOptions = DEFAULT_JOB_LIMITS) {}

  get load() {
    return this.started?.load ?? { queued: 0, running: 0 };
  }

  /**
   * Prepares an upload in a worker; the bytes are copied once into a buffer of their own that moves to
   * it. Not `slice()`: on a Buffer that is a view of Node's shared pool, which cannot be transferred.
   */
  async prepare(job: PrepareJob, signal?: AbortSignal): Promise<PreparedDocument> {
    const bytes = new Uint8Array(job.bytes);
    const pool = await this.pool();
    return pool.run({ ...job, bytes }, [bytes.buffer], signal);
  }

  async close(): Promise<void> {
    if (this.starting) await (await this.starting).close();
  }

  private pool(): Promise<WorkerPool<PrepareJob, PreparedDocument>> {
    const { options } = this;
    this.starting ??= import('../toolkit/worker-pool.js').then(
      ({ defaultPoolSize, WorkerPool, workerModule }) =>
        (this.started = new WorkerPool({
          module: workerModule(import.meta.url, 'prepare-worker'),
          size: options.workers ?? defaultPoolSize(),
          limits: { timeoutMs: options.timeoutMs, maxHeapMb: options.maxHeapMb },
          reuse: true,
          failure: jobError,
        })),
    );
    return this.starting;
  }
}
