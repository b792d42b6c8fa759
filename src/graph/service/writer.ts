import type { GraphBatch, Handle } from '../ingest/batch.js';
import type { GraphStorage } from '../store/graph-storage.js';
import { IdentityResolver } from './identity.js';

export interface WriteSummary {
  nodes: number;
  edges: number;
  /** The tenant no longer exists (or not in the generation the write was made for): nothing written. */
  refused?: true;
}

/**
 * Writes a batch in one transaction: people through identity resolution, nodes merged, then edges, each
 * step one batched call whatever the batch's size. A node's source is the system whose record described
 * it; mere mentions leave the source alone.
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
    const written = await this.storage.writeFor(tenantId, epoch, async (writes) => {
      const rowids = new Map<Handle, number>();
      const people = batch.people.map((person) => ({ ...person, aliases: [...person.aliases] }));
      (await this.identity.resolveAll(writes, people, source, now)).forEach((rowid, index) =>
        rowids.set(`p:${index}`, rowid),
      );
      const nodes = [...batch.nodes];
      const nodeRowids = await writes.upsertNodes(
        nodes.map(([, node]) => ({
          type: node.type,
          id: node.id,
          properties: JSON.stringify(node.properties),
          source: node.reference ? null : source,
          now,
        })),
      );
      nodes.forEach(([handle], index) => rowids.set(handle, nodeRowids[index]));
      const edges = batch.edges.flatMap((edge) => {
        const fromId = rowids.get(edge.from);
        const toId = rowids.get(edge.to);
        if (fromId === undefined || toId === undefined || fromId === toId) return [];
        const properties =
          edge.properties && Object.keys(edge.properties).length ? JSON.stringify(edge.properties) : null;
        return [{ fromId, toId, type: edge.type, properties, now }];
      });
      await writes.upsertEdges(edges);
      return { nodes: rowids.size, edges: edges.length };
    });
    return written ?? { nodes: 0, edges: 0, refused: true };
  }
}
