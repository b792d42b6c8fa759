import { serveJobs } from '../../toolkit/serve-jobs.js';
import type { SheetJob } from './isolated-sheet.js';
import { parseSheet } from './sheet.js';
import { UnreadableDocument } from './types.js';

/** The worker that reads workbooks (see isolated-sheet.ts): answers each with its sections, or why it cannot be read. */
serveJobs<SheetJob, ReturnType<typeof parseSheet>>(
  ({ bytes, extension }) => {
    try {
      return { result: parseSheet(bytes, extension) };
    } catch (error) {
      throw error instanceof UnreadableDocument
        ? error
        : new UnreadableDocument(`not a readable workbook (${(error as Error).message})`);
    }
  },
  (error) => error instanceof UnreadableDocument,
);
