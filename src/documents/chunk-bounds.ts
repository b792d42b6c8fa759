import { AppError } from '../toolkit/errors.js';
import { LIMIT_VARIABLES } from '../config/documents.js';
import { DEFAULT_CHUNK_SIZE, formatCount, MAX_CHUNK_SIZE, MIN_CHUNK_SIZE } from './limits.js';
import type { Section } from './parse/index.js';

/**
 * Chunks come out smaller than `chunk_size` (they break at paragraphs and sentences): measured on
 * prose, Markdown and table rows, at most 1.35 times `characters / chunk_size` of them, so the floor
 * leaves this much room.
 */
const CHUNK_FILL_ALLOWANCE = 1.5;

/**
 * The chunk size to cut `sections` with: the one asked for, or 1000 when none was, raised to the
 * floor that keeps the document within `maxChunks` chunks. A size asked for below that floor is
 * refused (400) naming the smallest that fits; a document no allowed size fits is 413.
 */
export function chunkSizeFor(requested: number | undefined, sections: readonly Section[], maxChunks: number): number {
  const characters = sections.reduce((sum, section) => sum + section.text.length, 0);
  const floor = Math.max(MIN_CHUNK_SIZE, Math.ceil((characters * CHUNK_FILL_ALLOWANCE) / maxChunks));
  const bound = `${formatCount(maxChunks)} chunks (${LIMIT_VARIABLES.maxChunks})`;
  if (floor > MAX_CHUNK_SIZE)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The document holds ${formatCount(characters)} characters: more than ${bound} of the largest chunk_size, ${MAX_CHUNK_SIZE}, can hold`,
    );
  if (requested === undefined) return Math.max(DEFAULT_CHUNK_SIZE, floor);
  if (requested < floor)
    throw new AppError(
      'VALIDATION_ERROR',
      `chunk_size ${requested} is too small for this document: its ${formatCount(characters)} characters would make more than ${bound}; the smallest chunk_size for it is ${floor}`,
    );
  return requested;
}

/** 413 when a document was cut into more chunks than one document may have (the floor's allowance fell short). */
export function checkChunkCount(count: number, chunkSize: number, maxChunks: number): void {
  if (count <= maxChunks) return;
  const larger = Math.min(MAX_CHUNK_SIZE, Math.ceil((chunkSize * count * 11) / (maxChunks * 10)));
  throw new AppError(
    'PAYLOAD_TOO_LARGE',
    `The document would be cut into ${formatCount(count)} chunks, more than ${formatCount(maxChunks)} (${LIMIT_VARIABLES.maxChunks}): upload it with a larger chunk_size (about ${larger}) or in parts`,
  );
}
