import { DEFAULT_JOB_LIMITS, type DocumentSettings } from '../config/documents.js';
import { defaultPoolSize, WorkerPool, workerModule, type JobFailure } from '../toolkit/worker-pool.js';
import { AppError } from '../toolkit/errors.js';
import { UnreadableDocument } from './parse/types.js';
import type { PrepareJob, PreparedDocument } from './prepare.js';

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

/** The worker pool that prepares uploads: each job under the time limit, each worker under the heap limit. */
export class DocumentJobs {
  private readonly pool: WorkerPool<PrepareJob, PreparedDocument>;

  constructor(readonly options: DocumentJobOptions = DEFAULT_JOB_LIMITS) {
    this.pool = new WorkerPool({
      module: workerModule(import.meta.url, 'prepare-worker'),
      size: options.workers ?? defaultPoolSize(),
      limits: { timeoutMs: options.timeoutMs, maxHeapMb: options.maxHeapMb },
      reuse: true,
      failure: jobError,
    });
  }

  get load() {
    return this.pool.load;
  }

  /**
   * Prepares an upload in a worker; the bytes are copied once into a buffer of their own that moves to
   * it. Not `slice()`: on a Buffer that is a view of Node's shared pool, which cannot be transferred.
   */
  prepare(job: PrepareJob, signal?: AbortSignal): Promise<PreparedDocument> {
    const bytes = new Uint8Array(job.bytes);
    return this.pool.run({ ...job, bytes }, [bytes.buffer], signal);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
