import { silentLogger } from '../../config/logger.js';
import type { Clock } from '../../toolkit/context.js';
import type { Db } from '../../store/db.js';
import type { TenantGate } from '../../store/tenant-gate.js';
import type { GraphBatch } from '../ingest/batch.js';
import type { Extractor } from '../ingest/extractor.js';
import { IngestionPipeline, type PipelineHooks } from '../ingest/pipeline.js';
import type { EdgeRefRow } from '../store/edges-repo.js';
import { GraphStore } from '../store/index.js';
import { parseProperties, toActivity, toNode, type EdgeLink, type NodeRow } from '../store/rows.js';
import { refOf, type ActivityRecord, type Direction, type GraphEdge, type GraphNode, type Subgraph } from '../types.js';
import { ContextService } from './context-service.js';
import { ContextVisibility } from './context-visibility.js';
import { assertEdgeTypes, assertNodeType, entityNotFound, traversalLimitExceeded } from './errors.js';
import { IdentityResolver } from './identity.js';
import { KeywordSearchProvider, type SemanticSearchFactory, type SemanticSearchProvider } from './semantic-search.js';
import { shortestPath, traverse, type LinkSource } from './traversal.js';
import { GraphWriter, type WriteSummary } from './writer.js';

interface GraphServiceOptions {
  clock: Clock;
  /** Every node type the graph accepts (`nodeVocabulary` of the systems' types). */
  nodeTypes: readonly string[];
  /**
   * How entities are found by meaning, built over the graph's store and its keyword (FTS5) search;
   * keyword search alone by default.
   */
  semanticSearch?: SemanticSearchFactory;
  /** Reads tool results into the graph: each system's extractor, and who hears of failures. */
  ingestion?: PipelineHooks & { extractors?: Readonly<Record<string, Extractor>> };
  /** Where traversals read edges (default: the edges table). */
  links?: LinkSource;
  /** Refuses writes for tenants that no longer exist (the app passes the tenants table's gate). */
  tenantGate?: TenantGate;
}

interface TraverseRequest {
  depth: number;
  direction: Direction;
  edgeTypes?: string[];
  maxNodes: number;
  /** Return the first `maxNodes` nodes instead of failing with 'Traversal limit exceeded'. */
  allowTruncated?: boolean;
}

type EntityRef = {
  type: string;
  id: string;
};

type PathAnswer = {
  nodes: string[];
  edges: GraphEdge[];
  length: number;
  path_found: boolean;
};

export interface ActivityInput {
  action: string;
  actorType: string;
  actorId: string;
  targetType: string;
  targetId: string;
  properties: Record<string, unknown>;
}

const relationshipOf = (r: EdgeRefRow): GraphEdge => ({
  edge_type: r.edge_type as GraphEdge['edge_type'],
  from_node: refOf(r.from_type, r.from_node_id),
  to_node: refOf(r.to_type, r.to_node_id),
  ...(r.properties ? { properties: parseProperties(r.properties) } : {}),
});

const edgeOf = (link: EdgeLink, refs: Map<number, string>): GraphEdge => ({
  from_node: refs.get(link.from_id) ?? '',
  to_node: refs.get(link.to_id) ?? '',
  edge_type: link.edge_type as GraphEdge['edge_type'],
});

/**
 * The knowledge graph's rules, over its repositories: ingestion, lookups (alias-aware for people),
 * traversal, paths, activity and statistics. Every method takes the tenant and stays inside it.
 */
export class GraphService {
  readonly store: GraphStore;
  readonly writer: GraphWriter;
  readonly identity: IdentityResolver;
  readonly contexts: ContextService;
  private readonly semantic: SemanticSearchProvider;
  /** Turns tool executions into graph data (the executor's observers); reads no results without extractors. */
  readonly ingestion: IngestionPipeline;

