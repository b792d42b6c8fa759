import type { CorpusStats, EmbeddingProvider, WorkerRecipe } from './provider.js';
import { normalize } from './provider.js';

const STOPWORDS = new Set(
  'a an and are as at be been but by can did do does for from had has have how however i if in into is it its may more most no not of on or our over such than that the their them then there these they this those through to under up was we were what when where which while who whom why will with within would you'.split(
    ' ',
  ),
);

/** A light suffix stripper (plural, -ing, -ed, -ly, -ation...): enough to join word forms, no dictionary. */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const [suffix, keep] of [
    ['ational', 'ate'],
    ['ization', 'ize'],
    ['ations', 'ate'],
    ['ation', 'ate'],
    ['ments', ''],
    ['ment', ''],
    ['ness', ''],
    ['ingly', ''],
    ['ings', ''],
    ['ing', ''],
    ['edly', ''],
    ['ies', 'y'],
    ['ied', 'y'],
    ['ed', ''],
    ['ly', ''],
    ['es', ''],
    ['s', ''],
  ] as const) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3)
      return word.slice(0, word.length - suffix.length) + keep;
  }
  return word;
}

/** Stemmed content words of a text (stopwords and one-letter tokens dropped). */
export function contentTerms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 && !STOPWORDS.has(w)).map(stem);
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The default embedder: no model, no download, no network. A text becomes a signed feature-hashed
 * vector of its stemmed words and word pairs, with sublinear term frequency; a query's terms are
 * weighted by their inverse frequency among the tenant's own chunks (fitted on the tenant's corpus at
 * query time, so stored vectors never go stale as the corpus grows). Deterministic: the same text
 * always gives the same vector.
 */
export class LocalHashEmbedder implements EmbeddingProvider {
  readonly provider = 'local';
  readonly model: string;
  readonly workerRecipe?: WorkerRecipe;

  constructor(private readonly size = 512) {
    this.model = `hashed-tf-idf-v1`;
    this.workerRecipe = { kind: 'local-hash', size };
  }

  async dimension(): Promise<number> {
    return this.size;
  }

  terms(text: string): string[] {
    return [...new Set(contentTerms(text))];
  }

  private vector(weights: Map<string, number>): Float32Array {
    const vector = new Float32Array(this.size);
    for (const [feature, weight] of weights) {
      const h = hash(feature);
      vector[h % this.size] += h & 0x80000000 ? -weight : weight;
    }
    return normalize(vector);
  }

  private features(text: string): Map<string, number> {
    const words = contentTerms(text);
    const counts = new Map<string, number>();
    const add = (feature: string, weight: number) => counts.set(feature, (counts.get(feature) ?? 0) + weight);
    words.forEach((word, i) => {
      add(word, 1);
      if (i > 0) add(`${words[i - 1]}_${word}`, 0.5);
    });
    return counts;
  }

  async embedDocuments(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((text) => {
      const counts = this.features(text);
      for (const [feature, count] of counts) counts.set(feature, 1 + Math.log(count));
      return this.vector(counts);
    });
  }

  async embedQuery(text: string, stats: CorpusStats): Promise<Float32Array> {
    const counts = this.features(text);
    const words = [...counts.keys()].filter((f) => !f.includes('_'));
    const df = stats.documentFrequency(words);
    const idf = (word: string) => Math.log(1 + (stats.chunkCount + 1) / ((df.get(word) ?? 0) + 0.5));
    const weights = new Map<string, number>();
    for (const [feature, count] of counts) {
      const parts = feature.split('_');
      const weight = parts.length === 1 ? idf(feature) : Math.min(idf(parts[0]), idf(parts[1]));
      weights.set(feature, (1 + Math.log(count)) * weight * weight);
    }
    return this.vector(weights);
  }
}
