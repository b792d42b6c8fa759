import type { GraphService } from './graph-service.js';

/** One piece of work tied to a person: the node, what it is called, its state, how the person is tied to it. */
export type WorkItem = {
  node_type: string;
  node_id: string;
  title?: string;
  status?: string;
  updated_at?: string;
};

/** A person's work by how they are tied to it. */
export type PersonWork = {
  /** Tickets and issues assigned to them, CRM records they own. */
  assigned: WorkItem[];
  /** Pull requests, issues and tickets they authored. */
  authored: WorkItem[];
  /** Pull requests they reviewed. */
  reviewed: WorkItem[];
  /** Pages, events and documents they created or edited. */
  created: WorkItem[];
};

/**
 * Where a person's work comes from. The graph's own edges today; a source that asks the upstreams live (the
 * caller's open tickets, reviews waiting, today's meetings) can stand in its place through this interface.
 */
export interface PersonWorkSource {
  workOf(tenantId: string, personRowid: number, limit: number): Promise<PersonWork>;
}

const GROUP_OF_EDGE: Readonly<Record<string, keyof PersonWork>> = {
  ASSIGNED_TO: 'assigned',
  AUTHORED_BY: 'authored',
  REVIEWED_BY: 'reviewed',
  CREATED_BY: 'created',
};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The work the graph knows of: the nodes whose edges point at the person, newest first, as `graph` shows them. */
export class GraphPersonWork implements PersonWorkSource {
  constructor(private readonly graph: GraphService) {}

  async workOf(tenantId: string, personRowid: number, limit: number): Promise<PersonWork> {
    const links = await this.graph.storage.links(tenantId, [personRowid], 'in', Object.keys(GROUP_OF_EDGE));
    const groupsOf = new Map<number, Set<keyof PersonWork>>();
    for (const link of links)
      groupsOf.set(link.from_id, (groupsOf.get(link.from_id) ?? new Set()).add(GROUP_OF_EDGE[link.edge_type]));
    const rows = await this.graph.storage.nodes(tenantId, [...groupsOf.keys()]);
    const rowidOf = new Map(rows.map((row) => [`${row.node_type}:${row.node_id}`, row.id]));
    // Through the service, so that what the caller's view hides stays hidden.
    const { nodes } = await this.graph.subgraph(tenantId, [...groupsOf.keys()], []);
    nodes.sort((a, b) => (b.updated_at ?? '').localeCompare(a.updated_at ?? ''));
    const work: PersonWork = { assigned: [], authored: [], reviewed: [], created: [] };
    for (const node of nodes) {
      const title = text(node.properties.title) ?? text(node.properties.summary) ?? text(node.properties.name);
      const status = text(node.properties.status) ?? text(node.properties.state);
      const item: WorkItem = {
        node_type: node.node_type,
        node_id: node.node_id,
        ...(title ? { title } : {}),
        ...(status ? { status } : {}),
        ...(node.updated_at ? { updated_at: node.updated_at } : {}),
      };
      for (const group of groupsOf.get(rowidOf.get(`${node.node_type}:${node.node_id}`) ?? -1) ?? [])
        if (work[group].length < limit) work[group].push(item);
    }
    return work;
  }
}