  /** How entities are found by meaning: `keyword` (bm25) or `hybrid` (embeddings fused with keywords). */
  get semanticMode(): string {
    return this.semantic.mode;
  }
  private readonly links: LinkSource;
  private readonly knownTypes: ReadonlySet<string>;
  /** Set on a view for one user (see `viewedBy`); the service itself sees every node. */
  private visibility: ContextVisibility | undefined;

  constructor(
    db: Db,
    private readonly options: GraphServiceOptions,
  ) {
    this.store = new GraphStore(db, options.tenantGate);
    this.writer = new GraphWriter(this.store);
    this.identity = this.writer.identity;
    this.contexts = new ContextService(
      this.store,
      this.identity,
      options.clock,
      (tenantId, type, id) => this.requireRow(tenantId, type, id).id,
    );
    const keyword = new KeywordSearchProvider(this.store);
    this.semantic = options.semanticSearch?.(this.store, keyword) ?? keyword;
    const { extractors = {}, ...hooks } = options.ingestion ?? { log: silentLogger, onError: () => undefined };
    this.ingestion = new IngestionPipeline(this, extractors, hooks);
    this.links = options.links ?? this.store.edges;
    this.knownTypes = new Set(options.nodeTypes);
  }

  /** Resolves once every tool result queued so far is ingested. */
  drain(): Promise<void> {
    return this.ingestion.drain();
  }

  /** Ingests the queued tool results now. */
  flush(): void {
    this.ingestion.flush();
  }

  get clock(): Clock {
    return this.options.clock;
  }

  /** The node types the graph accepts, in vocabulary order. */
  get nodeTypes(): readonly string[] {
    return this.options.nodeTypes;
  }

  /**
   * The graph as one user sees it, for every route and tool that answers a caller: other users'
   * contexts are left out of results and not found by id. Shares everything with this service.
   */
  viewedBy(userEmail: string | undefined): GraphService {
    const view = Object.create(this) as GraphService;
    view.visibility = new ContextVisibility(userEmail);
    return view;
  }

  private hidden(row: NodeRow): boolean {
    return this.visibility?.hides(row) === true;
  }

  /** Writes a batch for the tenant, in generation `epoch` when given (see GraphStore.writeFor). */
  ingest(tenantId: string, batch: GraphBatch, source: string | null, epoch?: string): WriteSummary {
    return this.writer.write(tenantId, batch, source, this.clock.now(), epoch);
  }

  /** Appends an activity record; false when the tenant (in generation `epoch`) no longer exists. */
  recordActivity(tenantId: string, input: ActivityInput, epoch?: string): boolean {
    const write = { tenantId, ...input, timestamp: this.clock.now(), properties: JSON.stringify(input.properties) };
    return (
      this.store.writeFor(tenantId, epoch, () => {
        this.store.activity.insert(write);
        return true;
      }) === true
    );
  }

  /** Drops activity records older than `days` days (retention); returns how many. */
  pruneActivity(days: number): number {
    return this.store.activity.pruneOlderThan(this.clock.now() - days * 86_400_000);
  }

  /** The node of `type:id`, for people also under any identifier (email, login, account id). */
  findRow(tenantId: string, type: string, id: string): NodeRow | undefined {
    assertNodeType(type, this.knownTypes);
    this.contexts.purge(tenantId);
    const row = this.store.nodes.get(tenantId, type, id);
    if (row && this.hidden(row)) return undefined;
    if (row || type !== 'user') return row;
    const rowid = this.identity.findByIdentifier(tenantId, id);
    return rowid === undefined ? undefined : this.store.nodes.getByRowid(tenantId, rowid);
  }

  requireRow(tenantId: string, type: string, id: string): NodeRow {
    const row = this.findRow(tenantId, type, id);
    if (!row) throw entityNotFound(type, id);
    return row;
  }

  entity(tenantId: string, type: string, id: string): GraphNode {
    return toNode(this.requireRow(tenantId, type, id));
  }

