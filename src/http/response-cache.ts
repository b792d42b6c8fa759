import type { NextFunction, Request, Response } from 'express';
import type { Caller, Clock } from '../toolkit/context.js';

interface Entry {
  status: number;
  body: unknown;
  expiresAt: number;
}

/**
 * The GET response cache (spec: Limits): entries live CACHE_TTL seconds and are keyed by tenant, user
 * and the path with its query, so a response is never served to another tenant or user. Any write by
 * a tenant drops that tenant's entries; `Cache-Control: no-cache` skips the cache.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Map<string, Entry>>();

  constructor(private readonly ttlMs: number, private readonly clock: Clock, private readonly maxEntriesPerTenant = 2_000) {}

  private keyOf(caller: Caller, req: Request): string {
    return `${caller.userEmail ?? ''}\u0000${req.originalUrl}`;
  }

  get(caller: Caller, req: Request): Entry | undefined {
    const tenant = this.entries.get(caller.tenantId);
    const key = this.keyOf(caller, req);
    const entry = tenant?.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now()) {
      tenant?.delete(key);
      return undefined;
    }
    return entry;
  }

  set(caller: Caller, req: Request, status: number, body: unknown): void {
    if (this.ttlMs <= 0) return;
    let tenant = this.entries.get(caller.tenantId);
    if (!tenant) this.entries.set(caller.tenantId, (tenant = new Map()));
    if (tenant.size >= this.maxEntriesPerTenant) tenant.delete(tenant.keys().next().value as string);
    tenant.set(this.keyOf(caller, req), { status, body, expiresAt: this.clock.now() + this.ttlMs });
  }

  invalidateTenant(tenantId: string): void {
    this.entries.delete(tenantId);
  }

  /** Middleware for GET routes after `requireCaller`: serves hits, stores successful misses. */
  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const caller = res.locals.caller as Caller | undefined;
      if (!caller) return next();
      if (req.method !== 'GET') {
        res.on('finish', () => res.statusCode < 400 && this.invalidateTenant(caller.tenantId));
        return next();
      }
      const noCache = /no-cache|no-store/i.test(req.get('cache-control') ?? '');
      const hit = noCache ? undefined : this.get(caller, req);
      if (hit) {
        res.setHeader('X-Cache', 'HIT');
        res.status(hit.status).json(hit.body);
        return;
      }
      res.setHeader('X-Cache', 'MISS');
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        if (res.statusCode === 200) this.set(caller, req, res.statusCode, body);
        return json(body);
      };
      next();
    };
  }
}
