import type { Direction } from '../types.js';
import type { ActivityRow, Condition, EdgeLink, EdgeRefRow, NodeRow } from './rows.js';

/** A node to insert, or to merge into the stored one of the same type and id. */
export interface NodeWrite {
  type: string;
  id: string;
  /** JSON object merged (RFC 7396 patch) into the stored properties. */
  properties: string;
  /** The system whose record described the node; null leaves the stored source as it is. */
  source: string | null;
  now: number;
  expiresAt?: number | null;
}

/** An edge to insert, or whose properties to merge into the stored one. */
export interface EdgeWrite {
  fromId: number;
  toId: number;
  type: string;
  /** JSON object merged into the edge's properties, or null. */
  properties: string | null;
  now: number;
}

export interface ActivityWrite {
  action: string;
  actorType: string;
  actorId: string;
  targetType: string;
  targetId: string;
  timestamp: number;
  /** JSON object. */
  properties: string;
}

/** An activity record of a tenant, to be written while the tenant exists (in generation `epoch` when given). */
export interface TenantActivityWrite {
  tenantId: string;
  epoch?: string;
  write: ActivityWrite;
}

/** A person of a batch write: the user node id it gets when new, its properties, the aliases that identify it. */
export interface PersonWrite {
  id: string;
  /** JSON object. */
  properties: string;
  aliases: readonly string[];
  /** Those of `aliases` only a user directory tied to the person. */
  directoryAliases: ReadonlySet<string>;
}

/** An edge of a batch write between two of its entities, by position: the people first, then the nodes. */
export interface BatchEdgeWrite {
  from: number;
  to: number;
  type: string;
  /** JSON object, or null. */
  properties: string | null;
}

/** A tool result's whole write, for a backend that takes it in one call (`GraphStorage.writeBatch`). */
export interface BatchWrite {
  people: readonly PersonWrite[];
  /** The source of the people created. */
  peopleSource: string | null;
  nodes: readonly NodeWrite[];
  edges: readonly BatchEdgeWrite[];
  now: number;
}

/**
 * What became of a batch write: the edges written, `refused` by the tenant gate, or `identity-merge` when a
 * person's aliases point at two nodes (nothing written: the caller merges them through `writeFor`).
 */
export type BatchWritten = { edges: number } | 'refused' | 'identity-merge';

/**
 * One identifier of a person and how it came to point at them: `method` null when an upstream record named it
 * with the person's other identifiers (their verified email, or the record's own ids; `linkedAt` is unknown for
 * links made before ingestion recorded it), `directory` when an upstream's user directory tied it to the person's email, `manual` when an admin
 * linked it.
 */
export interface AliasLink {
  alias: string;
  method: 'directory' | 'manual' | null;
  linkedAt: number | null;
}

/** An alias ingestion points at node `rowid`: how (`directory`, else null: a record named it) and when. */
export interface AliasWrite {
  alias: string;
  rowid: number;
  method: 'directory' | null;
  linkedAt: number;
}

/** A node of a property merge: `properties` (a JSON object) merged into node `rowid`. */
export interface NodePatch {
  rowid: number;
  properties: string;
}

interface NodeConstraint {
  type?: string;
  conditions: readonly Condition[];
}

/** A one-hop pattern `(a)-[:T]->(b)`; `direction` is seen from `a`. */
export interface PatternQuery {
  left: NodeConstraint;
  right: NodeConstraint;
  edgeTypes: readonly string[];
  direction: 'out' | 'in' | 'both';
  limit: number;
}

/** Free-text words to find nodes by: any of them; the last one also as a prefix when `prefixLast`. */
export interface KeywordQuery {
  words: readonly string[];
  prefixLast: boolean;
  /** Only these node types (all when empty). */
  types: readonly string[];
  limit: number;
}

export interface KeywordHit {
  row: NodeRow;
  /** BM25 score: higher is better. */
  score: number;
}

export interface ActivityTimelineQuery {
  /** Records whose target is of this type with one of `targetIds`... */
  type: string;
  targetIds: readonly string[];
  /** ...or whose actor is one of these. */
  actorIds: readonly string[];
  limit: number;
}

export interface TenantGraphDeleted {
  nodes: number;
  edges: number;
  activity: number;
}

/**
 * The writes of one gated transaction, all for its tenant. Batch methods take every row of a write at
 * once, so a backend over the network pays one round trip per batch, not per row.
 */
export interface GraphWrites {
  /** Inserts or merges nodes (a merge that changes nothing writes nothing); their rowids, in order. */
  upsertNodes(writes: readonly NodeWrite[]): Promise<number[]>;
  /** Inserts edges or merges their properties (nothing is written when unchanged). */
  upsertEdges(writes: readonly EdgeWrite[]): Promise<void>;
  /** Merges properties into existing nodes, in order (a no-op where they are already there). */
  patchNodes(patches: readonly NodePatch[], now: number): Promise<void>;
  /** The node each known alias points at. */
  lookupAliases(aliases: readonly string[]): Promise<Map<string, number>>;
  /** Those of `aliases` an admin linked by hand (method `manual`): only an unlink moves them. */
  manualAliases(aliases: readonly string[]): Promise<Set<string>>;
  /** Points each alias at its node, recording how and when (where it already points there: nothing). */
  setAliases(aliases: readonly AliasWrite[]): Promise<void>;
  /** Points each alias at node `rowid` with how and when it was linked (replacing any earlier link). */
  linkAliases(links: readonly AliasLink[], rowid: number): Promise<void>;
  /** Removes `alias` from node `rowid`; false when it does not point there. */
  unlinkAlias(alias: string, rowid: number): Promise<boolean>;
  /**
   * Identity merge: moves node `from`'s edges (dropping those that would duplicate one of `into`'s or
   * become a self-loop), aliases and properties onto node `into`, then deletes `from`. Nothing when
   * `from` does not exist.
   */
  mergeNode(from: number, into: number, now: number): Promise<void>;
}

