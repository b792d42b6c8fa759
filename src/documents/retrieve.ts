import { randomUUID } from 'node:crypto';
import type { GraphReadsForDocuments } from '../graph/store/document-reads.js';
import type { CorpusStats, EmbeddingProvider } from './embed/provider.js';
import { stem } from './embed/local.js';
import { keywordTermsOf } from './keywords.js';
import type { ChunkRow, DocumentStorage, TenantTotals } from './storage.js';

/** What retrieval reads of the document service (which runs it): its store, vector space and entity links. */
interface RetrievalSource {
  readonly store: DocumentStorage;
  readonly graph: Pick<GraphReadsForDocuments, 'neighbours'>;
  readonly embedder: EmbeddingProvider;
  space(): Promise<{ space: string }>;
  /** Also the tenant's totals, read once per query for every statistic it weighs. */
  corpusStatsFor(tenantId: string, query: string): Promise<CorpusStats & { totals: TenantTotals }>;
  /** Throws when the tenant has no such document. */
  found(tenantId: string, documentId: string): Promise<unknown>;
  entitiesNamedIn(tenantId: string, text: string): Promise<number[]>;
}

export const QUERY_MODES = ['vector_only', 'graph_only', 'hybrid', 'graph_expanded'] as const;
type QueryMode = (typeof QUERY_MODES)[number];
/** The modes above plus `keyword` (BM25 alone), the baseline the bench compares against. */
export type RetrievalMode = QueryMode | 'keyword';

export interface QueryRequest {
  query: string;
  top_k: number;
  mode: QueryMode;
  document_id?: string | null;
  include_context: boolean;
}

interface QueryResultItem {
  chunk_id: string;
  document_id: string;
  text: string;
  score: number;
  metadata: { page_number: number | null; filename: string; chunk_index: number; sheet?: string; heading?: string };
}

export interface QueryResponse {
  query_id: string;
  query: string;
  mode: QueryMode;
  results: QueryResultItem[];
  context: string;
  total_results: number;
}

/** Candidates taken from each ranked list before fusion, and when a document filter is applied. */
const CANDIDATES = 100;
const FILTERED_CANDIDATES = 2000;
const RRF_K = 60;
/**
 * Hybrid weights. Keyword evidence (bm25) leads and the local embedder's vectors break its ties and
 * rescue queries whose words the chunks lack: measured on SciFact, trusting the two equally (plain
 * RRF) scored 0.58 nDCG@10 against bm25's 0.685, this blend 0.69 (weights chosen on one half of the
 * queries). The keyword share is split between the chunk's own bm25 and its whole document's: at the
 * default chunk size most abstracts become two or three chunks, and the chunk alone scored 0.675, the
 * chunk and its document 0.69, the same as one chunk per document. A chunk naming the entities the
 * query names gets the graph's share on top.
 */
export const HYBRID_WEIGHTS = { keyword: 0.9, vector: 0.1, graph: 0.3 };
/**
 * The part of the keyword share that goes to the chunk's whole document: chosen on the odd half of
 * SciFact's queries uploaded with default settings (0.3: 0.683, 0.5: 0.682, 0.7: 0.690, all of it: 0.677),
 * the even half holding (0.694 at 0.5, 0.704 at 0.7; plain bm25 0.702).
 */
const DOCUMENT_SHARE = 0.7;
const STOPWORDS = new Set(
  'a an and are as at be by for from how in is it of on or that the this to was what when where which who with'.split(
    ' ',
  ),
);
const MAX_QUERY_TERMS = 32;
const EXPANDED_SEEDS = 10;
const EXPANSION_DECAY = 0.5;

type Ranked = Array<{ id: number; score: number }>;

/** Reciprocal rank fusion: each list adds 1/(k + rank) for every chunk it holds. */
export function fuse(lists: readonly Ranked[], weights: readonly number[] = lists.map(() => 1)): Ranked {
  const scores = new Map<number, number>();
  lists.forEach((list, l) =>
    list.forEach((hit, rank) => scores.set(hit.id, (scores.get(hit.id) ?? 0) + weights[l] / (RRF_K + rank + 1))),
  );
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id - b.id);
}

