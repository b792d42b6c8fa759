import type { NextFunction, Request, Response } from 'express';
import type { Clock } from '../../toolkit/context.js';
import type { WorkspaceId } from '../credentials.js';
import { workspaceOf } from './auth.js';
import { rateLimited, type FakeError } from './errors.js';

interface RateBudget {
  limit: number;
  windowSeconds: number;
}

/** One workspace's use of one budget in the current window. */
interface RateWindow {
  limit: number;
  used: number;
  /** Epoch seconds when the window resets. */
  reset: number;
}

/** Fixed-window request budgets, one window per workspace and resource (GitHub's `core` and `search`). */
export class RateBudgets {
  private readonly windows = new Map<string, RateWindow>();

  /** With `enforce: false` a spent window is counted (remaining stays 0) but never refused. */
  constructor(
    private readonly budgets: Record<string, RateBudget>,
    private readonly clock: Clock,
    private readonly options: { enforce?: boolean } = {},
  ) {}

  nowSeconds(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  /** Counts one request; `exceeded` when the window was already spent (the request is then not counted). */
  take(workspace: WorkspaceId, resource: string): { window: RateWindow; exceeded: boolean } {
    const budget = this.budgets[resource];
    if (!budget) throw new Error(`no rate budget named ${resource}`);
    const key = `${workspace}:${resource}`;
    const now = this.nowSeconds();
    let window = this.windows.get(key);
    if (!window || window.reset <= now) {
      window = { limit: budget.limit, used: 0, reset: now + budget.windowSeconds };
      this.windows.set(key, window);
    }
    if (window.used >= window.limit) return { window, exceeded: this.options.enforce !== false };
    window.used++;
    return { window, exceeded: false };
  }
}

/** The headers an upstream sends about its rate limits, and the error it answers a spent budget with. */
export interface RateHeaderStyle {
  /** On every counted response (GitHub); most upstreams send nothing until the limit is hit. */
  always?(res: Response, window: RateWindow, resource: string): void;
  exceeded(res: Response, window: RateWindow, retryAfter: number): FakeError;
  /** Whether this upstream's 429 carries `Retry-After` (fault injection adds one when a test gives none). */
  sendsRetryAfter: boolean;
}

/** GitHub: `x-ratelimit-limit/remaining/reset/used/resource` on every response; a spent budget is a 403 with remaining 0. */
export const githubRateHeaders: RateHeaderStyle = {
  always(res, window, resource) {
    res.setHeader('x-ratelimit-limit', String(window.limit));
    res.setHeader('x-ratelimit-remaining', String(Math.max(0, window.limit - window.used)));
    res.setHeader('x-ratelimit-reset', String(window.reset));
    res.setHeader('x-ratelimit-used', String(window.used));
    res.setHeader('x-ratelimit-resource', resource);
  },
  exceeded: () => rateLimited(undefined, 'API rate limit exceeded for the sandbox user.'),
  sendsRetryAfter: false,
};

/** Notion, Slack and Google: nothing until the budget is spent, then 429 with `Retry-After` in seconds. */
export const retryAfterHeaders: RateHeaderStyle = {
  exceeded: (_res, _window, retryAfter) => rateLimited(retryAfter),
  sendsRetryAfter: true,
};

/** Atlassian: 429 with `Retry-After` and `X-RateLimit-Limit/Remaining/Reset` (an ISO timestamp). */
export const atlassianRateHeaders: RateHeaderStyle = {
  exceeded(res, window, retryAfter) {
    res.setHeader('X-RateLimit-Limit', String(window.limit));
    res.setHeader('X-RateLimit-Remaining', '0');
    res.setHeader('X-RateLimit-Reset', new Date(window.reset * 1000).toISOString());
    return rateLimited(retryAfter);
  },
  sendsRetryAfter: true,
};

interface RateLimitOptions {
  budgets: RateBudgets;
  style: RateHeaderStyle;
  /** The budget a request draws on; the only one (`default`) when omitted. */
  resourceOf?(req: Request): string;
}

/** Counts each request of the authenticated workspace against its budget; mount after `workspaceAuth`. */
export function workspaceRateLimit(options: RateLimitOptions) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const resource = options.resourceOf?.(req) ?? 'default';
    const { window, exceeded } = options.budgets.take(workspaceOf(res), resource);
    options.style.always?.(res, window, resource);
    if (!exceeded) return next();
    next(options.style.exceeded(res, window, Math.max(1, window.reset - options.budgets.nowSeconds())));
  };
}
