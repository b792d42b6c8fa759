import { GraphBatch } from './batch.js';
import type { ExtractInput, Extractor } from './extractor.js';

/** What a tool result of `system` says about the graph (an empty batch when it has no extractor). */
export function extract(
  extractors: Readonly<Record<string, Extractor>>,
  system: string,
  input: ExtractInput,
): GraphBatch {
  const batch = new GraphBatch();
  extractors[system]?.(input, batch);
  return batch;
}

export { GraphBatch } from './batch.js';
export type { ExtractInput, Extractor } from './extractor.js';
