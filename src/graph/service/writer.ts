import type { GraphBatch, Handle } from '../ingest/batch.js';
import type { BatchWrite, EdgeWrite, GraphStorage, NodeWrite } from '../store/graph-storage.js';
import { IdentityResolver, userProperties } from './identity.js';

export interface WriteSummary {
  nodes: number;
  edges: number;
  /** The tenant no longer exists (or not in the generation the write was made for): nothing written. */
  refused?: true;
}

/**
 * Writes a batch in one transaction: people through identity resolution, nodes merged, then edges, each
 * step one batched call whatever the batch's size. A node's source is the system whose record described
 * it; mere mentions leave the source alone. A backend that takes a whole batch in one call
 * (`GraphStorage.writeBatch`) gets it so, unless it needs two of the people's nodes merged.
 */
export class GraphWriter {
  readonly identity: IdentityResolver;

  constructor(private readonly storage: GraphStorage) {
    this.identity = new IdentityResolver(storage);
  }

  async write(
    tenantId: string,
    batch: GraphBatch,
    source: string | null,
    now: number,
    epoch?: string,
  ): Promise<WriteSummary> {
    if (batch.isEmpty) return { nodes: 0, edges: 0 };
    const entities = batch.people.length + batch.nodes.size;
    const whole = await this.storage.writeBatch?.(tenantId, epoch, batchWriteOf(batch, source, now));
    if (whole === 'refused') return { nodes: 0, edges: 0, refused: true };
    if (whole !== undefined && whole !== 'identity-merge') return { nodes: entities, edges: whole.edges };
    const written = await this.storage.writeFor(tenantId, epoch, async (writes) => {
      const rowids = new Map<Handle, number>();
      const people = batch.people.map((person) => ({ ...person, aliases: [...person.aliases] }));
      (await this.identity.resolveAll(writes, people, source, now)).forEach((rowid, index) =>
        rowids.set(`p:${index}`, rowid),
      );
      const nodes = [...batch.nodes.keys()];
      const nodeRowids = await writes.upsertNodes(nodeWritesOf(batch, source, now));
      nodes.forEach((handle, index) => rowids.set(handle, nodeRowids[index]));
      const edges: EdgeWrite[] = [];
      for (const edge of batch.edges) {
        const fromId = rowids.get(edge.from);
        const toId = rowids.get(edge.to);
        if (fromId !== undefined && toId !== undefined && fromId !== toId)
          edges.push({ fromId, toId, type: edge.type, properties: edgePropertiesOf(edge), now });
      }
      await writes.upsertEdges(edges);
      return { nodes: rowids.size, edges: edges.length };
    });
    return written ?? { nodes: 0, edges: 0, refused: true };
  }
}

function nodeWritesOf(batch: GraphBatch, source: string | null, now: number): NodeWrite[] {
  return [...batch.nodes.values()].map((node) => ({
    type: node.type,
    id: node.id,
    properties: JSON.stringify(node.properties),
    source: node.reference ? null : source,
    now,
  }));
}

const edgePropertiesOf = (edge: GraphBatch['edges'][number]) =>
  edge.properties && Object.keys(edge.properties).length ? JSON.stringify(edge.properties) : null;

/** The batch as rows: its people (positions `p:<index>`), then its nodes, and the edges between them. */
function batchWriteOf(batch: GraphBatch, source: string | null, now: number): BatchWrite {
  const positions = new Map<Handle, number>(batch.people.map((_, index) => [`p:${index}`, index]));
  for (const handle of batch.nodes.keys()) positions.set(handle, positions.size);
  return {
    people: batch.people.map((person) => ({
      id: IdentityResolver.canonicalId(person.identity),
      properties: JSON.stringify(userProperties(person.identity, person.properties)),
      aliases: [...person.aliases],
      directoryAliases: person.directoryAliases,
    })),
    peopleSource: source,
    nodes: nodeWritesOf(batch, source, now),
    edges: batch.edges.flatMap((edge) => {
      const from = positions.get(edge.from);
      const to = positions.get(edge.to);
      if (from === undefined || to === undefined) return [];
      return [{ from, to, type: edge.type, properties: edgePropertiesOf(edge) }];
    }),
    now,
  };
}
