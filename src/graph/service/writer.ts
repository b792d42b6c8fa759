import type { GraphBatch, Handle } from '../ingest/batch.js';
import type { GraphStore } from '../store/index.js';
import { IdentityResolver } from './identity.js';

export interface WriteSummary {
  nodes: number;
  edges: number;
  /** The tenant no longer exists (or not in the generation the write was made for): nothing written. */
  refused?: true;
}

/**
 * Writes a batch in one transaction: people through identity resolution, nodes merged, then edges.
 * A node's source is the system whose record described it; mere mentions leave the source alone.
 */
export class GraphWriter {
  readonly identity: IdentityResolver;

  constructor(private readonly store: GraphStore) {
    this.identity = new IdentityResolver(store);
  }

  write(tenantId: string, batch: GraphBatch, source: string | null, now: number, epoch?: string): WriteSummary {
    if (batch.isEmpty) return { nodes: 0, edges: 0 };
    const written = this.store.writeFor(tenantId, epoch, () => {
      const rowids = new Map<Handle, number>();
      batch.people.forEach((person, index) => {
        rowids.set(
          `p:${index}`,
          this.identity.resolve(tenantId, person.identity, person.properties, source, now, [...person.aliases]),
        );
      });
      for (const [handle, node] of batch.nodes) {
        rowids.set(
          handle,
          this.store.nodes.upsert({
            tenantId,
            type: node.type,
            id: node.id,
            properties: JSON.stringify(node.properties),
            source: node.reference ? null : source,
            now,
          }),
        );
      }
      let edges = 0;
      for (const edge of batch.edges) {
        const fromId = rowids.get(edge.from);
        const toId = rowids.get(edge.to);
        if (fromId === undefined || toId === undefined || fromId === toId) continue;
        const properties =
          edge.properties && Object.keys(edge.properties).length ? JSON.stringify(edge.properties) : null;
        this.store.edges.upsert({ tenantId, fromId, toId, type: edge.type, properties, now });
        edges++;
      }
      return { nodes: rowids.size, edges };
    });
    return written ?? { nodes: 0, edges: 0, refused: true };
  }
}
