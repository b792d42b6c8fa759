import type { IngestionPipeline } from '../ingest/pipeline.js';
import type { GraphStorage } from '../store/graph-storage.js';
import { parseProperties, toActivity, toNode, type EdgeLink, type EdgeRefRow, type NodeRow } from '../store/rows.js';
import { refOf, type ActivityRecord, type Direction, type GraphEdge, type GraphNode, type Subgraph } from '../types.js';
import type { ContextService } from './context-service.js';
import { assertEdgeTypes, assertNodeType, entityNotFound, traversalLimitExceeded } from './errors.js';
import type { IdentityResolver } from './identity.js';
import type { PrivateVisibility } from './private-visibility.js';
import type { SemanticSearchProvider } from './semantic-search.js';
import { shortestPath, traverse, type LinkSource } from './traversal.js';

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
 * The read side of the knowledge graph: lookups (alias-aware for people), traversal, paths, activity and
 * statistics, as the viewer set by `visibility` sees them. GraphService builds what it reads from.
 */
export abstract class GraphReader {
  abstract readonly storage: GraphStorage;
  abstract readonly identity: IdentityResolver;
  abstract readonly contexts: ContextService;
  abstract readonly ingestion: IngestionPipeline;
  protected abstract readonly semantic: SemanticSearchProvider;
  protected abstract readonly links: LinkSource;
  protected abstract readonly knownTypes: ReadonlySet<string>;
  /** Set on a view for one user (see `GraphService.viewedBy`); the service itself sees every node. */
  protected visibility: PrivateVisibility | undefined;
  /** The edges that view may walk (see `PrivateVisibility.linksSeenIn`). */
  protected visibleLinks: LinkSource | undefined;

  /** Where walks read edges: only those the viewer may see, on a view. */
  private get walkLinks(): LinkSource {
    return this.visibleLinks ?? this.links;
  }

  private hidden(row: NodeRow): boolean {
    return this.visibility?.hides(row) === true;
  }

  /**
   * Before a read of the tenant's nodes: expired contexts purged, and the results and activity records of
   * the calls this process has answered written (they are written a few ms after their answer).
   */
  private async readable(tenantId: string): Promise<void> {
    await Promise.all([this.contexts.purge(tenantId), this.ingestion.writeQueued()]);
  }

  /** The node of `type:id`, for people also under any identifier (email, login, account id). */
  async findRow(tenantId: string, type: string, id: string): Promise<NodeRow | undefined> {
    assertNodeType(type, this.knownTypes);
    await this.readable(tenantId);
    const row = await this.storage.node(tenantId, type, id);
    if (row && this.hidden(row)) return undefined;
    if (row || type !== 'user') return row;
    const rowid = await this.identity.findByIdentifier(tenantId, id);
    return rowid === undefined ? undefined : this.storage.nodeByRowid(tenantId, rowid);
  }

  async requireRow(tenantId: string, type: string, id: string): Promise<NodeRow> {
    const row = await this.findRow(tenantId, type, id);
    if (!row) throw entityNotFound(type, id);
    return row;
  }

  async entity(tenantId: string, type: string, id: string): Promise<GraphNode> {
    return toNode(await this.requireRow(tenantId, type, id));
  }

  async search(
    tenantId: string,
    type: string,
    filters: Record<string, string | number | boolean | null>,
    limit: number,
  ): Promise<GraphNode[]> {
    assertNodeType(type, this.knownTypes);
    await this.readable(tenantId);
    const conditions = Object.entries(filters).map(([property, value]) => ({ property, value }));
    const rows = await this.storage.searchNodes(tenantId, type, conditions, limit);
    return rows.filter((row) => !this.hidden(row)).map(toNode);
  }

  async traverse(
    tenantId: string,
    type: string,
    id: string,
    request: TraverseRequest,
  ): Promise<Subgraph & { truncated: boolean }> {
    const start = await this.requireRow(tenantId, type, id);
    const edgeTypes = assertEdgeTypes(request.edgeTypes);
    const result = await traverse(this.walkLinks, tenantId, start.id, { ...request, edgeTypes });
    if (result.truncated && !request.allowTruncated) throw traversalLimitExceeded();
    return { ...(await this.subgraph(tenantId, result.rowids, result.links)), truncated: result.truncated };
  }

  async findPath(
    tenantId: string,
    from: EntityRef,
    to: EntityRef,
    maxDepth: number,
    edgeTypes?: string[],
  ): Promise<PathAnswer> {
    const path = await this.pathSubgraph(tenantId, from, to, maxDepth, edgeTypes);
    if (!path) return { nodes: [], edges: [], length: 0, path_found: false };
    return {
      nodes: path.nodes.map((n) => refOf(n.node_type, n.node_id)),
      edges: path.edges,
      length: path.edges.length,
      path_found: true,
    };
  }

  /** The shortest path as a subgraph (nodes in path order), or undefined when there is none. */
  async pathSubgraph(
    tenantId: string,
    from: EntityRef,
    to: EntityRef,
    maxDepth: number,
    edgeTypes?: string[],
  ): Promise<Subgraph | undefined> {
    const start = await this.requireRow(tenantId, from.type, from.id);
    const end = await this.requireRow(tenantId, to.type, to.id);
    const types = assertEdgeTypes(edgeTypes);
    // Most shortest paths touch no private node: the search over every edge is tried first, and only a path
    // through a node the viewer may not see is searched again over the edges they may walk.
    for (const links of new Set([this.links, this.walkLinks])) {
      const path = await shortestPath(links, tenantId, start.id, end.id, maxDepth, types);
      if (!path) return undefined;
      const visible = await this.subgraph(tenantId, path.rowids, path.links);
      if (visible.nodes.length === path.rowids.length) return visible;
    }
    return undefined;
  }

