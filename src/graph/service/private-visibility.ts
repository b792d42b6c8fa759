import { createHash } from 'node:crypto';
import type { GraphStorage } from '../store/graph-storage.js';
import { parseProperties, type Condition, type EdgeLink, type EdgeRefRow, type NodeRow } from '../store/rows.js';
import type { Properties } from '../types.js';
import type { LinkSource } from './traversal.js';

/** User ids are emails, compared case-insensitively. */
export const normalizeUserId = (userId: string): string =>
  userId.includes('@') ? userId.trim().toLowerCase() : userId.trim();

/** The property naming the user a private node belongs to (a context's owner is its `user_id`). */
const PRIVATE_TO = 'private_to';
/** The mark every private node other than a context carries, so that a store query finds them all. */
const PRIVATE_MARK = { property: 'visibility', value: 'private' } as const;
/**
 * The node types a user's private node may have: their contexts, and the people only they deal with (a contact
 * of their mail). Kept short, so that finding a tenant's private nodes reads these types only.
 */
export const PRIVATE_NODE_TYPES = ['context', 'contact'] as const;
export type PrivateNodeType = (typeof PRIVATE_NODE_TYPES)[number];
const privateTypes: ReadonlySet<string> = new Set(PRIVATE_NODE_TYPES);
/** Most private nodes a view's totals account for. */
const PRIVATE_NODES_CAP = 1_000_000;

type RowProperties = Pick<NodeRow, 'node_type' | 'properties'>;

/** The properties that make a node private to `owner`: only they see it, or any edge touching it. */
export function privateProperties(owner: string): Properties {
  return { [PRIVATE_MARK.property]: PRIVATE_MARK.value, [PRIVATE_TO]: normalizeUserId(owner) };
}

/** What finds the records private to `owner` (every private node but a context) in a store query. */
export function privateRecordConditions(owner: string): Condition[] {
  return [PRIVATE_MARK, { property: PRIVATE_TO, value: normalizeUserId(owner) }];
}

/**
 * The id of `owner`'s private record of `key` (an email, say): opaque, and one per owner, so that two users'
 * records of the same outside person are two nodes and neither tells another user whom the owner deals with.
 */
export function privateNodeId(owner: string, key: string): string {
  return `p_${createHash('sha256')
    .update(`${normalizeUserId(owner)}\n${key}`)
    .digest('hex')
    .slice(0, 24)}`;
}

/**
 * The user a node is private to (normalised; '' for a private node without an owner, which no one sees), or
 * undefined for a node the whole tenant sees. Contexts are private to their `user_id`; any other node to its
 * `private_to` (the caller whose call to a per-user system wrote it).
 */
export function ownerOf(row: RowProperties): string | undefined {
  if (!privateTypes.has(row.node_type)) return undefined;
  const context = row.node_type === 'context';
  // A key is quoted in the JSON text whatever the backend's spacing: most contacts are settled without a parse.
  if (!context && !row.properties.includes(`"${PRIVATE_TO}"`)) return undefined;
  const properties = parseProperties(row.properties);
  if (!context && properties[PRIVATE_MARK.property] !== PRIVATE_MARK.value) return undefined;
  const owner = properties[context ? 'user_id' : PRIVATE_TO];
  return typeof owner === 'string' ? normalizeUserId(owner) : '';
}

type Totals = Record<string, number>;

/**
 * What one user may see of the tenant's graph: every node but the private nodes of other users (their
 * contexts, the records their per-user systems wrote), and no edge touching one. Applied by GraphReader to
 * lookups by id, searches, traversals, paths, relationships, queries and totals alike.
 */
export class PrivateVisibility {
  private readonly viewer: string | null;
  /** Node rows this view read during its walks, per tenant (a view answers one call). */
  private readonly read = new Map<string, Map<number, NodeRow>>();

  /** `userEmail` of the viewing user; without one (a token with no user) no private node is visible. */
  constructor(userEmail: string | undefined) {
    this.viewer = userEmail ? normalizeUserId(userEmail) : null;
  }

