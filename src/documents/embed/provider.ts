/** Corpus statistics of one tenant's chunks, for providers fitted on the tenant's own corpus. */
export interface CorpusStats {
  chunkCount: number;
  /** How many chunks hold each of the terms asked for. */
  documentFrequency(terms: readonly string[]): Map<string, number>;
}

/**
 * Turns texts into vectors. `space` names the vector space (provider, model, dimension): vectors of
 * different spaces are never compared, and a document records the space it was embedded in.
 */
export interface EmbeddingProvider {
  readonly provider: string;
  readonly model: string;
  /** Known before the first call for local providers; learned from the first answer for remote ones. */
  dimension(): Promise<number>;
  embedDocuments(texts: readonly string[]): Promise<Float32Array[]>;
  embedQuery(text: string, stats: CorpusStats): Promise<Float32Array>;
  /** Terms whose corpus frequency the provider uses (none for remote models). */
  terms(text: string): string[];
  /** How a worker thread rebuilds this provider (pure computation only): its uploads then embed off the event loop. */
  readonly workerRecipe?: WorkerRecipe;
}

/** A provider a worker thread can rebuild: the local hashed embedder of a size. */
export interface WorkerRecipe {
  kind: 'local-hash';
  size: number;
}

export const spaceOf = (provider: EmbeddingProvider, dimension: number): string =>
  `${provider.provider}:${provider.model}:${dimension}`;

export function normalize(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] /= norm;
  return vector;
}
