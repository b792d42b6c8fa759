import type { GraphStore } from '../store/index.js';
import type { NodeRow } from '../store/rows.js';

export interface SemanticSearchOptions {
  /** Only these node types (all when empty). */
  types: readonly string[];
  limit: number;
}

export type SemanticHit = {
  row: NodeRow;
  /** Higher is better; comparable within one result only. */
  score: number;
};

/**
 * Finds nodes by the meaning of a text. The keyword provider (FTS5, bm25) is the default; an
 * embedding provider can implement the same interface (embed the query, KNN over node vectors) and
 * be passed to the graph service without touching routes or tools.
 */
export interface SemanticSearchProvider {
  readonly mode: string;
  search(tenantId: string, query: string, options: SemanticSearchOptions): Promise<SemanticHit[]>;
}

/** Builds how entities are found by meaning over the graph's store and its keyword search. */
export type SemanticSearchFactory = (store: GraphStore, keyword: SemanticSearchProvider) => SemanticSearchProvider;

const STOPWORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'how',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'that',
  'the',
  'this',
  'to',
  'was',
  'what',
  'when',
  'where',
  'which',
  'who',
  'with',
]);
const MAX_TERMS = 16;

/**
 * An FTS5 query from free text: words (stopwords dropped) quoted and OR-ed so bm25 ranks documents
 * holding more of them first; the last word also matches as a prefix. Undefined when no word is left.
 */
function ftsQueryOf(text: string): string | undefined {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])
    .filter((w) => !STOPWORDS.has(w))
    .slice(0, MAX_TERMS);
  if (words.length === 0) return undefined;
  const unique = [...new Set(words)];
  return unique.map((w, i) => (i === unique.length - 1 && w.length >= 3 ? `"${w}"*` : `"${w}"`)).join(' OR ');
}

/** Keyword search over the text properties of nodes (FTS5 with bm25 ranking). */
export class KeywordSearchProvider implements SemanticSearchProvider {
  readonly mode = 'keyword';

  constructor(private readonly store: GraphStore) {}

  async search(tenantId: string, query: string, options: SemanticSearchOptions): Promise<SemanticHit[]> {
    const fts = ftsQueryOf(query);
    if (!fts) return [];
    return this.store.match
      .keyword(tenantId, fts, options.types, options.limit)
      .map(({ row, rank }) => ({ row, score: Number((-rank).toFixed(4)) }));
  }
}
