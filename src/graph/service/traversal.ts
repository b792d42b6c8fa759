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

/** Most frontier nodes per batched query. */
const MAX_CHUNK = 2000;
/** Frontier nodes of a path search's first query of a level; each further query reads four times as many. */
const FIRST_PATH_CHUNK = 32;
const linkKey = (l: EdgeLink) => `${l.from_id}>${l.to_id}>${l.edge_type}`;

interface Step {
  link: EdgeLink;
  /** The frontier node the edge was read from, and the node at its other end. */
  from: number;
  other: number;
}

/**
 * A BFS level, read in batches: every edge of `frontier` in the direction (leaving edges before entering
 * ones within a batch), with the node at its other end, and how many frontier nodes the batch read. `nextChunk` says how many frontier nodes the next
 * batch reads, so a caller that needs only a few more nodes reads only the edges it needs.
 */
async function* neighbours(
  source: LinkSource,
  tenantId: string,
  frontier: readonly number[],
  direction: Direction,
  edgeTypes: readonly string[] | undefined,
  nextChunk: () => number,
): AsyncGenerator<{ steps: Step[]; read: number }> {
  for (let i = 0; i < frontier.length;) {
    const chunk = frontier.slice(i, i + Math.max(1, Math.min(MAX_CHUNK, nextChunk())));
    i += chunk.length;
    const leaving = leavingOf(direction, new Set(chunk));
    const links = await source.links(tenantId, chunk, direction, edgeTypes);
    const steps = links.map((link) =>
      leaving(link) ? { link, from: link.from_id, other: link.to_id } : { link, from: link.to_id, other: link.from_id },
    );
    yield { steps, read: chunk.length };
  }
}

/**
 * Whether a link of a batch was read leaving a node of the batch (else entering one). An edge between
 * two nodes of a `both` batch comes twice: first as leaving, then as entering.
 */
function leavingOf(direction: Direction, members: ReadonlySet<number>): (link: EdgeLink) => boolean {
  if (direction !== 'both') return () => direction === 'out';
  const readLeaving = new Set<string>();
  return (link) => {
    if (!members.has(link.from_id)) return false;
    if (!members.has(link.to_id)) return true;
    const key = linkKey(link);
    if (readLeaving.has(key)) return false;
    readLeaving.add(key);
    return true;
  };
}

/**
 * Breadth-first traversal with one batched query per level, stopping at the node cap. Near the cap a
 * level is read a few frontier nodes at a time, as many as should reach the cap at the rate new nodes
 * came so far, instead of reading every edge of the level for the few nodes still wanted.
 */
export async function traverse(
  source: LinkSource,
  tenantId: string,
  start: number,
  options: TraversalOptions,
): Promise<TraversalResult> {
  const visited = new Set<number>([start]);
  const links: EdgeLink[] = [];
  const seen = new Set<string>();
  let expanded = 0;
  const nextChunk = () => {
    // One node past the cap tells a truncated result from a complete one.
    const wanted = options.maxNodes - visited.size + 1;
    const newPerNode = expanded === 0 ? 0 : (visited.size - 1) / expanded;
    return newPerNode === 0 ? MAX_CHUNK : Math.ceil((2 * wanted) / newPerNode);
  };
  let frontier = [start];
  for (let level = 1; level <= options.depth && frontier.length > 0; level++) {
    const next: number[] = [];
    const batches = neighbours(source, tenantId, frontier, options.direction, options.edgeTypes, nextChunk);
    for await (const { steps, read } of batches) {
      for (const { link, other } of steps) {
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
      expanded += read;
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

interface PathStep {
  prev: number;
  link: EdgeLink;
  depth: number;
}

type Parents = Map<number, PathStep | null>;

/** Most nodes a path search may visit before giving up. */
const PATH_VISIT_CAP = 200_000;

/**
 * Shortest path ignoring edge direction: bidirectional BFS expanding the smaller frontier one level at
 * a time, with batched queries per level. Returns undefined when no path of at most `maxDepth`.
 *
 * The first meeting of the two searches ends it: every node the other side reached at a lower depth has
 * had its neighbours expanded, so a meeting at one of them would have been found on an earlier level, and
 * every meeting of this level makes a path of the same length. A level is therefore read in batches that
 * grow from a few frontier nodes, and the search stops in the batch where the sides meet.
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
    { parents: new Map([[from, null]]) as Parents, frontier: [from], depth: 0 },
    { parents: new Map([[to, null]]) as Parents, frontier: [to], depth: 0 },
  ];
  while (sides[0].frontier.length > 0 && sides[1].frontier.length > 0 && sides[0].depth + sides[1].depth < maxDepth) {
    const index = sides[0].frontier.length <= sides[1].frontier.length ? 0 : 1;
    const side = sides[index];
    const other = sides[1 - index];
    const next: number[] = [];
    let chunk = FIRST_PATH_CHUNK / 4;
    const growing = () => (chunk *= 4);
    for await (const { steps } of neighbours(source, tenantId, side.frontier, 'both', edgeTypes, growing)) {
      for (const { link, from: node, other: neighbour } of steps) {
        if (side.parents.has(neighbour)) continue;
        side.parents.set(neighbour, { prev: node, link, depth: side.depth + 1 });
        next.push(neighbour);
        if (other.parents.has(neighbour)) {
          const length = side.depth + 1 + depthOf(other.parents, neighbour);
          return length <= maxDepth ? joinPath(neighbour, sides[0].parents, sides[1].parents) : undefined;
        }
      }
    }
    side.depth++;
    side.frontier = next;
    if (sides[0].parents.size + sides[1].parents.size > PATH_VISIT_CAP) return undefined;
  }
  return undefined;
}

const depthOf = (parents: Parents, node: number) => parents.get(node)?.depth ?? 0;

function joinPath(meet: number, forward: Parents, backward: Parents): PathResult {
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
