import { afterAll, describe, expect, it } from 'vitest';
import type { PrepareJob } from '../../src/documents/prepare.js';
import type { PreparedDocument } from '../../src/documents/prepared.js';
import { DEFAULT_DOCUMENT_LIMITS } from '../../src/config/documents.js';
import { WorkerPool, workerModule, type JobFailure } from '../../src/toolkit/worker-pool.js';

// A job the pool cannot hand to its worker (Node refuses its transfer list: a buffer listed twice here;
// on Node 22, a view of the shared Buffer pool) fails alone, at once, and the worker takes the next job.
const pool = new WorkerPool<PrepareJob, PreparedDocument>({
  module: workerModule(new URL('../../src/documents/jobs.ts', import.meta.url).href, 'prepare-worker'),
  size: 1,
  limits: { timeoutMs: 60_000, maxHeapMb: 256 },
  reuse: true,
  failure: (failure: JobFailure) => new Error(`${failure.kind}${'message' in failure ? `: ${failure.message}` : ''}`),
});
afterAll(() => pool.close());

const job = (text: string): PrepareJob => ({
  bytes: new TextEncoder().encode(text),
  type: 'txt',
  strategy: 'recursive',
  maxChunks: DEFAULT_DOCUMENT_LIMITS.maxChunks,
  pdfLimits: DEFAULT_DOCUMENT_LIMITS.pdf,
  batchSize: 500,
});

describe('a job the pool cannot send', () => {
  it('is refused at once, and the same worker prepares the next job', async () => {
    const unsendable = job('never sent');
    await expect(
      pool.run(unsendable, [unsendable.bytes.buffer as ArrayBuffer, unsendable.bytes.buffer as ArrayBuffer]),
    ).rejects.toThrow(/^crashed: /);
    expect(pool.load).toMatchObject({ running: 0 });
    const next = job('The platform plan for the next quarter.');
    expect((await pool.run(next, [next.bytes.buffer as ArrayBuffer])).count).toBe(1);
  });
});