/** Each list's scores scaled to 0..1 (best 1), weighted and summed: a list's weight is its most say. */
export function blend(lists: readonly Ranked[], weights: readonly number[]): Ranked {
  const scores = new Map<number, number>();
  lists.forEach((list, l) => {
    if (list.length === 0) return;
    const max = Math.max(...list.map((h) => h.score));
    const min = Math.min(...list.map((h) => h.score));
    for (const hit of list)
      scores.set(hit.id, (scores.get(hit.id) ?? 0) + weights[l] * (max === min ? 1 : (hit.score - min) / (max - min)));
  });
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id - b.id);
}

const queryWords = (text: string): string[] =>
  [...new Set((text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((w) => !STOPWORDS.has(w)))].slice(
    0,
    MAX_QUERY_TERMS,
  );

/**
 * The query's keyword terms, one per word (a term repeats when two words share it, and then counts
 * twice, as the same phrase twice in an FTS5 query did), the words in more than half the tenant's
 * chunks dropped: BM25 gives such a word (almost) no weight (its idf is floored near zero), yet
 * matching it scores every chunk holding it, so leaving it out keeps the ranking and spares scoring
 * most of the corpus. When every word is common, all are kept.
 */
function keywordTermsOfQuery(text: string, stats: CorpusStats): string[] {
  const words = queryWords(text);
  const df = stats.documentFrequency(words.map(stem));
  const rare = words.filter((w) => (df.get(stem(w)) ?? 0) <= stats.chunkCount / 2);
  return (rare.length ? rare : words).flatMap(keywordTermsOf);
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA && normB ? dot / Math.sqrt(normA * normB) : 0;
}

/** Ranked chunk ids of one mode (no filter, no text): what the bench scores. */
export async function rankChunks(
  service: RetrievalSource,
  tenantId: string,
  query: string,
  mode: RetrievalMode,
  depth: number,
): Promise<Ranked> {
  const store = service.store;
  const stats = await service.corpusStatsFor(tenantId, query);
  const queryVector = async () => ({
    space: (await service.space()).space,
    vector: await service.embedder.embedQuery(query, stats),
  });
  const vector = async (k: number): Promise<Ranked> => {
    const { space, vector: q } = await queryVector();
    return (await store.nearest(tenantId, space, q, k)).map((h) => ({ id: h.id, score: 1 - h.distance }));
  };
  const keyword = (k: number): Promise<Ranked> =>
    store.keyword(tenantId, keywordTermsOfQuery(query, stats), k, stats.totals);
  const named = async (k: number): Promise<Ranked> =>
    (await store.chunksOfNodes(tenantId, await service.entitiesNamedIn(tenantId, query), k)).map((id, rank) => ({
      id,
      score: 1 / (rank + 1),
    }));
  /**
   * The vector evidence of hybrid: the keyword candidates' similarity to the query (read from their
   * stored vectors), and a nearest-neighbour search only when keywords found too few candidates (a
   * search over every vector costs more than the rest of the query at 100,000 chunks).
   */
  const similarity = async (candidates: Ranked, k: number): Promise<Ranked> => {
    const { space, vector: q } = await queryVector();
    const stored = await store.vectorsOf(
      tenantId,
      space,
      candidates.map((c) => c.id),
    );
    const scored = [...stored].map(([id, v]) => ({ id, score: cosine(q, v) }));
    if (candidates.length >= k) return scored;
    const seen = new Set(stored.keys());
    return [
      ...scored,
      ...(await store.nearest(tenantId, space, q, k))
        .filter((h) => !seen.has(h.id))
        .map((h) => ({ id: h.id, score: 1 - h.distance })),
    ];
  };
  switch (mode) {
    case 'vector_only':
      return vector(depth);
    case 'keyword':
      return keyword(depth);
    case 'graph_only':
      return named(depth);
    case 'hybrid': {
      const k = Math.max(depth, CANDIDATES);
      const terms = keywordTermsOfQuery(query, stats);
      const byChunk = await store.keyword(tenantId, terms, k, stats.totals);
      // The whole documents of the chunk candidates alone: scoring every document holding a query word
      // costs ten times the rest of the query.
      const byDocument = await store.documentKeyword(
        tenantId,
        terms,
        byChunk.map((c) => c.id),
        stats.totals,
      );
      // Every chunk naming the query's entities gets the whole graph share.
      return blend(
        [
          byChunk,
          byDocument,
          await similarity(byChunk, k),
          (await named(CANDIDATES)).map((hit) => ({ ...hit, score: 1 })),
        ],
        [
          HYBRID_WEIGHTS.keyword * (1 - DOCUMENT_SHARE),
          HYBRID_WEIGHTS.keyword * DOCUMENT_SHARE,
          HYBRID_WEIGHTS.vector,
          HYBRID_WEIGHTS.graph,
        ],
      );
    }
    case 'graph_expanded': {
      // Each of the best seeds lends half its score to the chunks that name its entities or their
      // graph neighbours; a seed keeps its own score when that is higher.
      const seeds = await vector(Math.max(depth, CANDIDATES));
      const scores = new Map(seeds.map((s) => [s.id, s.score]));
      for (const seed of seeds.slice(0, EXPANDED_SEEDS)) {
        const entities = await store.entitiesOfChunks(tenantId, [seed.id]);
        if (entities.length === 0) continue;
        for (const id of await store.chunksOfNodes(
          tenantId,
          [...entities, ...(await service.graph.neighbours(tenantId, entities))],
          CANDIDATES,
        )) {
          scores.set(id, Math.max(scores.get(id) ?? 0, seed.score * EXPANSION_DECAY));
        }
      }
      return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id - b.id);
    }
  }
}

