import { randomUUID } from 'node:crypto';
import type { Clock } from '../../toolkit/context.js';
import { AppError } from '../../toolkit/errors.js';
import type { GraphStorage } from '../store/graph-storage.js';
import { iso, toNode } from '../store/rows.js';
import type { ContextType, GraphNode, Properties } from '../types.js';
import type { IdentityResolver } from './identity.js';
import { normalizeUserId, ownerOf } from './private-visibility.js';

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
type ReferenceResolver = (tenantId: string, type: string, id: string) => Promise<number>;

/** Most contexts one query returns. */
const CONTEXT_QUERY_CAP = 500;

/** Context nodes: injected per user, linked to what they reference, gone once their TTL passes. */
export class ContextService {
  constructor(
    private readonly storage: GraphStorage,
    private readonly identity: IdentityResolver,
    private readonly clock: Clock,
    private readonly resolveReference: ReferenceResolver,
  ) {}

  /** Context ids are opaque; user ids are emails, compared case-insensitively. */
  static normalizeUserId = normalizeUserId;

  /** Injects a context for the user, in the tenant generation `epoch` the caller was authorised under. */
  async inject(
    tenantId: string,
    user: { email: string; name?: string },
    input: ContextInput,
    epoch?: string,
  ): Promise<InjectedContext> {
    const now = this.clock.now();
    const userId = ContextService.normalizeUserId(user.email);
    const expiresAt = input.ttl_seconds !== undefined ? now + input.ttl_seconds * 1000 : null;
    const contextId = `ctx_${randomUUID()}`;
    const references: number[] = [];
    for (const r of input.references ?? [])
      references.push(await this.resolveReference(tenantId, r.entity_type, r.entity_id));
    const injected = await this.storage.writeFor(tenantId, epoch, async (writes) => {
      const [userRow] = await this.identity.resolveAll(
        writes,
        [{ identity: { email: userId }, properties: { name: user.name } }],
        'context',
        now,
      );
      const properties: Properties = {
        context_type: input.context_type,
        key: input.key ?? null,
        value: input.value === undefined ? null : input.value,
        user_id: userId,
        expires_at: expiresAt === null ? null : iso(expiresAt),
        metadata: input.metadata ?? {},
      };
      const [contextRow] = await writes.upsertNodes([
        { type: 'context', id: contextId, properties: JSON.stringify(properties), source: 'context', now, expiresAt },
      ]);
      const edge = (fromId: number, toId: number, type: string) => ({ fromId, toId, type, properties: null, now });
      await writes.upsertEdges([
        edge(userRow, contextRow, 'HAS_CONTEXT'),
        ...[...new Set(references)]
          .filter((rowid) => rowid !== contextRow)
          .map((rowid) => edge(contextRow, rowid, 'REFERENCES')),
      ]);
      return { context_id: contextId, user_id: userId, context_type: input.context_type };
    });
    if (!injected) throw new AppError('UNAUTHORIZED', `Tenant no longer exists: ${tenantId}`);
    return injected;
  }

  /** The live contexts of a user, newest first, optionally of one type. */
  async query(tenantId: string, userId: string, contextType?: string): Promise<GraphNode[]> {
    await this.purge(tenantId);
    const conditions = [{ property: 'user_id', value: ContextService.normalizeUserId(userId) }];
    if (contextType) conditions.push({ property: 'context_type', value: contextType });
    return (await this.storage.searchNodes(tenantId, 'context', conditions, CONTEXT_QUERY_CAP)).map(toNode);
  }

  /**
   * The live contexts of the caller, who may read only their own: naming another user is FORBIDDEN
   * (contexts are personal, see README "Contexts are personal").
   */
  async queryOwn(
    tenantId: string,
    callerEmail: string,
    userId: string | undefined,
    contextType?: string,
  ): Promise<GraphNode[]> {
    const own = ContextService.normalizeUserId(callerEmail);
    if (userId !== undefined && ContextService.normalizeUserId(userId) !== own) {
      throw new AppError('FORBIDDEN', 'Contexts are personal: you can read your own contexts only');
    }
    return this.query(tenantId, own, contextType);
  }

  /** Deletes one of the user's contexts; false when they have no such context (another user's is not theirs). */
  async remove(tenantId: string, contextId: string, userId: string): Promise<boolean> {
    const row = await this.storage.node(tenantId, 'context', contextId);
    if (!row || ownerOf(row) !== ContextService.normalizeUserId(userId)) return false;
    await this.storage.deleteNodes(tenantId, [row.id]);
    return true;
  }

  /** Deletes every context of one user, or of the whole tenant (administration); returns how many. */
  removeAll(tenantId: string, userId?: string): Promise<number> {
    const conditions =
      userId === undefined ? [] : [{ property: 'user_id', value: ContextService.normalizeUserId(userId) }];
    return this.storage.deleteNodesWhere(tenantId, 'context', conditions);
  }

  /** Deletes the tenant's expired contexts (with their edges); returns how many. */
  purge(tenantId: string): Promise<number> {
    return this.storage.deleteExpired(tenantId, this.clock.now());
  }

  /** Deletes expired contexts of every tenant (the periodic sweep). */
  async purgeAll(): Promise<number> {
    let purged = 0;
    for (const tenantId of await this.storage.tenantsWithExpired(this.clock.now()))
      purged += await this.purge(tenantId);
    return purged;
  }
}
