import { setImmediate as nextTurn } from 'node:timers/promises';
import { createInflate, inflateSync } from 'node:zlib';
import { LIMIT_VARIABLES, type PdfLimits } from '../../config/documents.js';
import { formatBytes } from '../limits.js';
import { UnreadableDocument } from './types.js';

interface PdfStream {
  data: Buffer;
  /** Its dictionary says `/Subtype /Image`: text extraction never decodes it. */
  image: boolean;
}

/** Most a stream is inflated in one synchronous step; past it, it is inflated as a stream and counted. */
const SYNC_OUTPUT = 1024 * 1024;
/** Streams inflated between two turns of the event loop (small ones inflate synchronously). */
const STREAMS_PER_TURN = 64;
/** How far before its `stream` keyword a stream's dictionary is looked for. */
const DICTIONARY_WINDOW = 4096;

/**
 * The streams of a PDF, found by their `stream` / `endstream` keywords rather than by parsing the
 * file: a stream cannot hide from the scan behind a broken cross-reference table or a /Length that
 * lies. Each search is bounded, so a hostile file costs one pass over its bytes.
 */
function* streamsOf(pdf: Buffer): Generator<PdfStream> {
  let at = 0;
  while ((at = pdf.indexOf('stream', at, 'latin1')) !== -1) {
    const keywordEnd = at + 'stream'.length;
    let start = keywordEnd;
    while (pdf[start] === 0x20) start++;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    const isKeyword = start > keywordEnd && pdf[start - 1] !== 0x20 && pdf.toString('latin1', at - 3, at) !== 'end';
    if (!isKeyword) {
      at = keywordEnd;
      continue;
    }
    const end = pdf.indexOf('endstream', start, 'latin1');
    if (end === -1) return;
    const window = pdf.subarray(Math.max(0, at - DICTIONARY_WINDOW), at);
    const dictionary = window.subarray(Math.max(0, window.lastIndexOf('obj', undefined, 'latin1'))).toString('latin1');
    yield { data: pdf.subarray(start, end), image: /\/Subtype\s*\/Image\b/.test(dictionary) };
    at = end + 'endstream'.length;
  }
}

/** A zlib header (what a FlateDecode stream must start with for pdf.js to inflate it). */
const isZlib = (data: Buffer) => data.length >= 2 && (data[0] & 0x0f) === 8 && ((data[0] << 8) | data[1]) % 31 === 0;

/**
 * Bytes zlib `data` inflates to, counted and dropped as they come, stopping once past `cap`: memory
 * stays at one output chunk whatever the stream holds. A broken stream counts what it gave before
 * breaking (pdf.js reads it as far).
 */
function streamedSize(data: Buffer, cap: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 256 * 1024 });
    let total = 0;
    const finish = () => {
      inflate.destroy();
      resolve(total);
    };
    inflate.on('data', (part: Buffer) => {
      total += part.length;
      if (total > cap) finish();
    });
    inflate.on('end', finish);
    inflate.on('error', finish);
    inflate.end(data);
  });
}

/** Bytes zlib `data` inflates to, up to just past `cap`: small streams in one step, the rest streamed. */
async function inflatedSize(data: Buffer, cap: number): Promise<number> {
  try {
    return inflateSync(data, { maxOutputLength: Math.min(cap + 1, SYNC_OUTPUT) }).length;
  } catch {
    return streamedSize(data, cap);
  }
}

/**
 * Refuses a PDF whose compressed streams inflate past the bounds: any one stream past
 * `maxStreamBytes`, or all of them together (images aside, which text extraction does not decode)
 * past `maxInflatedBytes`. Runs before pdf.js sees the file, so a decompression bomb is stopped after
 * inflating at most the bound, never held in memory.
 */
export async function checkPdfInflation(bytes: Uint8Array, limits: PdfLimits): Promise<void> {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let inflated = 0;
  for (const stream of streamsOf(pdf)) {
    if (!isZlib(stream.data)) continue;
    if (++inflated % STREAMS_PER_TURN === 0) await nextTurn();
    const cap = stream.image ? limits.maxStreamBytes : Math.min(limits.maxStreamBytes, limits.maxInflatedBytes - total);
    const size = await inflatedSize(stream.data, cap);
    if (size > limits.maxStreamBytes)
      throw new UnreadableDocument(
        `a stream of the PDF inflates past ${formatBytes(limits.maxStreamBytes)} (${LIMIT_VARIABLES.maxStreamBytes})`,
      );
    if (stream.image) continue;
    total += size;
    if (total > limits.maxInflatedBytes)
      throw new UnreadableDocument(
        `the PDF inflates past ${formatBytes(limits.maxInflatedBytes)} (${LIMIT_VARIABLES.maxInflatedBytes})`,
      );
  }
}
