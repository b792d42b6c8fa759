import type { GraphStorage } from '../store/graph-storage.js';
import type { EdgeLink } from '../store/rows.js';
import type { Direction } from '../types.js';

/** Where traversals read edges from: the graph's storage, or an in-memory adjacency of it. */
export type LinkSource = Pick<GraphStorage, 'links'>;

interface TraversalOptions {
  depth: number;
  direction: Direction;
  edgeTypes?: readonly string[];
  /** Most nodes (start included) the traversal may reach; past it the result is truncated. */
  maxNodes: number;
}

interface TraversalResult {
  rowids: number[];
  links: EdgeLink[];
  /** True when more nodes were reachable within the depth than `maxNodes`. */
  truncated: boolean;
}

/** Frontier nodes per batched query. */
const CHUNK = 500;
const linkKey = (l: EdgeLink) => `${l.from_id}>${l.to_id}>${l.edge_type}`;

/** One BFS step: every edge of `nodes` in the direction, with the node at its other end. */
async function neighbours(
  source: LinkSource,
  tenantId: string,
  nodes: readonly number[],
  direction: Direction,
  edgeTypes?: readonly string[],
) {
  const steps: Array<{ link: EdgeLink; from: number; other: number }> = [];
  for (let i = 0; i < nodes.length; i += CHUNK) {
    const chunk = nodes.slice(i, i + CHUNK);
    if (direction !== 'in')
      for (const link of await source.links(tenantId, chunk, 'out', edgeTypes))
        steps.push({ link, from: link.from_id, other: link.to_id });
    if (direction !== 'out')
      for (const link of await source.links(tenantId, chunk, 'in', edgeTypes))
        steps.push({ link, from: link.to_id, other: link.from_id });
  }
  return steps;
}

/** Breadth-first traversal with one batched query per level (and chunk), stopping at the node cap. */
export async function traverse(
  source: LinkSource,
  tenantId: string,
  start: number,
  options: TraversalOptions,
): Promise<TraversalResult> {
  const visited = new Set<number>([start]);
  const links: EdgeLink[] = [];
  const seen = new Set<string>();
  let frontier = [start];
  for (let level = 1; level <= options.depth && frontier.length > 0; level++) {
    const next: number[] = [];
    for (const { link, other } of await neighbours(source, tenantId, frontier, options.direction, options.edgeTypes)) {
      if (!visited.has(other)) {
        if (visited.size >= options.maxNodes) return { rowids: [...visited], links, truncated: true };
        visited.add(other);
        next.push(other);
      }
      const key = linkKey(link);
      if (!seen.has(key)) {
        seen.add(key);
        links.push(link);
      }
    }
    frontier = next;
  }
  return { rowids: [...visited], links, truncated: false };
}

export interface PathResult {
  /** Node rowids from the start to the end. */
  rowids: number[];
  /** The edge between each consecutive pair, in its stored direction. */
  links: EdgeLink[];
}

interface Step {
  prev: number;
  link: EdgeLink;
  depth: number;
}

/** Most nodes a path search may visit before giving up. */
const PATH_VISIT_CAP = 200_000;

/**
 * Shortest path ignoring edge direction: bidirectional BFS expanding the smaller frontier one level at
 * a time, with one batched query per level. Returns undefined when no path of at most `maxDepth`.
 */
export async function shortestPath(
  source: LinkSource,
  tenantId: string,
  from: number,
  to: number,
  maxDepth: number,
  edgeTypes?: readonly string[],
): Promise<PathResult | undefined> {
  if (from === to) return { rowids: [from], links: [] };
  const sides = [
    { parents: new Map<number, Step | null>([[from, null]]), frontier: [from], depth: 0 },
    { parents: new Map<number, Step | null>([[to, null]]), frontier: [to], depth: 0 },
  ];
  while (sides[0].frontier.length > 0 && sides[1].frontier.length > 0 && sides[0].depth + sides[1].depth < maxDepth) {
    const index = sides[0].frontier.length <= sides[1].frontier.length ? 0 : 1;
    const side = sides[index];
    const other = sides[1 - index];
    const next: number[] = [];
    let best: { node: number; length: number } | undefined;
    for (const { link, from: node, other: neighbour } of await neighbours(
      source,
      tenantId,
      side.frontier,
      'both',
      edgeTypes,
    )) {
      if (side.parents.has(neighbour)) continue;
      side.parents.set(neighbour, { prev: node, link, depth: side.depth + 1 });
      next.push(neighbour);
      if (other.parents.has(neighbour)) {
        const length = side.depth + 1 + depthOf(other.parents, neighbour);
        if (!best || length < best.length) best = { node: neighbour, length };
      }
    }
    side.depth++;
    side.frontier = next;
    if (best) return best.length <= maxDepth ? joinPath(best.node, sides[0].parents, sides[1].parents) : undefined;
    if (sides[0].parents.size + sides[1].parents.size > PATH_VISIT_CAP) return undefined;
  }
  return undefined;
}

const depthOf = (parents: Map<number, Step | null>, node: number) => parents.get(node)?.depth ?? 0;

function joinPath(meet: number, forward: Map<number, Step | null>, backward: Map<number, Step | null>): PathResult {
  const rowids = [meet];
  const links: EdgeLink[] = [];
  for (let step = forward.get(meet); step; step = forward.get(step.prev)) {
    rowids.unshift(step.prev);
    links.unshift(step.link);
  }
  for (let step = backward.get(meet); step; step = backward.get(step.prev)) {
    rowids.push(step.prev);
    links.push(step.link);
  }
  return { rowids, links };
}
