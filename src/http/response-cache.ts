import type { NextFunction, Request, Response } from 'express';
import type { SystemManifest } from '../catalog/manifest.js';
import type { Caller, Clock } from '../toolkit/context.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';

interface Entry {
  /** The user it was computed for, so a change of their grant drops it. */
  user: string;
  status: number;
  body: unknown;
  expiresAt: number;
}

/** Entries by key, all computed in one generation of their tenant (its epoch and cache generation). */
type GenerationEntries = Map<string, Entry>;

/**
 * Generations kept per tenant: the current one and one more (a request without a token in demo mode
 * runs in none, beside the tokens' current one). Older ones are never read again.
 */
const GENERATIONS_KEPT = 2;

/** Waits until a change by the tenant is visible to every node (its cache generation is bumped). */
type ChangeSettled = (tenantId: string) => Promise<void>;

/** A digest of what decides what the caller may read through the integrations named (see ClientProvider.accessDigest). */
type AccessDigest = (caller: Caller, integrationIds: readonly string[]) => Promise<string>;

/** How a tool's answers may be cached: not at all, or under the access of these integrations for this long. */
interface CachePolicy {
  integrationIds: readonly string[];
  ttlMs: number;
}

const userOf = (caller: Caller): string => caller.userEmail?.trim().toLowerCase() ?? '';

/** The tenant's generation the caller's request runs in: it changes when the tenant is re-created or changed. */
const generationOf = (caller: Caller): string =>
  JSON.stringify([caller.tenantEpoch ?? null, caller.cacheGeneration ?? null]);

/**
 * Whether a tool's answers may be cached: only reads of systems backed by upstream integrations.
 * Local state (the graph, its feed, anything this server holds itself) is always read fresh,
 * whichever route reaches it.
 */
function servesUpstreamData(tool: ToolDefinition, manifests: readonly SystemManifest[]): boolean {
  if (tool.capability.type === 'action') return false;
  const manifest = manifests.find((m) => m.system.id === tool.system);
  return manifest !== undefined && manifest.integrations.length > 0;
}

