import pg from 'pg';
import type { Logger } from '../toolkit/context.js';
import { CancelListeners, type CancelBus, type CancelListener, type CancelNotice } from './cancel-bus.js';

/** The channel every node listens on. */
export const CANCEL_CHANNEL = 'constellation_cancel';

/** Waits before listening again after the connection dropped: doubling from the first to the last. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_LAST_MS = 5_000;

/**
 * Notices over PostgreSQL `LISTEN/NOTIFY`: published through the pool, heard on one connection of this
 * node's own (outside the pool, never returned to it), opened again whenever it drops. A notice sent
 * while a node's connection is down does not reach that node: the task layer's result polling covers
 * task ends meanwhile.
 */
export class PgCancelBus implements CancelBus {
  private readonly listeners: CancelListeners;
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = RECONNECT_FIRST_MS;
  private retry: NodeJS.Timeout | undefined;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
  ) {
    this.listeners = new CancelListeners(log);
  }

  /** Listening before it returns, when the database answers; otherwise it keeps trying in the background. */
  static async open(pool: pg.Pool, log: Logger): Promise<PgCancelBus> {
    const bus = new PgCancelBus(pool, log);
    await bus.listen();
    return bus;
  }

  async publish(notice: CancelNotice): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CANCEL_CHANNEL, JSON.stringify(notice)]);
  }

  subscribe(listener: CancelListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
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
      return;
    }
    if (this.closed) return void (await client.end().catch(() => undefined));
    this.client = client;
    this.retryMs = RECONNECT_FIRST_MS;
  }

  private dropped(client: pg.Client): void {
    if (this.client === client) this.client = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.listen();
    }, this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_LAST_MS);
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
