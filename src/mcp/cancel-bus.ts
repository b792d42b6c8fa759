import type { StoreBackend } from '../store/backend.js';
import type { Logger } from '../toolkit/context.js';

/**
 * What one node tells every node sharing the store, so that the node doing the work hears it: a task
 * was cancelled (its work must stop), a task finished (whoever waits for its result may read it), a
 * legacy call was cancelled (`callKey`: a digest of the caller's token and the request id).
 */
export type CancelNotice =
  | { kind: 'task_cancelled' | 'task_finished'; tenantId: string; taskId: string }
  | { kind: 'call_cancelled'; callKey: string };

export type CancelListener = (notice: CancelNotice) => void;

/** Cancellations and task ends, delivered to every node sharing the store (this one included). */
export interface CancelBus {
  publish(notice: CancelNotice): Promise<void>;
  /** Hears every notice from now on; returns what stops it. */
  subscribe(listener: CancelListener): () => void;
  /**
   * Hears that notices may have been missed: this node stopped listening for a while and listens again.
   * Whoever acts on notices reads the state they stand for from the store. Returns what stops it.
   */
  onResumed(listener: () => void): () => void;
  close(): Promise<void>;
}

export interface CancelBusOptions {
  /** Awaited before each attempt to listen again after the connection dropped (tests hold a reconnect with it). */
  beforeReconnect?: () => Promise<void>;
}

/** The listeners of one node, and how a notice reaches them. */
export class CancelListeners {
  private readonly listeners = new Set<CancelListener>();

  constructor(private readonly log: Logger) {}

  add(listener: CancelListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(notice: CancelNotice): void {
    for (const listener of this.listeners) {
      try {
        listener(notice);
      } catch (error) {
        this.log.warn('cancel notice not handled', { error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
}

/** One node (SQLite): notices go to this process's listeners, with no round trip. */
export class LocalCancelBus implements CancelBus {
  private readonly listeners: CancelListeners;

  constructor(log: Logger) {
    this.listeners = new CancelListeners(log);
  }

  async publish(notice: CancelNotice): Promise<void> {
    this.listeners.deliver(notice);
  }

  subscribe(listener: CancelListener): () => void {
    return this.listeners.add(listener);
  }

  /** Notices in this process are never missed. */
  onResumed(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {}
}

/** The cancel bus of the installation's store: LISTEN/NOTIFY on PostgreSQL, this process on SQLite. */
export async function openCancelBus(
  backend: StoreBackend,
  log: Logger,
  options: CancelBusOptions = {},
): Promise<CancelBus> {
  if (backend.kind === 'sqlite') return new LocalCancelBus(log);
  // Loaded only here: an installation on its SQLite file never loads the PostgreSQL driver.
  const { PgCancelBus } = await import('./cancel-bus-pg.js');
  return PgCancelBus.open(backend.pool, log, options);
}
