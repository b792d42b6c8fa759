import { Worker, type WorkerOptions } from 'node:worker_threads';
import { checkWorkbook, type SheetExtension } from './workbook-check.js';
import type { Section } from './types.js';
import { UnreadableDocument } from './types.js';

export interface SheetLimits {
  /** Wall time a workbook may take to read. */
  timeoutMs: number;
  /** Heap the reading worker may use. */
  maxHeapMb: number;
}

export const DEFAULT_SHEET_LIMITS: SheetLimits = { timeoutMs: 30_000, maxHeapMb: 512 };

/** The worker: compiled JavaScript next to this module, or (tests run the sources) the TypeScript source through tsx. */
function spawnWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./sheet-worker.js', import.meta.url), options);
  const source = new URL('./sheet-worker.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, { ...options, eval: true });
}

/**
 * A workbook read in a worker thread: a spreadsheet parser is a large attack surface, so a file that
 * spins or balloons is stopped at the time or heap limit and answered as unreadable, and the server's
 * own heap and event loop never see it.
 */
export async function parseSheetIsolated(bytes: Uint8Array, extension: SheetExtension, limits: SheetLimits = DEFAULT_SHEET_LIMITS): Promise<Section[]> {
  checkWorkbook(bytes, extension);
  return new Promise((resolve, reject) => {
    const worker = spawnWorker({ workerData: { bytes, extension }, resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb }, stdout: true, stderr: true });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new UnreadableDocument(`the workbook took longer than ${limits.timeoutMs / 1000} s to read`))), limits.timeoutMs);
    worker.once('message', (message: { sections?: Section[]; unreadable?: string }) =>
      settle(() => (message.sections ? resolve(message.sections) : reject(new UnreadableDocument(message.unreadable ?? 'not a readable workbook')))),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          new UnreadableDocument(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `the workbook needs more than ${limits.maxHeapMb} MB to read` : `not a readable workbook (${error.message})`,
          ),
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new UnreadableDocument(`not a readable workbook (the reader stopped with code ${code})`))));
  });
}
