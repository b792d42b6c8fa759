import type { Section } from './parse/index.js';

export const CHUNKING_STRATEGIES = ['recursive', 'fixed', 'sentence', 'markdown'] as const;
export type ChunkingStrategy = (typeof CHUNKING_STRATEGIES)[number];

export interface Chunk {
  index: number;
  text: string;
  page?: number;
  sheet?: string;
  heading?: string;
}

const SEPARATORS = ['\n\n', '\n', '. ', ' '];
const SENTENCE_END = /(?<=[.!?。])\s+(?=\S)/u;

/** Pieces of at most `size` characters, split at the coarsest separator that fits, then merged up to `size`. */
function recursiveSplit(text: string, size: number, separators = SEPARATORS): string[] {
  if (text.length <= size) return [text];
  const [separator, ...finer] = separators;
  if (separator === undefined) return fixedSplit(text, size);
  const parts = text
    .split(separator)
    .flatMap((part) => (part.length > size ? recursiveSplit(part, size, finer) : [part]));
  return merge(parts, size, separator);
}

function merge(parts: string[], size: number, joiner: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const part of parts) {
    if (!part.trim()) continue;
    if (current && current.length + joiner.length + part.length > size) {
      out.push(current);
      current = part;
    } else current = current ? current + joiner + part : part;
  }
  if (current) out.push(current);
  return out;
}

const fixedSplit = (text: string, size: number): string[] =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

function splitSection(text: string, strategy: ChunkingStrategy, size: number): string[] {
  switch (strategy) {
    case 'fixed':
      return fixedSplit(text, size);
    case 'sentence':
      return merge(
        text.split(SENTENCE_END).flatMap((s) => (s.length > size ? fixedSplit(s, size) : [s])),
        size,
        ' ',
      );
    case 'recursive':
    case 'markdown':
      return recursiveSplit(text, size);
  }
}

/**
 * Chunks of a parsed document. A chunk never spans two sections, so it keeps its page (PDF), sheet or
 * heading path; the `markdown` strategy relies on the Markdown parser's heading sections and prefixes
 * each chunk with its heading path.
 */
export function chunkSections(sections: readonly Section[], strategy: ChunkingStrategy, size: number): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sections) {
    for (const piece of splitSection(section.text, strategy, size)) {
      const text = piece.trim();
      if (!text) continue;
      const labelled =
        strategy === 'markdown' && section.heading && !text.startsWith('#') ? `${section.heading}\n${text}` : text;
      chunks.push({
        index: chunks.length,
        text: labelled,
        page: section.page,
        sheet: section.sheet,
        heading: section.heading,
      });
    }
  }
  return chunks;
}