  async relationships(
    tenantId: string,
    type: string,
    id: string,
    options: { edgeType?: string; direction: Direction; limit: number },
  ): Promise<GraphEdge[]> {
    const row = await this.requireRow(tenantId, type, id);
    return (await this.relationshipRows(tenantId, row, options)).map(relationshipOf);
  }

  private async relationshipRows(
    tenantId: string,
    row: NodeRow,
    options: { edgeType?: string; direction: Direction; limit: number },
  ): Promise<EdgeRefRow[]> {
    if (options.edgeType) assertEdgeTypes([options.edgeType]);
    const refs = await this.storage.edgeRefs(tenantId, row.id, options.direction, options.edgeType, options.limit);
    return this.visibility ? this.visibility.visibleRefs(refs, (rowids) => this.storage.nodes(tenantId, rowids)) : refs;
  }

  /** One entity with its relationships both ways, the entities at their other ends and its recent activity. */
  async entityContext(tenantId: string, type: string, id: string, limits = { relationships: 100, activity: 20 }) {
    const row = await this.requireRow(tenantId, type, id);
    const outgoing = await this.relationshipRows(tenantId, row, { direction: 'out', limit: limits.relationships });
    const incoming = await this.relationshipRows(tenantId, row, { direction: 'in', limit: limits.relationships });
    const others = [...new Set([...outgoing.map((r) => r.to_id), ...incoming.map((r) => r.from_id)])];
    return {
      entity: toNode(row),
      outgoing_relationships: outgoing.map(relationshipOf),
      incoming_relationships: incoming.map(relationshipOf),
      connected_entities: (await this.subgraph(tenantId, others, [])).nodes,
      recent_activity: await this.activityOf(tenantId, type, id, limits.activity),
    };
  }

  /** The personal graph of the user behind an email: their node, its neighbourhood and their live contexts. */
  async me(tenantId: string, email: string, depth: number, maxNodes: number) {
    await this.readable(tenantId);
    const rowid =
      (await this.identity.findByIdentifier(tenantId, email)) ??
      (await this.storage.node(tenantId, 'user', email.toLowerCase()))?.id;
    const row = rowid === undefined ? undefined : await this.storage.nodeByRowid(tenantId, rowid);
    if (!row) return { user: null, nodes: [], edges: [], contexts: [], truncated: false };
    const reached = await traverse(this.walkLinks, tenantId, row.id, { depth, direction: 'both', maxNodes });
    return {
      user: toNode(row),
      ...(await this.subgraph(tenantId, reached.rowids, reached.links)),
      contexts: await this.contexts.query(tenantId, email),
      truncated: reached.truncated,
    };
  }

  async semanticSearch(
    tenantId: string,
    query: string,
    options: { types: string[]; limit: number },
  ): Promise<Array<GraphNode & { score: number }>> {
    for (const type of options.types) assertNodeType(type, this.knownTypes);
    await this.readable(tenantId);
    const hits = await this.semantic.search(tenantId, query, options);
    return hits.filter((hit) => !this.hidden(hit.row)).map((hit) => ({ ...toNode(hit.row), score: hit.score }));
  }

  /** The activity of one entity: as target, and for a person as actor under any of their emails. */
  async activityOf(tenantId: string, type: string, id: string, limit: number): Promise<ActivityRecord[]> {
    assertNodeType(type, this.knownTypes);
    await this.ingestion.recorded();
    const row = await this.findRow(tenantId, type, id);
    const targetIds = [...new Set(row ? [id, row.node_id] : [id])];
    const actorIds = row && type === 'user' ? await this.actorIdsOf(tenantId, row) : [];
    const rows = await this.storage.activityTimeline(tenantId, { type, targetIds, actorIds, limit });
    return rows.map(toActivity);
  }

  /** The tenant's latest activity; the calls this process has seen are in it (their records are awaited). */
  async feed(tenantId: string, limit: number): Promise<ActivityRecord[]> {
    await this.ingestion.recorded();
    return (await this.storage.activityFeed(tenantId, limit)).map(toActivity);
  }

  async stats(tenantId: string) {
    await this.readable(tenantId);
    const stored = {
      nodes: await this.storage.countNodesByType(tenantId),
      edges: await this.storage.countEdgesByType(tenantId),
    };
    const { nodes, edges } = this.visibility
      ? await this.visibility.visibleTotals(this.storage, tenantId, stored)
      : stored;
    const sum = (totals: Record<string, number>) => Object.values(totals).reduce((a, b) => a + b, 0);
    return {
      total_nodes: sum(nodes),
      total_edges: sum(edges),
      global_feed_size: await this.storage.countActivity(tenantId),
      nodes_by_type: nodes,
      edges_by_type: edges,
    };
  }

  /** Node rows with edges as the API shows them, nodes in the order of `rowids`. */
  async subgraph(tenantId: string, rowids: readonly number[], links: readonly EdgeLink[]): Promise<Subgraph> {
    const read = this.visibility
      ? this.visibility.rows(this.storage, tenantId, rowids)
      : this.storage.nodes(tenantId, rowids);
    const rows = new Map((await read).map((row) => [row.id, row]));
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
  private async actorIdsOf(tenantId: string, row: NodeRow): Promise<string[]> {
    const emails = (await this.storage.aliasesOf(tenantId, row.id))
      .filter((a) => a.startsWith('email:'))
      .map((a) => a.slice(6));
    return [...new Set([row.node_id, ...emails])];
  }
}
