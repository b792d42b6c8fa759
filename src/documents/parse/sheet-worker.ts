import { parentPort, workerData } from 'node:worker_threads';
import { parseSheet } from './sheet.js';
import type { SheetExtension } from './workbook-check.js';
import { UnreadableDocument } from './types.js';

/** The worker that reads one workbook (see isolated-sheet.ts): posts its sections, or why it cannot be read. */
const { bytes, extension } = workerData as { bytes: Uint8Array; extension: SheetExtension };
try {
  parentPort?.postMessage({ sections: parseSheet(bytes, extension) });
} catch (error) {
  parentPort?.postMessage({ unreadable: error instanceof UnreadableDocument ? error.message : `not a readable workbook (${(error as Error).message})` });
}
