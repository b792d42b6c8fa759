import type { NextFunction, Request, Response } from 'express';
import type { SystemManifest } from '../catalog/manifest.js';
import type { Caller, Clock } from '../toolkit/context.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';

interface Entry {
  status: number;
  body: unknown;
  expiresAt: number;
}

/**
 * Whether a tool's answers may be cached: only reads of systems backed by upstream integrations.
 * Local state (the graph, its feed, anything this server holds itself) is always read fresh,
 * whichever route reaches it.
 */
export function servesUpstreamData(tool: ToolDefinition, manifests: readonly SystemManifest[]): boolean {
  if (tool.capability.type === 'action') return false;
  const manifest = manifests.find((m) => m.system.id === tool.system);
  return manifest !== undefined && manifest.integrations.length > 0;
}

/**
 * The GET response cache (spec: Limits): entries live CACHE_TTL seconds and are keyed by tenant, user
 * and the path with its query, so a response is never served to another tenant or user. Any write by
 * a tenant drops that tenant's entries; `Cache-Control: no-cache` skips the cache.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Map<string, Entry>>();
  /** Bumped by every invalidation: a response computed before one is not stored after it. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: Clock,
    private readonly maxEntriesPerTenant = 2_000,
  ) {}

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
    if (!tenant) this.entries.set(caller.tenantId, (tenant = new Map<string, Entry>()));
    if (tenant.size >= this.maxEntriesPerTenant) tenant.delete(tenant.keys().next().value as string);
    tenant.set(this.keyOf(caller, req), { status, body, expiresAt: this.clock.now() + this.ttlMs });
  }

  invalidateTenant(tenantId: string): void {
    this.entries.delete(tenantId);
    this.generations.set(tenantId, (this.generations.get(tenantId) ?? 0) + 1);
  }

  /**
   * Middleware for the route of `tool`, after `requireCaller`: for GET reads of upstream data, serves
   * hits and stores successful misses; other reads pass through uncached; writes drop the tenant's entries.
   */
  middleware(tool: ToolDefinition, manifests: readonly SystemManifest[]) {
    const cacheable = servesUpstreamData(tool, manifests);
    return (req: Request, res: Response, next: NextFunction): void => {
      const caller = res.locals.caller as Caller | undefined;
      if (!caller) return next();
      if (req.method !== 'GET') {
        res.on('finish', () => res.statusCode < 400 && this.invalidateTenant(caller.tenantId));
        return next();
      }
      if (!cacheable) return next();
      const noCache = /no-cache|no-store/i.test(req.get('cache-control') ?? '');
      const hit = noCache ? undefined : this.get(caller, req);
      if (hit) {
        res.setHeader('X-Cache', 'HIT');
        res.status(hit.status).json(hit.body);
        return;
      }
      res.setHeader('X-Cache', 'MISS');
      const generation = this.generations.get(caller.tenantId);
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        if (res.statusCode === 200 && this.generations.get(caller.tenantId) === generation) this.set(caller, req, res.statusCode, body);
        return json(body);
      };
      next();
    };
  }
}