/**
 * The GET response cache (spec: Limits): entries live CACHE_TTL seconds and are keyed by what decides
 * who may read them: the tenant and its epoch, the user, and the access the tool's integrations give
 * them (credentials, and for per-user systems the generation of the user's grant), with the path and
 * its query. A response is thus never served to another tenant, user or grant, even when an
 * invalidation is missed. Any write by a tenant drops that tenant's entries, a change of a user's grant
 * drops that user's; `Cache-Control: no-cache` skips the cache.
 *
 * Each node keeps its own entries, under the tenant's cache generation the request read with its epoch
 * (TokenService.verify): a write, consent or revocation on any node bumps it, and the answer to a write
 * waits for the bump, so every node's next read misses what was cached before.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Map<string, GenerationEntries>>();
  /** Bumped by every invalidation: a response computed before one is not stored after it. */
  private readonly invalidations = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: Clock,
    private readonly access: AccessDigest,
    private readonly changeSettled: ChangeSettled,
    private readonly maxEntriesPerTenant = 2_000,
  ) {}

  private async keyOf(caller: Caller, req: Request, policy: CachePolicy): Promise<string> {
    return JSON.stringify([
      caller.tenantEpoch ?? null,
      userOf(caller),
      await this.access(caller, policy.integrationIds),
      req.originalUrl,
    ]);
  }

  /** The entries of the caller's tenant generation; entries of another generation are never served. */
  private tenantOf(caller: Caller): GenerationEntries | undefined {
    return this.entries.get(caller.tenantId)?.get(generationOf(caller));
  }

  private get(caller: Caller, key: string): Entry | undefined {
    const tenant = this.tenantOf(caller);
    const entry = tenant?.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now()) {
      tenant?.delete(key);
      return undefined;
    }
    return entry;
  }

  private set(caller: Caller, key: string, ttlMs: number, status: number, body: unknown): void {
    if (ttlMs <= 0) return;
    let tenant = this.tenantOf(caller);
    if (!tenant) {
      let generations = this.entries.get(caller.tenantId);
      if (!generations) this.entries.set(caller.tenantId, (generations = new Map<string, GenerationEntries>()));
      generations.set(generationOf(caller), (tenant = new Map<string, Entry>()));
      if (generations.size > GENERATIONS_KEPT) generations.delete(generations.keys().next().value as string);
    }
    if (tenant.size >= this.maxEntriesPerTenant) tenant.delete(tenant.keys().next().value as string);
    tenant.set(key, { user: userOf(caller), status, body, expiresAt: this.clock.now() + ttlMs });
  }

  invalidateTenant(tenantId: string): void {
    this.entries.delete(tenantId);
    this.invalidations.set(tenantId, (this.invalidations.get(tenantId) ?? 0) + 1);
  }

  /** Drops a user's entries (their grant was replaced or removed). */
  invalidateUser(tenantId: string, userEmail: string): void {
    const user = userEmail.trim().toLowerCase();
    for (const entries of this.entries.get(tenantId)?.values() ?? [])
      for (const [key, entry] of entries) if (entry.user === user) entries.delete(key);
  }

  /**
   * How long a tool's answers are kept: no longer than any of its integrations allows (an upstream that
   * changes without telling this server, as a unified API's connections do, says so by `cacheTtlMs`).
   */
  private policyOf(tool: ToolDefinition, manifests: readonly SystemManifest[]): CachePolicy | undefined {
    if (!servesUpstreamData(tool, manifests)) return undefined;
    const integrations = manifests.find((m) => m.system.id === tool.system)?.integrations ?? [];
    return {
      integrationIds: integrations.map((i) => i.id),
      ttlMs: Math.min(this.ttlMs, ...integrations.map((i) => i.cacheTtlMs ?? Infinity)),
    };
  }

  /**
   * Middleware for the route of `tool`, after `requireCaller`: for GET reads of upstream data, serves
   * hits and stores successful misses; other reads pass through uncached; writes drop the tenant's entries.
   */
  middleware(tool: ToolDefinition, manifests: readonly SystemManifest[]) {
    const policy = this.policyOf(tool, manifests);
    return (req: Request, res: Response, next: NextFunction): void => {
      const caller = res.locals.caller as Caller | undefined;
      if (!caller) return next();
      if (req.method !== 'GET') {
        this.answerOnceSettled(caller, res);
        return next();
      }
      if (!policy) return next();
      this.keyOf(caller, req, policy).then(
        (key) => this.serve(caller, req, res, next, policy, key),
        (error: unknown) => next(error),
      );
    };
  }

  /** A write's answer leaves once every node's next read will miss what was cached before it. */
  private answerOnceSettled(caller: Caller, res: Response): void {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 400) return json(body);
      this.invalidateTenant(caller.tenantId);
      this.changeSettled(caller.tenantId).then(
        () => json(body),
        () => json(body),
      );
      return res;
    };
  }

  private serve(caller: Caller, req: Request, res: Response, next: NextFunction, policy: CachePolicy, key: string) {
    const noCache = /no-cache|no-store/i.test(req.get('cache-control') ?? '');
    const hit = noCache ? undefined : this.get(caller, key);
    if (hit) {
      res.setHeader('X-Cache', 'HIT');
      res.status(hit.status).json(hit.body);
      return;
    }
    res.setHeader('X-Cache', 'MISS');
    const invalidation = this.invalidations.get(caller.tenantId);
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode !== 200 || this.invalidations.get(caller.tenantId) !== invalidation) return json(body);
      // A grant replaced or removed while the answer was computed changes the key: nothing is stored. The
      // answer leaves once that is settled, so a request that follows it finds what was stored.
      this.keyOf(caller, req, policy).then(
        (now) => {
          if (now === key && this.invalidations.get(caller.tenantId) === invalidation)
            this.set(caller, key, policy.ttlMs, res.statusCode, body);
          json(body);
        },
        () => json(body),
      );
      return res;
    };
    next();
  }
}
