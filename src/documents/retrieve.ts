import { randomUUID } from 'node:crypto';
import { ftsQueryOf } from '../graph/service/semantic-search.js';
import type { DocumentService } from './service.js';
import type { ChunkRow } from './store.js';

export const QUERY_MODES = ['vector_only', 'graph_only', 'hybrid', 'graph_expanded'] as const;
export type QueryMode = (typeof QUERY_MODES)[number];
/** The modes above plus `keyword` (FTS5 bm25 alone), the baseline the bench compares against. */
export type RetrievalMode = QueryMode | 'keyword';

export interface QueryRequest {
  query: string;
  top_k: number;
  mode: QueryMode;
  document_id?: string | null;
  include_context: boolean;
}

export interface QueryResultItem {
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
const EXPANDED_SEEDS = 10;
const EXPANSION_DECAY = 0.5;

type Ranked = Array<{ id: number; score: number }>;

/** Reciprocal rank fusion: each list adds 1/(k + rank) for every chunk it holds. */
export function fuse(lists: readonly Ranked[], weights: readonly number[] = lists.map(() => 1)): Ranked {
  const scores = new Map<number, number>();
  lists.forEach((list, l) => list.forEach((hit, rank) => scores.set(hit.id, (scores.get(hit.id) ?? 0) + weights[l] / (RRF_K + rank + 1))));
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id - b.id);
}

/** Ranked chunk ids of one mode (no filter, no text): what the bench scores. */
export async function rankChunks(service: DocumentService, tenantId: string, query: string, mode: RetrievalMode, depth: number): Promise<Ranked> {
  const store = service.store;
  const vector = async (k: number): Promise<Ranked> => {
    const { table } = await service.space();
    const q = await service.embedder.embedQuery(query, store.corpusStats(tenantId));
    return store.nearest(tenantId, table, q, k).map((h) => ({ id: h.id, score: 1 - h.distance }));
  };
  const keyword = (k: number): Ranked => {
    const fts = ftsQueryOf(query);
    return fts ? store.keyword(tenantId, fts, k).map((h) => ({ id: h.id, score: -h.rank })) : [];
  };
  const named = (k: number): Ranked => store.chunksOfNodes(tenantId, service.linkerFor(tenantId)(query), k).map((id, rank) => ({ id, score: 1 / (rank + 1) }));
  switch (mode) {
    case 'vector_only':
      return vector(depth);
    case 'keyword':
      return keyword(depth);
    case 'graph_only':
      return named(depth);
    case 'hybrid':
      return fuse([await vector(Math.max(depth, CANDIDATES)), keyword(Math.max(depth, CANDIDATES)), named(CANDIDATES)]);
    case 'graph_expanded': {
      // Each of the best seeds lends half its score to the chunks that name its entities or their
      // graph neighbours; a seed keeps its own score when that is higher.
      const seeds = await vector(Math.max(depth, CANDIDATES));
      const scores = new Map(seeds.map((s) => [s.id, s.score]));
      for (const seed of seeds.slice(0, EXPANDED_SEEDS)) {
        const entities = store.entitiesOfChunks(tenantId, [seed.id]);
        if (entities.length === 0) continue;
        for (const id of store.chunksOfNodes(tenantId, [...entities, ...store.neighbours(tenantId, entities)], CANDIDATES)) {
          scores.set(id, Math.max(scores.get(id) ?? 0, seed.score * EXPANSION_DECAY));
        }
      }
      return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id - b.id);
    }
  }
}

/** A query in one of the four modes, with the spec's result items and a cited context. */
export async function retrieve(service: DocumentService, tenantId: string, request: QueryRequest): Promise<QueryResponse> {
  const filter = request.document_id ?? undefined;
  if (filter) service.found(tenantId, filter);
  const ranked = await rankChunks(service, tenantId, request.query, request.mode, filter ? FILTERED_CANDIDATES : request.top_k);
  const rows = service.store.chunks(
    tenantId,
    ranked.map((r) => r.id),
  );
  const results: QueryResultItem[] = [];
  for (const hit of ranked) {
    const row = rows.get(hit.id);
    if (!row || (filter && row.document_id !== filter)) continue;
    results.push(itemOf(row, hit.score));
    if (results.length >= request.top_k) break;
  }
  return {
    query_id: randomUUID(),
    query: request.query,
    mode: request.mode,
    results,
    context: request.include_context ? contextOf(results) : '',
    total_results: results.length,
  };
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
