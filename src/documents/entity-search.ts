import type { GraphReadsForDocuments } from '../graph/store/document-reads.js';
import type { GraphStorage } from '../graph/store/graph-storage.js';
import type { SemanticHit, SemanticSearchOptions, SemanticSearchProvider } from '../graph/service/semantic-search.js';
import { spaceOf } from './embed/provider.js';
import type { EntityVectorStorage } from './entity-vectors.js';
import { fuse } from './retrieve.js';
import type { DocumentService } from './service.js';

/** Nodes embedded per batch, and at most per search (the rest wait for the next search, keywords still find them). */
const BATCH = 500;
const MAX_PER_SEARCH = 20_000;
/** Candidates each ranked list offers the fusion, per result asked for. */
const DEPTH_PER_RESULT = 5;
const MIN_DEPTH = 50;
/**
 * Cosine similarity below which a neighbour is noise, not meaning (feature-hashing collisions of the
 * local embedder; unrelated texts for a model): a search whose words name nothing finds nothing.
 */
const MIN_SIMILARITY = 0.2;

/**
 * Graph entities by meaning: each node's text is embedded by the documents' embedder (the same vector
 * space as document chunks), brought up to date at search time for nodes that are new or changed, and
 * the nearest nodes are fused with bm25 keyword hits by reciprocal rank. Both lists honour the type
 * filter, so a filtered search is never starved by other types.
 */
export class EntitySemanticSearch implements SemanticSearchProvider {
  readonly mode = 'hybrid';

  constructor(
    private readonly documents: DocumentService,
    private readonly vectors: EntityVectorStorage,
    private readonly graphReads: GraphReadsForDocuments,
    private readonly graph: GraphStorage,
    private readonly keyword: SemanticSearchProvider,
    private readonly now: () => number,
  ) {}

  async search(tenantId: string, query: string, options: SemanticSearchOptions): Promise<SemanticHit[]> {
    const { embedder } = this.documents;
    const dimension = await embedder.dimension();
    const space = spaceOf(embedder, dimension);
    await this.vectors.ensureSpace(space, dimension);
    await this.refresh(tenantId, space);

    const depth = Math.max(MIN_DEPTH, options.limit * DEPTH_PER_RESULT);
    const queryVector = await embedder.embedQuery(query, await this.documents.corpusStatsFor(tenantId, query));
    const typed = new Set(options.types);
    // The vector index filters the tenant, not the type: widen the net when a type is asked for.
    const near = await this.vectors.nearest(tenantId, space, queryVector, typed.size ? depth * 4 : depth);
    const rows = new Map(
      (
        await this.graph.nodes(
          tenantId,
          near.map((n) => n.id),
        )
      ).map((row) => [row.id, row]),
    );
    const byMeaning = near
      .filter(
        (n) =>
          1 - n.distance >= MIN_SIMILARITY &&
          rows.has(n.id) &&
          (typed.size === 0 || typed.has(rows.get(n.id)!.node_type)),
      )
      .slice(0, depth);
    const byKeyword = await this.keyword.search(tenantId, query, { types: options.types, limit: depth });
    for (const hit of byKeyword) rows.set(hit.row.id, hit.row);

    const fused = fuse([
      byMeaning.map((n) => ({ id: n.id, score: 1 - n.distance })),
      byKeyword.map((h) => ({ id: h.row.id, score: h.score })),
    ]);
    return fused
      .slice(0, options.limit)
      .map((hit) => ({ row: rows.get(hit.id)!, score: Number(hit.score.toFixed(6)) }));
  }

  /**
   * Embeds the tenant's nodes that have no vector in this space yet, or changed since theirs, and
   * forgets the vectors of nodes the graph no longer has.
   */
  private async refresh(tenantId: string, space: string): Promise<void> {
    const [versions, embeddedAt, embedded] = await Promise.all([
      this.graphReads.nodeVersions(tenantId),
      this.vectors.embeddedAt(tenantId, space),
      this.vectors.embeddedNodes(tenantId),
    ]);
    const live = new Set(versions.map((v) => v.id));
    await this.vectors.remove(
      tenantId,
      embedded.filter((id) => !live.has(id)),
    );
    const stale = versions.filter((v) => !((embeddedAt.get(v.id) ?? -Infinity) > v.updatedAt)).map((v) => v.id);
    for (let start = 0; start < Math.min(stale.length, MAX_PER_SEARCH); start += BATCH) {
      const texts = await this.graphReads.nodeTexts(tenantId, stale.slice(start, start + BATCH));
      if (texts.size === 0) continue;
      const at = this.now();
      const vectors = await this.documents.embedder.embedDocuments([...texts.values()]);
      const ids = [...texts.keys()];
      await this.vectors.write(tenantId, space, new Map(ids.map((id, i) => [id, vectors[i]])), at);
    }
  }
}