  search(
    tenantId: string,
    type: string,
    filters: Record<string, string | number | boolean | null>,
    limit: number,
  ): GraphNode[] {
    assertNodeType(type, this.knownTypes);
    this.contexts.purge(tenantId);
    const conditions = Object.entries(filters).map(([property, value]) => ({ property, value }));
    return this.store.nodes
      .search(tenantId, type, conditions, limit)
      .filter((row) => !this.hidden(row))
      .map(toNode);
  }

  traverse(tenantId: string, type: string, id: string, request: TraverseRequest): Subgraph & { truncated: boolean } {
    const start = this.requireRow(tenantId, type, id);
    const edgeTypes = assertEdgeTypes(request.edgeTypes);
    const result = traverse(this.links, tenantId, start.id, { ...request, edgeTypes });
    if (result.truncated && !request.allowTruncated) throw traversalLimitExceeded();
    return { ...this.subgraph(tenantId, result.rowids, result.links), truncated: result.truncated };
  }

  findPath(tenantId: string, from: EntityRef, to: EntityRef, maxDepth: number, edgeTypes?: string[]): PathAnswer {
    const path = this.pathSubgraph(tenantId, from, to, maxDepth, edgeTypes);
    if (!path) return { nodes: [], edges: [], length: 0, path_found: false };
    return {
      nodes: path.nodes.map((n) => refOf(n.node_type, n.node_id)),
      edges: path.edges,
      length: path.edges.length,
      path_found: true,
    };
  }

  /** The shortest path as a subgraph (nodes in path order), or undefined when there is none. */
  pathSubgraph(
    tenantId: string,
    from: EntityRef,
    to: EntityRef,
    maxDepth: number,
    edgeTypes?: string[],
  ): Subgraph | undefined {
    const start = this.requireRow(tenantId, from.type, from.id);
    const end = this.requireRow(tenantId, to.type, to.id);
    const path = shortestPath(this.links, tenantId, start.id, end.id, maxDepth, assertEdgeTypes(edgeTypes));
    if (!path) return undefined;
    // A path through a context the viewer may not see is no path for them.
    const visible = this.subgraph(tenantId, path.rowids, path.links);
    return visible.nodes.length === path.rowids.length ? visible : undefined;
  }

  relationships(
    tenantId: string,
    type: string,
    id: string,
    options: { edgeType?: string; direction: Direction; limit: number },
  ): GraphEdge[] {
    const row = this.requireRow(tenantId, type, id);
    return this.relationshipRows(tenantId, row, options).map(relationshipOf);
  }

  private relationshipRows(
    tenantId: string,
    row: NodeRow,
    options: { edgeType?: string; direction: Direction; limit: number },
  ): EdgeRefRow[] {
    if (options.edgeType) assertEdgeTypes([options.edgeType]);
    const refs = this.store.edges.refsOf(tenantId, row.id, options.direction, options.edgeType, options.limit);
    return this.visibility
      ? this.visibility.visibleRefs(refs, (rowids) => this.store.nodes.getMany(tenantId, rowids))
      : refs;
  }

  /** One entity with its relationships both ways, the entities at their other ends and its recent activity. */
  entityContext(tenantId: string, type: string, id: string, limits = { relationships: 100, activity: 20 }) {
    const row = this.requireRow(tenantId, type, id);
    const outgoing = this.relationshipRows(tenantId, row, { direction: 'out', limit: limits.relationships });
    const incoming = this.relationshipRows(tenantId, row, { direction: 'in', limit: limits.relationships });
    const others = [...new Set([...outgoing.map((r) => r.to_id), ...incoming.map((r) => r.from_id)])];
    return {
      entity: toNode(row),
      outgoing_relationships: outgoing.map(relationshipOf),
      incoming_relationships: incoming.map(relationshipOf),
      connected_entities: this.subgraph(tenantId, others, []).nodes,
      recent_activity: this.activityOf(tenantId, type, id, limits.activity),
    };
  }

