import type { Request, RequestHandler } from 'express';
import {
  ipKeyGenerator,
  rateLimit,
  type AugmentedRequest,
  type ClientRateLimitInfo,
  type Store,
} from 'express-rate-limit';
import type { WindowCounter } from '../store/window-counter.js';
import type { Clock } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';

interface WindowLimitOptions {
  /** Names the limit: its keys are counted apart from every other limit's. */
  name: string;
  limit: number;
  windowMs: number;
  /** The clock windows run on (the app's: tests move it). */
  clock: Clock;
  /** Where windows are counted (the app's: every node of a fleet counts in the same place). */
  windows: WindowCounter;
  /** What is counted; the client's address (IPv6 by /56 subnet) by default. */
  keyOf?: (req: Request) => string | Promise<string>;
  /** Requests left uncounted. */
  skip?: (req: Request) => boolean;
  /** The 429 message. */
  message: string;
}

/** The client's address, IPv6 by /56 subnet: what a request without a verified credential is counted by. */
export const addressKey = (req: Request): string => `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`;

/**
 * express-rate-limit's store over a WindowCounter, on the app's clock. The library computes its headers
 * from `Date.now()`, so a window's end is handed to it as the same distance from the wall clock as it
 * is from the app's.
 */
class CounterStore implements Store {
  readonly localKeys = false;

  constructor(
    readonly prefix: string,
    private readonly options: Pick<WindowLimitOptions, 'clock' | 'windows' | 'windowMs'>,
  ) {}

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.options.clock.now();
    const window = await this.options.windows.hit(`${this.prefix}|${key}`, this.options.windowMs, now);
    return { totalHits: window.hits, resetTime: new Date(Date.now() + (window.endsAt - now)) };
  }

  /** Never called: every request counts (neither failed nor successful ones are skipped). */
  decrement(): void {}

  resetKey(key: string): Promise<void> {
    return this.options.windows.reset(`${this.prefix}|${key}`);
  }
}

/**
 * A fixed-window request limit on the app's clock (the tenant budget, the vault session's 10 per 15
 * minutes per address, the authorization lookups), counted in the app's WindowCounter. Answers carry
 * the IETF draft-7 headers: `RateLimit-Policy: 10;w=900` and `RateLimit: limit=10, remaining=9,
 * reset=900`; over the limit, 429 RATE_LIMITED with `Retry-After`.
 */
export function windowLimit(options: WindowLimitOptions): RequestHandler {
  const skip = options.skip;
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: new CounterStore(options.name, options),
    ...(skip ? { skip: (req: Request) => skip(req) } : {}),
    keyGenerator: options.keyOf ?? addressKey,
    handler: (req, _res, next) => {
      const resetTime = (req as AugmentedRequest).rateLimit.resetTime;
      const msLeft = resetTime ? resetTime.getTime() - Date.now() : options.windowMs;
      next(new AppError('RATE_LIMITED', options.message, { retryAfter: Math.max(1, Math.ceil(msLeft / 1000)) }));
    },
  });
}