/** A query in one of the four modes, with the spec's result items and a cited context. */
export async function retrieve(
  service: RetrievalSource,
  tenantId: string,
  request: QueryRequest,
): Promise<QueryResponse> {
  const filter = request.document_id ?? undefined;
  if (filter) await service.found(tenantId, filter);
  const ranked = await rankChunks(
    service,
    tenantId,
    request.query,
    request.mode,
    filter ? FILTERED_CANDIDATES : Math.max(request.top_k, CANDIDATES),
  );
  const rows = await service.store.chunks(
    tenantId,
    ranked.map((r) => r.id),
  );
  const hits = ranked.flatMap((hit) => {
    const row = rows.get(hit.id);
    return row && (!filter || row.document_id === filter) ? [{ row, score: hit.score }] : [];
  });
  const results = (filter ? hits : documentsFirst(hits)).slice(0, request.top_k).map((h) => itemOf(h.row, h.score));
  return {
    query_id: randomUUID(),
    query: request.query,
    mode: request.mode,
    results,
    context: request.include_context ? contextOf(results) : '',
    total_results: results.length,
  };
}

/**
 * Each document's best chunk first, in rank order, then the further chunks of documents already listed,
 * in rank order: the top results name as many documents as matched, and one long document's several
 * chunks take places only when no other document is left.
 */
function documentsFirst<T extends { row: ChunkRow }>(hits: readonly T[]): T[] {
  const seen = new Set<string>();
  const first: T[] = [];
  const further: T[] = [];
  for (const hit of hits) {
    if (seen.has(hit.row.document_id)) further.push(hit);
    else {
      seen.add(hit.row.document_id);
      first.push(hit);
    }
  }
  return [...first, ...further];
}

function itemOf(row: ChunkRow, score: number): QueryResultItem {
  return {
    chunk_id: String(row.id),
    document_id: row.document_id,
    text: row.text,
    score: Number(score.toFixed(6)),
    metadata: {
      page_number: row.page_number,
      filename: row.filename,
      chunk_index: row.chunk_index,
      ...(row.sheet ? { sheet: row.sheet } : {}),
      ...(row.heading ? { heading: row.heading } : {}),
    },
  };
}

/** The results as numbered passages, each cited by filename and page (or sheet, or section). */
export function contextOf(results: readonly QueryResultItem[]): string {
  return results
    .map((r, i) => {
      const where =
        r.metadata.page_number !== null
          ? `, page ${r.metadata.page_number}`
          : r.metadata.sheet
            ? `, sheet ${r.metadata.sheet}`
            : r.metadata.heading
              ? `, section ${r.metadata.heading}`
              : '';
      return `[${i + 1}] ${r.metadata.filename}${where}\n${r.text}`;
    })
    .join('\n\n');
}
