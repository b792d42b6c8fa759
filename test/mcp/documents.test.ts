import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workbookOf } from '../documents/files.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Documents over MCP, in both protocol eras: upload (text or base64) with progress, query with links
 * to the documents, the documents as resources (listed, read, scoped to the tenant), delete.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface ProgressNote {
  progress: number;
  total?: number;
  message?: string;
}
interface CallResult {
  isError?: boolean;
  content?: unknown;
  structuredContent?: unknown;
}
interface Content {
  type: string;
  uri?: string;
  name?: string;
  text?: string;
}
interface DocumentsClient {
  call(name: string, args: Record<string, unknown>, onprogress?: (note: ProgressNote) => void): Promise<CallResult>;
  read(uri: string): Promise<{ contents: Array<{ uri: string; mimeType?: string; text?: string }> }>;
  list(): Promise<{ resources: Array<{ uri: string; name: string; mimeType?: string }> }>;
  templates(): Promise<{ resourceTemplates: Array<{ uriTemplate: string }> }>;
  close(): Promise<void>;
}

async function modern(workspace: 'acme' | 'globex'): Promise<DocumentsClient> {
  const client = new ModernClient(
    { name: 'documents-test', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new ModernHttp(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': await server.tokenFor(workspace) } },
    }),
  );
  return {
    call: (name, args, onprogress) =>
      client.callTool({ name, arguments: args }, onprogress ? { onprogress } : undefined),
    read: (uri) => client.readResource({ uri }),
    list: () => client.listResources(),
    templates: () => client.listResourceTemplates(),
    close: () => client.close(),
  };
}

async function legacy(workspace: 'acme' | 'globex'): Promise<DocumentsClient> {
  const client = new LegacyClient({ name: 'documents-test', version: '1' });
  await client.connect(
    new LegacyHttp(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': await server.tokenFor(workspace) } },
    }),
  );
  return {
    // The v1 client's result type also admits the 2024 `toolResult` form, which a 2025 server never sends.
    call: (name, args, onprogress) =>
      client.callTool(
        { name, arguments: args },
        undefined,
        onprogress ? { onprogress } : undefined,
      ) as Promise<CallResult>,
    read: (uri) => client.readResource({ uri }),
    list: () => client.listResources(),
    templates: () => client.listResourceTemplates(),
    close: () => client.close(),
  };
}

const links = (result: CallResult) => (result.content as Content[]).filter((c) => c.type === 'resource_link');
const errorOf = (result: CallResult) =>
  JSON.parse((result.content as Content[])[0].text ?? '{}') as { error: { code: string; message: string } };

