import type pg from 'pg';
import { AppError } from '../../toolkit/errors.js';

/** Seconds a caller is told to wait when the database cannot be reached: about a restart or a failover. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
// SQLSTATEs of a server going away or not taking connections (class 08 is handled below).
const SERVER_GONE = new Set(['57P01', '57P02', '57P03', '53300']);
// node-postgres says these in words, without a code.
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection closed',
];

/** True when `error` says the database cannot be reached now (not that a statement was wrong). */
export function isDatabaseOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE.has(code) || code.startsWith('08')))
    return true;
  return DRIVER_MESSAGES.some((words) => error.message.includes(words));
}

/** An outage as the caller sees it: 503 UNAVAILABLE with a wait; any other error as it was. */
export function asOutage(error: unknown): unknown {
  if (!isDatabaseOutage(error)) return error;
  return new AppError('UNAVAILABLE', 'The database is unavailable; try again shortly', {
    retryAfter: OUTAGE_RETRY_AFTER_SECONDS,
    cause: error,
  });
}

type Callback = (...args: unknown[]) => void;

/** `args` with a trailing callback made to report outages as `asOutage` does. */
function withCallback(args: unknown[]): unknown[] {
  const last = args.at(-1);
  if (typeof last !== 'function') return args;
  const callback = last as Callback;
  return [
    ...args.slice(0, -1),
    (error: unknown, ...rest: unknown[]) => callback(error ? asOutage(error) : error, ...rest),
  ];
}

/** `call` with its promise's rejection or its callback's error passed through `asOutage`. */
function translating<F extends (...args: never[]) => unknown>(call: F): F {
  const untyped = call as unknown as (...args: unknown[]) => unknown;
  const translated = (...args: unknown[]) => {
    const result = untyped(...withCallback(args));
    return result instanceof Promise
      ? result.catch((error: unknown) => {
          throw asOutage(error);
        })
      : result;
  };
  return translated as unknown as F;
}

/**
 * Makes every query of `pool` report a lost database as 503 UNAVAILABLE (with `Retry-After`), wherever
 * it runs: `pool.query`, `pool.connect` (both forms: pg-pool's own `query` uses the callback one) and the
 * queries of a client held for a transaction. The stores stay plain `pg`; the pool discards broken
 * connections by itself and opens new ones when the server is back.
 */
export function reportOutages(pool: pg.Pool): void {
  pool.connect = translating(pool.connect.bind(pool));
  // pg-pool's own `query` also fails a call with the raw error its client emits when the connection drops.
  pool.query = translating(pool.query.bind(pool));
  pool.on('connect', (client) => {
    client.query = translating(client.query.bind(client));
    // A connection lost while checked out (in a transaction) emits an error on its client; unheard, it would
    // end the process. Its running query fails on its own, and the pool discards the client on release.
    client.on('error', () => undefined);
  });
}
