import { serveJobs } from '../toolkit/serve-jobs.js';
import { UnreadableDocument } from './parse/types.js';
import { prepareDocument, type PrepareJob } from './prepare.js';
import type { PreparedDocument } from './prepared.js';

/** The worker that prepares uploads (see jobs.ts). */
serveJobs<PrepareJob, PreparedDocument>(prepareDocument, (error) => error instanceof UnreadableDocument);
