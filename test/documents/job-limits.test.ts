import { storeCount } from '../helpers/store-sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installationDocumentStores } from '../../src/documents/stores.js';
import { DocumentJobs } from '../../src/documents/jobs.js';
import { DocumentService, UnreadableDocument } from '../../src/documents/service.js';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { documentsApi, upload } from './files.js';

/**
 * An upload's worker job runs under a time limit (CONSTELLATION_DOCUMENTS_JOB_TIMEOUT_MS, set here to
 * 1 ms so every job is over it) and a heap limit: past either the caller hears which limit and its
 * value, as a document that could not be processed, and nothing is stored.
 */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({
    config: { rateLimitPerMinute: 0 },
    env: { CONSTELLATION_DOCUMENTS_JOB_TIMEOUT_MS: '1' },
  });
  token = await server.tokenFor('acme');
});
afterAll(async () => {
  await server.close();
});

const TIME_LIMIT = 'Failed to process document: processing took longer than the time limit (0.001 s)';

describe('an upload job over its limits', () => {
  it('answers REST with the time limit it went over, and stores nothing', async () => {
    const res = await upload(server, token, 'plan.txt', 'The launch plan for the payments team.');
    // The status of an unreadable document is the route's (the spec's error form); the reason is the job's.
    expect(res.body).toEqual({ detail: TIME_LIMIT });
    expect((await documentsApi(server, token).list()).body.total).toBe(0);
  });

  it('answers the MCP upload tool with the same reason, and stores nothing', async () => {
    const client = await connectMcpClient(server, token);
    const result = (await client.callTool({
      name: 'documents_upload_document',
      arguments: { filename: 'plan.txt', content: 'The launch plan.' },
    })) as {
      isError?: boolean;
      content: Array<{ text: string }>;
    };
    await client.close();
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0].text).error).toMatchObject({ code: 'VALIDATION_ERROR', message: TIME_LIMIT });
    expect((await documentsApi(server, token).list()).body.total).toBe(0);
  });

  it('names the heap limit when a job needs more, stores nothing, and the next job gets a fresh worker', async () => {
    const jobs = new DocumentJobs({ workers: 1, timeoutMs: 60_000, maxHeapMb: 24 });
    const documents = server.app.config.documents;
    const service = new DocumentService(
      installationDocumentStores(server.app.store),
      undefined,
      () => new Date(),
      documents,
      jobs,
    );
    // Near the 20,000-chunk cap, its chunks' vectors alone need more than the limit: a job just over it would
    // fail or not with the worker's own baseline heap (which shrinks as parsers load later).
    const big = new TextEncoder().encode(
      Array.from({ length: 60_000 }, (_, i) => `Line ${i} of a long report about the launch plan.`).join('\n'),
    );
    const failing = service.upload('acme', { filename: 'big.txt', bytes: big, chunkSize: 240 });
    await expect(failing).rejects.toThrow(UnreadableDocument);
    await expect(failing).rejects.toThrow('processing needed more memory than the heap limit (24 MB)');
    expect((await service.list('acme', 10, 0)).total).toBe(0);
    expect(await storeCount(server.app.store, 'documents', "tenant_id = 'acme'")).toBe(0);
    expect(
      (await service.upload('acme', { filename: 'small.txt', bytes: new TextEncoder().encode('A small note.') }))
        .chunk_count,
    ).toBe(1);
    await jobs.close();
  });
});
