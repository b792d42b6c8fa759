import { randomUUID } from 'node:crypto';
import type { Clock } from '../../toolkit/context.js';
import { AppError } from '../../toolkit/errors.js';
import type { GraphStore } from '../store/index.js';
import { iso, toNode } from '../store/rows.js';
import type { ContextType, GraphNode, Properties } from '../types.js';
import type { IdentityResolver } from './identity.js';

export interface ContextInput {
  context_type: ContextType;
  value: unknown;
  key?: string;
  metadata?: Properties;
  ttl_seconds?: number;
  references?: Array<{ entity_type: string; entity_id: string }>;
}

export type InjectedContext = {
  context_id: string;
  user_id: string;
  context_type: ContextType;
};

/** Resolves an entity reference to its node rowid, throwing the graph's not-found error. */
export type ReferenceResolver = (tenantId: string, type: string, id: string) => number;

/** Most contexts one query returns. */
const CONTEXT_QUERY_CAP = 500;

/** Context nodes: injected per user, linked to what they reference, gone once their TTL passes. */
export class ContextService {
  constructor(
    private readonly store: GraphStore,
    private readonly identity: IdentityResolver,
    private readonly clock: Clock,
    private readonly resolveReference: ReferenceResolver,
  ) {}

  /** Context ids are opaque; user ids are emails, compared case-insensitively. */
  static normalizeUserId = (userId: string): string => (userId.includes('@') ? userId.trim().toLowerCase() : userId.trim());

  /** Injects a context for the user, in the tenant generation `epoch` the caller was authorised under. */
  inject(tenantId: string, user: { email: string; name?: string }, input: ContextInput, epoch?: string): InjectedContext {
    const now = this.clock.now();
    const userId = ContextService.normalizeUserId(user.email);
    const expiresAt = input.ttl_seconds !== undefined ? now + input.ttl_seconds * 1000 : null;
    const contextId = `ctx_${randomUUID()}`;
    const injected = this.store.writeFor(tenantId, epoch, () => {
      const references = (input.references ?? []).map((r) => this.resolveReference(tenantId, r.entity_type, r.entity_id));
      const userRow = this.identity.resolve(tenantId, { email: userId }, { name: user.name }, 'context', now);
      const properties: Properties = {
        context_type: input.context_type,
        key: input.key ?? null,
        value: input.value === undefined ? null : input.value,
        user_id: userId,
        expires_at: expiresAt === null ? null : iso(expiresAt),
        metadata: input.metadata ?? {},
      };
      const contextRow = this.store.nodes.upsert({ tenantId, type: 'context', id: contextId, properties: JSON.stringify(properties), source: 'context', now, expiresAt });
      this.store.edges.upsert({ tenantId, fromId: userRow, toId: contextRow, type: 'HAS_CONTEXT', properties: null, now });
      for (const rowid of new Set(references)) {
        if (rowid !== contextRow) this.store.edges.upsert({ tenantId, fromId: contextRow, toId: rowid, type: 'REFERENCES', properties: null, now });
      }
      return { context_id: contextId, user_id: userId, context_type: input.context_type };
    });
    if (!injected) throw new AppError('UNAUTHORIZED', `Tenant no longer exists: ${tenantId}`);
    return injected;
  }

  /** The live contexts of a user, newest first, optionally of one type. */
  query(tenantId: string, userId: string, contextType?: string): GraphNode[] {
    this.purge(tenantId);
    const conditions = [{ property: 'user_id', value: ContextService.normalizeUserId(userId) }];
    if (contextType) conditions.push({ property: 'context_type', value: contextType });
    return this.store.nodes.search(tenantId, 'context', conditions, CONTEXT_QUERY_CAP).map(toNode);
  }

  /** Deletes one context; false when the tenant has no such context. */
  remove(tenantId: string, contextId: string): boolean {
    const row = this.store.nodes.get(tenantId, 'context', contextId);
    if (!row) return false;
    this.store.nodes.deleteMany(tenantId, [row.id]);
    return true;
  }

  /** Deletes the tenant's expired contexts (with their edges); returns how many. */
  purge(tenantId: string): number {
    const expired = this.store.nodes.expiredRowids(tenantId, this.clock.now());
    return expired.length ? this.store.nodes.deleteMany(tenantId, expired) : 0;
  }

  /** Deletes expired contexts of every tenant (the periodic sweep). */
  purgeAll(): number {
    let purged = 0;
    for (const tenantId of this.store.nodes.tenantsWithExpired(this.clock.now())) purged += this.purge(tenantId);
    return purged;
  }
}
