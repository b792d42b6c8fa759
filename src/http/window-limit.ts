import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type AugmentedRequest } from 'express-rate-limit';
import type { Clock } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import { ClockStore } from './clock-store.js';

interface WindowLimitOptions {
  limit: number;
  windowMs: number;
  /** The clock windows run on (the app's: tests move it). */
  clock: Clock;
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
 * A fixed-window request limit on the app's clock (the tenant budget, the vault session's 10 per 15
 * minutes per address, the authorization lookups). Answers carry the IETF draft-7 headers:
 * `RateLimit-Policy: 10;w=900` and `RateLimit: limit=10, remaining=9, reset=900`; over the limit, 429
 * RATE_LIMITED with `Retry-After`.
 */
export function windowLimit(options: WindowLimitOptions): RequestHandler {
  const store = new ClockStore(options.clock, options.windowMs);
  const skip = options.skip;
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store,
    ...(skip ? { skip: (req: Request) => skip(req) } : {}),
    keyGenerator: options.keyOf ?? addressKey,
    handler: (req, _res, next) => {
      const retryAfter = store.secondsLeft((req as AugmentedRequest).rateLimit.key);
      next(new AppError('RATE_LIMITED', options.message, { retryAfter }));
    },
  });
}