  hides(row: RowProperties): boolean {
    const owner = ownerOf(row);
    return owner !== undefined && owner !== this.viewer;
  }

  /** The rowids among `rows` the viewer may not see. */
  hiddenRowids(rows: readonly NodeRow[]): Set<number> {
    return new Set(rows.filter((row) => this.hides(row)).map((row) => row.id));
  }

  /** Relationship rows without those whose other end is hidden (`load` reads node rows). */
  async visibleRefs(refs: EdgeRefRow[], load: (rowids: number[]) => Promise<NodeRow[]>): Promise<EdgeRefRow[]> {
    if (refs.length === 0) return refs;
    const hidden = this.hiddenRowids(await load([...new Set(refs.flatMap((r) => [r.from_id, r.to_id]))]));
    return hidden.size === 0 ? refs : refs.filter((r) => !hidden.has(r.from_id) && !hidden.has(r.to_id));
  }

  /**
   * `source` as the viewer may walk it: no edge to or from a hidden node, so a traversal or a path never
   * passes through one. The nodes a walk reads from were reached this way, so only the new ends are read;
   * their rows are kept for `rows`, which the walk's result is built from.
   */
  linksSeenIn(source: LinkSource, storage: Pick<GraphStorage, 'nodes'>): LinkSource {
    return {
      links: async (tenantId, rowids, direction, edgeTypes) => {
        const links = await source.links(tenantId, rowids, direction, edgeTypes);
        const from = new Set(rowids);
        const ends = [...new Set(links.flatMap((l) => [l.from_id, l.to_id]))].filter((id) => !from.has(id));
        if (ends.length === 0) return links;
        const hidden = this.hiddenRowids(await this.rows(storage, tenantId, ends));
        return hidden.size === 0 ? links : links.filter((l) => !hidden.has(l.from_id) && !hidden.has(l.to_id));
      },
    };
  }

  /** The rows of these rowids (those a walk of this view read already are not read again). */
  async rows(storage: Pick<GraphStorage, 'nodes'>, tenantId: string, rowids: readonly number[]): Promise<NodeRow[]> {
    const known = this.read.get(tenantId) ?? new Map<number, NodeRow>();
    this.read.set(tenantId, known);
    const missing = rowids.filter((id) => !known.has(id));
    if (missing.length > 0) for (const row of await storage.nodes(tenantId, missing)) known.set(row.id, row);
    return rowids.flatMap((id) => known.get(id) ?? []);
  }

  /** The tenant's totals by type less the nodes hidden from the viewer and the edges touching them. */
  async visibleTotals(
    storage: Pick<GraphStorage, 'searchNodes' | 'links'>,
    tenantId: string,
    totals: { nodes: Totals; edges: Totals },
  ): Promise<{ nodes: Totals; edges: Totals }> {
    const candidates: NodeRow[] = [];
    for (const type of PRIVATE_NODE_TYPES)
      candidates.push(
        ...(await storage.searchNodes(tenantId, type, type === 'context' ? [] : [PRIVATE_MARK], PRIVATE_NODES_CAP)),
      );
    const hidden = candidates.filter((row) => this.hides(row));
    if (hidden.length === 0) return totals;
    const nodes = { ...totals.nodes };
    for (const row of hidden) nodes[row.node_type] = (nodes[row.node_type] ?? 0) - 1;
    const edges = { ...totals.edges };
    const seen = new Set<string>();
    for (const link of await storage.links(tenantId, [...new Set(hidden.map((row) => row.id))], 'both')) {
      const key = linkKey(link);
      if (seen.has(key)) continue;
      seen.add(key);
      edges[link.edge_type] = (edges[link.edge_type] ?? 0) - 1;
    }
    return { nodes: withoutEmpty(nodes), edges: withoutEmpty(edges) };
  }
}

const linkKey = (l: EdgeLink) => `${l.from_id}>${l.to_id}>${l.edge_type}`;
const withoutEmpty = (totals: Totals): Totals => Object.fromEntries(Object.entries(totals).filter(([, n]) => n > 0));
