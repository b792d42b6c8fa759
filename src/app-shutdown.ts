import type { Config } from './config/config.js';
import type { StoreBackend } from './store/backend.js';
import { closeBackend } from './store/lifecycle.js';
import type { Logger } from './toolkit/context.js';
import type { Executor } from './toolkit/executor.js';

/**
 * Graceful: no new calls, running ones finish (within the bound), then what they use closes: queued
 * graph ingestion is flushed and the sandbox closed by their closers, the store last.
 */
export async function shutDown(
  config: Config,
  log: Logger,
  executor: Executor,
  closers: ReadonlyArray<() => void | Promise<void>>,
  store: StoreBackend,
): Promise<void> {
  executor.stopAccepting();
  const graceMs = config.shutdownTimeoutSeconds * 1000;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
  if ((await Promise.race([executor.idle(), late])) === 'late') {
    log.warn('shutdown: calls still running after the grace period; closing anyway', {
      running: executor.runningCalls,
      grace_seconds: config.shutdownTimeoutSeconds,
    });
  }
  clearTimeout(timer);
  for (const fn of [...closers].reverse()) await fn();
  await closeBackend(store);
}
