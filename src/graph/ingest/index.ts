import { GraphBatch } from './batch.js';
import { extractCodeHost } from './code-host.js';
import type { ExtractInput, Extractor } from './extractor.js';
import { extractNotes } from './notes.js';
import { extractTicketing } from './ticketing.js';
import { extractWiki } from './wiki.js';

/** One extractor per system; systems without one (and the graph's own tools) are not ingested. */
export const EXTRACTORS: Readonly<Record<string, Extractor>> = {
  code_host: extractCodeHost,
  ticketing: extractTicketing,
  wiki: extractWiki,
  notes: extractNotes,
};

/** What a tool result of `system` says about the graph (an empty batch when nothing). */
export function extract(system: string, input: ExtractInput): GraphBatch {
  const batch = new GraphBatch();
  EXTRACTORS[system]?.(input, batch);
  return batch;
}

export { GraphBatch } from './batch.js';
export type { ExtractInput } from './extractor.js';