describe.each([
  ['2026-07-28', modern],
  ['2025-11-25', legacy],
] as const)('protocol %s', (era, connect) => {
  it('uploads text with progress, finds it by meaning, links and reads it as a resource, then deletes it', async () => {
    const acme = await connect('acme');
    const notes: ProgressNote[] = [];
    const markdown = `# Refund runbook (${era})\n\n## Approvals\n\nRefunds above 500 EUR need a second approver from finance.\n\n## Timing\n\nCustomers see the money within five business days.`;
    const uploaded = await acme.call(
      'documents_upload_document',
      { filename: `refunds-${era}.md`, content: markdown, tags: ['payments'] },
      (note) => notes.push(note),
    );
    expect(uploaded.isError).toBeFalsy();
    const doc = uploaded.structuredContent as { document_id: string; file_type: string; chunk_count: number };
    expect(doc).toMatchObject({ file_type: 'md', filename: `refunds-${era}.md` });
    expect(doc.chunk_count).toBeGreaterThan(0);
    // Stages: read, embedded, linked, stored (updates closer than 100 ms apart are merged, the last always sent).
    expect(notes[0]).toMatchObject({
      progress: 1,
      total: 4,
      message: expect.stringMatching(/^Read refunds-.*\.md into \d+ chunks$/),
    });
    expect(notes.at(-1)).toEqual({ progress: 4, total: 4, message: `Stored ${doc.chunk_count} chunks` });
    const steps = notes.map((n) => n.progress);
    expect([...steps].sort()).toEqual(steps);
    const uri = `constellation://documents/${doc.document_id}`;
    expect(links(uploaded)).toEqual([expect.objectContaining({ uri, name: `refunds-${era}.md` })]);

    const found = await acme.call('documents_query_documents', {
      query: 'approvals a refund needs from finance',
      document_id: doc.document_id,
      top_k: 2,
    });
    const answer = found.structuredContent as {
      results: Array<{ text: string; document_id: string }>;
      context: string;
    };
    expect(answer.results[0].text).toContain('second approver from finance');
    expect(answer.context).toContain(`[1] refunds-${era}.md`);
    expect(links(found).map((l) => l.uri)).toEqual([uri]);

    const read = await acme.read(uri);
    expect(read.contents).toEqual([expect.objectContaining({ uri, mimeType: 'text/markdown' })]);
    expect(read.contents[0].text).toContain('Refunds above 500 EUR need a second approver');
    expect((await acme.list()).resources).toContainEqual(
      expect.objectContaining({ uri, name: `refunds-${era}.md`, mimeType: 'text/markdown' }),
    );

    const deleted = await acme.call('documents_delete_document', { document_id: doc.document_id });
    expect(deleted.structuredContent).toMatchObject({ document_id: doc.document_id, deleted: true });
    await expect(acme.read(uri)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(`Document not found: ${doc.document_id}`),
    });
    await acme.close();
  });

  it('uploads a binary workbook as base64, and another tenant neither lists nor reads it', async () => {
    const acme = await connect('acme');
    const bytes = workbookOf(
      {
        Budget: [
          ['Team', 'Amount'],
          ['Payments', '1200'],
          ['Platform', '800'],
        ],
      },
      'xlsx',
    );
    const uploaded = await acme.call('documents_upload_document', {
      filename: 'budget.xlsx',
      content: Buffer.from(bytes).toString('base64'),
      encoding: 'base64',
    });
    const doc = uploaded.structuredContent as { document_id: string; file_type: string };
    expect(doc.file_type).toBe('xlsx');
    const uri = `constellation://documents/${doc.document_id}`;
    expect((await acme.read(uri)).contents[0].text).toContain('Team: Payments; Amount: 1200');

    const globex = await connect('globex');
    expect((await globex.list()).resources.map((r) => r.uri)).not.toContain(uri);
    await expect(globex.read(uri)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Document not found'),
    });
    const theirs = await globex.call('documents_get_document', { document_id: doc.document_id });
    expect(theirs.isError).toBe(true);
    expect(errorOf(theirs).error.code).toBe('NOT_FOUND');
    await globex.close();
    await acme.close();
  });

  it('answers bad content with errors the agent can act on, and stores nothing', async () => {
    const acme = await connect('acme');
    const before = (await acme.call('documents_list_documents', {})).structuredContent as {
      pagination: { total: number };
    };
    const notBase64 = await acme.call('documents_upload_document', {
      filename: 'a.pdf',
      content: 'not base64!',
      encoding: 'base64',
    });
    expect(errorOf(notBase64).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'content is not valid base64 (encoding is base64)',
    });
    const unsupported = await acme.call('documents_upload_document', { filename: 'tool.exe', content: 'MZ' });
    expect(errorOf(unsupported).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Unsupported file type: .exe',
    });
    const lying = await acme.call('documents_upload_document', { filename: 'report.pdf', content: 'just text' });
    expect(errorOf(lying).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Failed to process document: the file is not a PDF',
    });
    const after = (await acme.call('documents_list_documents', {})).structuredContent as {
      pagination: { total: number };
    };
    expect(after.pagination.total).toBe(before.pagination.total);
    await acme.close();
  });

  it('names the document template beside the graph entity template', async () => {
    const acme = await connect('acme');
    expect((await acme.templates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'constellation://graph/{entity_type}/{entity_id}',
      'constellation://documents/{document_id}',
    ]);
    await acme.close();
  });
});