/**
 * Where the knowledge graph lives (SQLite: `graph-storage-sqlite.ts`, PostgreSQL: `pg/graph-storage-pg.ts`):
 * nodes with JSON properties, typed edges between node rowids, people's aliases, the activity record and
 * the keyword index. Every method is scoped to one tenant, except the sweeps across tenants.
 */
export interface GraphStorage {
  /**
   * Runs `work` in one transaction if the tenant still exists in generation `epoch` (checked inside that
   * transaction, so a tenant deleted meanwhile gets nothing written); undefined when refused. `work` must
   * await nothing but `writes`.
   */
  writeFor<T>(
    tenantId: string,
    epoch: string | undefined,
    work: (writes: GraphWrites) => Promise<T>,
  ): Promise<T | undefined>;

  /**
   * A backend where each call is a round trip may take a whole batch in one call, with the semantics of
   * GraphWriter's write through `writeFor` (people resolved by their aliases, then nodes, then edges).
   */
  writeBatch?(tenantId: string, epoch: string | undefined, batch: BatchWrite): Promise<BatchWritten>;

  node(tenantId: string, type: string, id: string): Promise<NodeRow | undefined>;
  nodeByRowid(tenantId: string, rowid: number): Promise<NodeRow | undefined>;
  /** Rows of these rowids that belong to the tenant (in no particular order). */
  nodes(tenantId: string, rowids: readonly number[]): Promise<NodeRow[]>;
  /** Nodes of one type (or any type) whose properties match every condition, newest first. */
  searchNodes(
    tenantId: string,
    type: string | undefined,
    conditions: readonly Condition[],
    limit: number,
  ): Promise<NodeRow[]>;
  countNodesByType(tenantId: string): Promise<Record<string, number>>;
  /** Deletes nodes with their edges and aliases; how many. */
  deleteNodes(tenantId: string, rowids: readonly number[]): Promise<number>;
  /** Deletes every node of `type` matching the conditions, in one transaction; how many. */
  deleteNodesWhere(tenantId: string, type: string, conditions: readonly Condition[]): Promise<number>;
  /** Deletes the tenant's nodes that expired by `now`; how many. */
  deleteExpired(tenantId: string, now: number): Promise<number>;
  /** Tenants holding nodes that expired by `now` (for the periodic purge). */
  tenantsWithExpired(now: number): Promise<string[]>;

  /**
   * Edges leaving (`out`), entering (`in`) or touching (`both`: the leaving ones first) any of the nodes,
   * optionally of some types only: one query. Each direction comes in the order of the end it starts from,
   * then of the other end, then of the type.
   */
  links(
    tenantId: string,
    rowids: readonly number[],
    direction: Direction,
    edgeTypes?: readonly string[],
  ): Promise<EdgeLink[]>;
  /** Edges of one node with both ends as references, newest first. */
  edgeRefs(
    tenantId: string,
    rowid: number,
    direction: 'out' | 'in' | 'both',
    edgeType: string | undefined,
    limit: number,
  ): Promise<EdgeRefRow[]>;
  countEdges(tenantId: string): Promise<number>;
  countEdgesByType(tenantId: string): Promise<Record<string, number>>;
  /** Edges matching the pattern, with `from_id`/`to_id` as stored (not as seen from `a`). */
  matchPattern(tenantId: string, query: PatternQuery): Promise<EdgeLink[]>;

  /** The node each known alias points at. */
  lookupAliases(tenantId: string, aliases: readonly string[]): Promise<Map<string, number>>;
  /** The aliases of one node, sorted. */
  aliasesOf(tenantId: string, rowid: number): Promise<string[]>;
  /** The aliases of one node with how and when each was linked, sorted. */
  aliasLinksOf(tenantId: string, rowid: number): Promise<AliasLink[]>;

  /** Nodes holding any of the words, best BM25 score first. */
  keywordSearch(tenantId: string, query: KeywordQuery): Promise<KeywordHit[]>;

  /**
   * Appends activity records, in order, each gated as `writeFor` gates a write (one statement on PostgreSQL
   * whatever their number or tenants); whether each was written.
   */
  appendActivity(records: readonly TenantActivityWrite[]): Promise<boolean[]>;
  activityFeed(tenantId: string, limit: number): Promise<ActivityRow[]>;
  activityTimeline(tenantId: string, query: ActivityTimelineQuery): Promise<ActivityRow[]>;
  countActivity(tenantId: string): Promise<number>;
  /** Deletes records older than `cutoff` (ms) of every tenant; how many. */
  pruneActivity(cutoff: number): Promise<number>;

  /** Deletes the tenant's nodes, edges, aliases and activity in one transaction. */
  deleteTenant(tenantId: string): Promise<TenantGraphDeleted>;
}
