import type { GraphStorage } from '../store/graph-storage.js';
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
 * Finds nodes by the meaning of a text. The keyword provider (BM25) is the default; an
 * embedding provider can implement the same interface (embed the query, KNN over node vectors) and
 * be passed to the graph service without touching routes or tools.
 */
export interface SemanticSearchProvider {
  readonly mode: string;
  search(tenantId: string, query: string, options: SemanticSearchOptions): Promise<SemanticHit[]>;
}

/** Builds how entities are found by meaning over the graph's store and its keyword search. */
export type SemanticSearchFactory = (storage: GraphStorage, keyword: SemanticSearchProvider) => SemanticSearchProvider;

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

/** The words of a free text a keyword search looks for (stopwords dropped), each once. */
function keywordsOf(text: string): string[] {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])
    .filter((w) => !STOPWORDS.has(w))
    .slice(0, MAX_TERMS);
  return [...new Set(words)];
}

/**
 * Keyword search over the text properties of nodes, BM25-ranked: nodes holding more of the words rank
 * first; the last word also matches as a prefix (while the user is typing it).
 */
export class KeywordSearchProvider implements SemanticSearchProvider {
  readonly mode = 'keyword';

  constructor(private readonly storage: GraphStorage) {}

  async search(tenantId: string, query: string, options: SemanticSearchOptions): Promise<SemanticHit[]> {
    const words = keywordsOf(query);
    if (words.length === 0) return [];
    const prefixLast = words[words.length - 1].length >= 3;
    const hits = await this.storage.keywordSearch(tenantId, { words, prefixLast, ...options });
    return hits.map(({ row, score }) => ({ row, score: Number(score.toFixed(4)) }));
  }
}
