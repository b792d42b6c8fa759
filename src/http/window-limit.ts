import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Clock } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';

export interface WindowLimitOptions {
  limit: number;
  windowMs: number;
  /** The clock windows run on (the app's: tests move it). */
  clock: Clock;
  /** What is counted; the client's address (IPv6 by /56 subnet) by default. */
  keyOf?: (req: Request) => string;
  /** The 429 message. */
  message: string;
}

/**
 * A fixed-window request limit on the app's clock, for one route's own limit (the vault session's 10 per
 * 15 minutes per address). Answers carry the IETF draft-7 headers, as the tenant limiter's do:
 * `RateLimit-Policy: 10;w=900` and `RateLimit: limit=10, remaining=9, reset=900`; over the limit, 429
 * RATE_LIMITED with `Retry-After`.
 */
export function windowLimit(options: WindowLimitOptions): RequestHandler {
  const windows = new Map<string, { used: number; resetAt: number }>();
  const keyOf = options.keyOf ?? ((req: Request) => ipKeyGenerator(req.ip ?? 'unknown'));
  const windowSeconds = Math.round(options.windowMs / 1000);
  return (req: Request, res: Response, next: NextFunction) => {
    const now = options.clock.now();
    if (windows.size > 10_000) for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
    const key = keyOf(req);
    let window = windows.get(key);
    if (!window || window.resetAt <= now) windows.set(key, (window = { used: 0, resetAt: now + options.windowMs }));
    const exceeded = window.used >= options.limit;
    if (!exceeded) window.used++;
    const reset = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    res.setHeader('RateLimit-Policy', `${options.limit};w=${windowSeconds}`);
    res.setHeader('RateLimit', `limit=${options.limit}, remaining=${options.limit - window.used}, reset=${reset}`);
    if (exceeded) return next(new AppError('RATE_LIMITED', options.message, { retryAfter: reset }));
    next();
  };
}
