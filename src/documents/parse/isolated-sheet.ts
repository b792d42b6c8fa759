import { WorkerPool, workerModule, type JobFailure, type WorkerLimits } from '../../toolkit/worker-pool.js';
import { checkWorkbook, type SheetExtension } from './workbook-check.js';
import type { Section } from './types.js';
import { UnreadableDocument } from './types.js';

type SheetLimits = WorkerLimits;

export const DEFAULT_SHEET_LIMITS: SheetLimits = { timeoutMs: 30_000, maxHeapMb: 512 };

export interface SheetJob {
  bytes: Uint8Array;
  extension: SheetExtension;
}

function sheetFailure(failure: JobFailure, limits: SheetLimits): UnreadableDocument {
  switch (failure.kind) {
    case 'timeout':
      return new UnreadableDocument(`the workbook took longer than ${limits.timeoutMs / 1000} s to read`);
    case 'heap':
      return new UnreadableDocument(`the workbook needs more than ${limits.maxHeapMb} MB to read`);
    case 'refused':
      return new UnreadableDocument(failure.message);
    case 'cancelled':
      return new UnreadableDocument('the workbook read was cancelled');
    case 'crashed':
      return new UnreadableDocument(`not a readable workbook (${failure.message})`);
  }
}

/**
 * A workbook read in a worker thread of its own: a spreadsheet parser is a large attack surface, so a
 * file that spins or balloons is stopped at the time or heap limit and answered as unreadable, and the
 * calling thread's heap and event loop never see it.
 */
export async function parseSheetIsolated(
  bytes: Uint8Array,
  extension: SheetExtension,
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
): Promise<Section[]> {
  checkWorkbook(bytes, extension);
  const pool = new WorkerPool<SheetJob, Section[]>({
    module: workerModule(import.meta.url, 'sheet-worker'),
    size: 1,
    limits,
    reuse: false,
    failure: (failure) => sheetFailure(failure, limits),
  });
  return pool.run({ bytes, extension });
}
