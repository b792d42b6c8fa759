import { randomUUID } from 'node:crypto';
import type { Clock } from '../../toolkit/context.js';
import { AppError } from '../../toolkit/errors.js';
import type { GraphStore } from '../store/index.js';
import { iso, parseProperties, toNode, type NodeRow } from '../store/rows.js';
import type { ContextType, GraphNode, Properties } from '../types.js';
import type { IdentityResolver } from './identity.js';

interface ContextInput {
  context_type: ContextType;
  value: unknown;
  key?: string;
  metadata?: Properties;
  ttl_seconds?: number;
  references?: Array<{ entity_type: string; entity_id: string }>;
}

type InjectedContext = {
  context_id: string;
  user_id: string;
  context_type: ContextType;
};

/** Resolves an entity reference to its node rowid, throwing the graph's not-found error. */
type ReferenceResolver = (tenantId: string, type: string, id: string) => number;

/** Most contexts one query returns. */
const CONTEXT_QUERY_CAP = 500;

/** The user a context node belongs to (normalised), or undefined for any other node. */
export function contextOwner(row: Pick<NodeRow, 'node_type' | 'properties'>): string | undefined {
  if (row.node_type !== 'context') return undefined;
  const owner = parseProperties(row.properties).user_id;
  return typeof owner === 'string' ? ContextService.normalizeUserId(owner) : '';
}

/** Context nodes: injected per user, linked to what they reference, gone once their TTL passes. */
export class ContextService {
  constructor(
    private readonly store: GraphStore,
    private readonly identity: IdentityResolver,
    private readonly clock: Clock,
    private readonly resolveReference: ReferenceResolver,
  ) {}

  /** Context ids are opaque; user ids are emails, compared case-insensitively. */
  static normalizeUserId = (userId: string): string =>
    userId.includes('@') ? userId.trim().toLowerCase() : userId.trim();

  /** Injects a context for the user, in the tenant generation `epoch` the caller was authorised under. */
  inject(
    tenantId: string,
    user: { email: string; name?: string },
    input: ContextInput,
    epoch?: string,
  ): InjectedContext {
    const now = this.clock.now();
    const userId = ContextService.normalizeUserId(user.email);
    const expiresAt = input.ttl_seconds !== undefined ? now + input.ttl_seconds * 1000 : null;
    const contextId = `ctx_${randomUUID()}`;
    const injected = this.store.writeFor(tenantId, epoch, () => {
      const references = (input.references ?? []).map((r) =>
        this.resolveReference(tenantId, r.entity_type, r.entity_id),
      );
      const userRow = this.identity.resolve(tenantId, { email: userId }, { name: user.name }, 'context', now);
      const properties: Properties = {
        context_type: input.context_type,
        key: input.key ?? null,
        value: input.value === undefined ? null : input.value,
        user_id: userId,
        expires_at: expiresAt === null ? null : iso(expiresAt),
        metadata: input.metadata ?? {},
      };
      const contextRow = this.store.nodes.upsert({
        tenantId,
        type: 'context',
        id: contextId,
        properties: JSON.stringify(properties),
        source: 'context',
        now,
        expiresAt,
      });
      this.store.edges.upsert({
        tenantId,
        fromId: userRow,
        toId: contextRow,
        type: 'HAS_CONTEXT',
        properties: null,
        now,
      });
      for (const rowid of new Set(references)) {
        if (rowid !== contextRow)
          this.store.edges.upsert({
            tenantId,
            fromId: contextRow,
            toId: rowid,
            type: 'REFERENCES',
            properties: null,
            now,
          });
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

  /**
   * The live contexts of the caller, who may read only their own: naming another user is FORBIDDEN
   * (contexts are personal, see README "Contexts are personal").
   */
  queryOwn(tenantId: string, callerEmail: string, userId: string | undefined, contextType?: string): GraphNode[] {
    const own = ContextService.normalizeUserId(callerEmail);
    if (userId !== undefined && ContextService.normalizeUserId(userId) !== own) {
      throw new AppError('FORBIDDEN', 'Contexts are personal: you can read your own contexts only');
    }
    return this.query(tenantId, own, contextType);
  }

  /** Deletes one of the user's contexts; false when they have no such context (another user's is not theirs). */
  remove(tenantId: string, contextId: string, userId: string): boolean {
    const row = this.store.nodes.get(tenantId, 'context', contextId);
    if (!row || contextOwner(row) !== ContextService.normalizeUserId(userId)) return false;
    this.store.nodes.deleteMany(tenantId, [row.id]);
    return true;
  }

  /** Deletes every context of one user, or of the whole tenant (administration); returns how many. */
  removeAll(tenantId: string, userId?: string): number {
    const conditions =
      userId === undefined ? [] : [{ property: 'user_id', value: ContextService.normalizeUserId(userId) }];
    const batch = () =>
      this.store.nodes.search(tenantId, 'context', conditions, CONTEXT_QUERY_CAP).map((row) => row.id);
    return this.store.transaction(() => {
      let removed = 0;
      for (let rowids = batch(); rowids.length > 0; rowids = batch())
        removed += this.store.nodes.deleteMany(tenantId, rowids);
      return removed;
    });
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
