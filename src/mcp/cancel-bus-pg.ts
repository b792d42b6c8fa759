import pg from 'pg';
import type { Logger } from '../toolkit/context.js';
import {
  CancelListeners,
  type CancelBus,
  type CancelBusOptions,
  type CancelListener,
  type CancelNotice,
} from './cancel-bus.js';

/** The channel every node listens on. */
export const CANCEL_CHANNEL = 'constellation_cancel';

/** Waits before listening again after the connection dropped: doubling from the first to the last. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_LAST_MS = 5_000;

/**
 * Notices over PostgreSQL `LISTEN/NOTIFY`: published through the pool, heard on one connection of this
 * node's own (outside the pool, never returned to it), opened again whenever it drops. A notice sent
 * while a node's connection is down does not reach that node: once it listens again its `onResumed`
 * listeners hear it, and read from the store what they may have missed.
 */
export class PgCancelBus implements CancelBus {
  private readonly listeners: CancelListeners;
  private readonly resumedListeners = new Set<() => void>();
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly options: CancelBusOptions,
  ) {
    this.listeners = new CancelListeners(log);
  }

  /** Listening before it returns, when the database answers; otherwise it keeps trying in the background. */
  static async open(pool: pg.Pool, log: Logger, options: CancelBusOptions = {}): Promise<PgCancelBus> {
    const bus = new PgCancelBus(pool, log, options);
    if (!(await bus.listen())) void bus.reconnect();
    return bus;
  }

  async publish(notice: CancelNotice): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CANCEL_CHANNEL, JSON.stringify(notice)]);
  }

  subscribe(listener: CancelListener): () => void {
    return this.listeners.add(listener);
  }

  onResumed(listener: () => void): () => void {
    this.resumedListeners.add(listener);
    return () => this.resumedListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Whether this node listens now (or was closed meanwhile); a failure is logged. */
  private async listen(): Promise<boolean> {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => {
      const notice = message.channel === CANCEL_CHANNEL ? noticeOf(message.payload) : undefined;
      if (notice) this.listeners.deliver(notice);
    });
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CANCEL_CHANNEL}`);
    } catch (error) {
      this.log.warn('cancel bus: cannot listen; trying again', {
        error: error instanceof Error ? error.message : String(error),
      });
      this.dropped(client);
      return false;
    }
    if (this.closed) await client.end().catch(() => undefined);
    else this.client = client;
    return true;
  }

  /** A connection ended: when it was the one listening, the bus listens again. */
  private dropped(client: pg.Client): void {
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (this.client !== client) return;
    this.client = undefined;
    void this.reconnect();
  }

  /** Tries again, waiting longer each time, until it listens; then tells who may have missed notices. */
  private async reconnect(): Promise<void> {
    for (let waitMs = RECONNECT_FIRST_MS; !this.closed; waitMs = Math.min(waitMs * 2, RECONNECT_LAST_MS)) {
      await new Promise<void>((resolve) => (this.retry = setTimeout(resolve, waitMs).unref()));
      await this.options.beforeReconnect?.();
      if (this.closed) return;
      if (await this.listen()) return this.resumed();
    }
  }

  private resumed(): void {
    if (this.closed) return;
    this.log.info('cancel bus: listening again');
    for (const listener of this.resumedListeners) {
      try {
        listener();
      } catch (error) {
        this.log.warn('cancel bus resume not handled', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
}

/** A notice from the channel, or undefined for anything else found there. */
function noticeOf(payload: string | undefined): CancelNotice | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<Record<string, unknown>>;
    if ((value.kind === 'task_cancelled' || value.kind === 'task_finished') && typeof value.taskId === 'string')
      return typeof value.tenantId === 'string'
        ? { kind: value.kind, tenantId: value.tenantId, taskId: value.taskId }
        : undefined;
    if (value.kind === 'call_cancelled' && typeof value.callKey === 'string')
      return { kind: 'call_cancelled', callKey: value.callKey };
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}
