import type { GraphService } from '../service/graph-service.js';
import type { Condition } from '../store/rows.js';
import type { Subgraph } from '../types.js';
import { parseQuery, type GraphQuery, type MatchQuery, type NodePattern, type WhereCondition } from './parser.js';

/** Rows a query returns when it names no LIMIT. */
const DEFAULT_QUERY_LIMIT = 100;
const DEFAULT_PATH_DEPTH = 6;

interface QueryAnswer extends Subgraph {
  kind: GraphQuery['kind'];
  path_found?: boolean;
}

/** Parses and runs a query for one tenant. Syntax errors throw QueryError; unknown path ends, AppError. */
export async function runQuery(graph: GraphService, tenantId: string, text: string): Promise<QueryAnswer> {
  const query = parseQuery(text, new Set(graph.nodeTypes));
  if (query.kind === 'path') {
    const path = await graph.pathSubgraph(tenantId, query.from, query.to, query.maxDepth ?? DEFAULT_PATH_DEPTH);
    const nodes = path?.nodes.slice(0, query.limit) ?? [];
    return { kind: 'path', nodes, edges: path?.edges ?? [], path_found: path !== undefined };
  }
  return { kind: 'match', ...(await runMatch(graph, tenantId, query)) };
}

async function runMatch(graph: GraphService, tenantId: string, query: MatchQuery): Promise<Subgraph> {
  const limit = query.limit ?? DEFAULT_QUERY_LIMIT;
  await graph.contexts.purge(tenantId);
  const left = await conditionsOf(graph, tenantId, query.left, query.where);
  if (!query.rel || !query.right) {
    const rows = await graph.storage.searchNodes(tenantId, query.left.type, left, limit);
    return graph.subgraph(
      tenantId,
      rows.map((r) => r.id),
      [],
    );
  }
  const right = await conditionsOf(graph, tenantId, query.right, query.where);
  const links = await graph.storage.matchPattern(tenantId, {
    left: { type: query.left.type, conditions: left },
    right: { type: query.right.type, conditions: right },
    edgeTypes: query.rel.types,
    direction: query.rel.direction,
    limit,
  });
  const rowids = [...new Set(links.flatMap((l) => [l.from_id, l.to_id]))];
  return graph.subgraph(tenantId, rowids, links);
}

/**
 * The store conditions of one node pattern. `id` compares the node id; a person's id may be given as
 * any of their identifiers (email, login, account id), which is resolved to the node id first.
 */
async function conditionsOf(
  graph: GraphService,
  tenantId: string,
  node: NodePattern,
  where: readonly WhereCondition[],
): Promise<Condition[]> {
  if (!node.variable) return [];
  const conditions: Condition[] = [];
  for (const c of where.filter((w) => w.variable === node.variable)) {
    if (c.property !== 'id') {
      conditions.push({ property: c.property, value: c.value });
      continue;
    }
    const id = String(c.value);
    const resolved = node.type === 'user' ? (await graph.findRow(tenantId, 'user', id))?.node_id : undefined;
    conditions.push({ property: null, value: resolved ?? id });
  }
  return conditions;
}