  /** The personal graph of the user behind an email: their node, its neighbourhood and their live contexts. */
  me(tenantId: string, email: string, depth: number, maxNodes: number) {
    this.contexts.purge(tenantId);
    const rowid =
      this.identity.findByIdentifier(tenantId, email) ??
      this.store.nodes.get(tenantId, 'user', email.toLowerCase())?.id;
    const row = rowid === undefined ? undefined : this.store.nodes.getByRowid(tenantId, rowid);
    if (!row) return { user: null, nodes: [], edges: [], contexts: [], truncated: false };
    const reached = traverse(this.links, tenantId, row.id, { depth, direction: 'both', maxNodes });
    return {
      user: toNode(row),
      ...this.subgraph(tenantId, reached.rowids, reached.links),
      contexts: this.contexts.query(tenantId, email),
      truncated: reached.truncated,
    };
  }

  async semanticSearch(
    tenantId: string,
    query: string,
    options: { types: string[]; limit: number },
  ): Promise<Array<GraphNode & { score: number }>> {
    for (const type of options.types) assertNodeType(type, this.knownTypes);
    this.contexts.purge(tenantId);
    const hits = await this.semantic.search(tenantId, query, options);
    return hits.filter((hit) => !this.hidden(hit.row)).map((hit) => ({ ...toNode(hit.row), score: hit.score }));
  }

  /** The activity of one entity: as target, and for a person as actor under any of their emails. */
  activityOf(tenantId: string, type: string, id: string, limit: number): ActivityRecord[] {
    assertNodeType(type, this.knownTypes);
    const row = this.findRow(tenantId, type, id);
    const targets = [...new Set(row ? [id, row.node_id] : [id])];
    const actors = row && type === 'user' ? this.actorIdsOf(tenantId, row) : [];
    return this.store.activity.timeline(tenantId, type, targets, actors, limit).map(toActivity);
  }

  feed(tenantId: string, limit: number): ActivityRecord[] {
    return this.store.activity.feed(tenantId, limit).map(toActivity);
  }

  stats(tenantId: string) {
    this.contexts.purge(tenantId);
    const nodesByType = this.store.nodes.countByType(tenantId);
    return {
      total_nodes: Object.values(nodesByType).reduce((a, b) => a + b, 0),
      total_edges: this.store.edges.count(tenantId),
      global_feed_size: this.store.activity.count(tenantId),
      nodes_by_type: nodesByType,
      edges_by_type: this.store.edges.countByType(tenantId),
    };
  }

  /** Node rows with edges as the API shows them, nodes in the order of `rowids`. */
  subgraph(tenantId: string, rowids: readonly number[], links: readonly EdgeLink[]): Subgraph {
    const rows = new Map(this.store.nodes.getMany(tenantId, rowids).map((row) => [row.id, row]));
    const nodes: GraphNode[] = [];
    const refs = new Map<number, string>();
    for (const rowid of rowids) {
      const row = rows.get(rowid);
      if (!row || this.hidden(row)) continue;
      nodes.push(toNode(row));
      refs.set(rowid, refOf(row.node_type, row.node_id));
    }
    const edges = links.filter((l) => refs.has(l.from_id) && refs.has(l.to_id)).map((l) => edgeOf(l, refs));
    return { nodes, edges };
  }

  /** The ids a person acts under in activity records: their emails and node id. */
  private actorIdsOf(tenantId: string, row: NodeRow): string[] {
    const emails = this.store.aliases
      .ofNode(tenantId, row.id)
      .filter((a) => a.startsWith('email:'))
      .map((a) => a.slice(6));
    return [...new Set([row.node_id, ...emails])];
  }

  /** Deletes the tenant's nodes, edges, aliases and activity. */
  clear(tenantId: string): { nodes_deleted: number; edges_deleted: number; activity_deleted: number } {
    return this.store.transaction(() => {
      const edges = this.store.edges.deleteTenant(tenantId);
      this.store.aliases.deleteTenant(tenantId);
      const nodes = this.store.nodes.deleteTenant(tenantId);
      const activity = this.store.activity.deleteTenant(tenantId);
      return { nodes_deleted: nodes, edges_deleted: edges, activity_deleted: activity };
    });
  }
}
