import { parentPort, type TransferListItem } from 'node:worker_threads';
import { AppError } from './errors.js';
import type { JobAnswer } from './worker-pool.js';

/** What a job handler answers: its result, and the buffers to move (not copy) to the pool's thread. */
interface Handled<R> {
  result: R;
  transfer?: TransferListItem[];
}

/**
 * The worker side of a WorkerPool: answers each job posted to this thread, one at a time. An error
 * the handler throws is answered as a refusal (`unreadable` when `isUnreadable` says the input is at
 * fault, with its code when it is an AppError), so the worker stays usable for the next job.
 */
export function serveJobs<J, R>(
  handle: (job: J) => Promise<Handled<R>> | Handled<R>,
  isUnreadable: (error: unknown) => boolean,
): void {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs in a worker thread');
  port.on('message', (job: J) => {
    Promise.resolve()
      .then(() => handle(job))
      .then(
        ({ result, transfer }) => port.postMessage({ result } satisfies JobAnswer<R>, transfer ?? []),
        (error: unknown) =>
          port.postMessage({
            refused: error instanceof Error ? error.message : String(error),
            unreadable: isUnreadable(error),
            code: error instanceof AppError ? error.code : undefined,
          } satisfies JobAnswer<R>),
      );
  });
}
