import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { documentsApi, pdfOf, upload } from './files.js';
import { pdfBomb, pdfWithImages, richPdf } from './pdf-files.js';

/**
 * PDF decoding bounds, over REST and the MCP tool: a file past one (inflated bytes per stream and per
 * file, pages, characters) is refused as unreadable with the bound's name, and nothing is stored;
 * valid PDFs as writers make them (object streams, images, many pages) are read as before.
 */
const MB = 1024 * 1024;
const BOUNDS = {
  CONSTELLATION_DOCUMENTS_PDF_MAX_PAGES: '20',
  CONSTELLATION_DOCUMENTS_PDF_MAX_CHARS: '2000',
  CONSTELLATION_DOCUMENTS_PDF_MAX_STREAM_BYTES: String(4 * MB),
  CONSTELLATION_DOCUMENTS_PDF_MAX_INFLATED_BYTES: String(6 * MB),
};

/** A server with the default bounds and one with the bounds above. */
let defaults: TestServer;
let bounded: TestServer;
beforeAll(async () => {
  defaults = await startTestServer({ config: { rateLimitPerMinute: 0 } });
  bounded = await startTestServer({ config: { rateLimitPerMinute: 0 }, env: BOUNDS });
});
afterAll(async () => {
  await defaults?.close();
  await bounded?.close();
});

/** Uploads a PDF and expects it refused as unreadable (422) for `reason`, with nothing stored. */
async function expectRefused(server: TestServer, pdf: Uint8Array, reason: string): Promise<void> {
  const token = await server.tokenFor('acme');
  const before = (await documentsApi(server, token).list()).body.total as number;
  const res = await upload(server, token, 'file.pdf', pdf);
  expect(res.body).toEqual({ detail: `Failed to process document: ${reason}` });
  expect(res.status).toBe(422);
  expect((await documentsApi(server, token).list()).body.total).toBe(before);
}

describe('a decompression bomb', () => {
  it('refuses a 0.7 MB PDF whose FlateDecode stream inflates to 700 MB, over REST, naming the bound', async () => {
    const bomb = await pdfBomb(700 * MB);
    expect(bomb.length).toBeLessThan(MB);
    await expectRefused(
      defaults,
      bomb,
      'a stream of the PDF inflates past 100 MB (CONSTELLATION_DOCUMENTS_PDF_MAX_STREAM_BYTES)',
    );
  });

  it('refuses it over the MCP upload tool too, storing nothing', async () => {
    const client = await connectMcpClient(defaults, await defaults.tokenFor('globex'));
    const content = Buffer.from(await pdfBomb(700 * MB)).toString('base64');
    const result = (await client.callTool({
      name: 'documents_upload_document',
      arguments: { filename: 'bomb.pdf', content, encoding: 'base64' },
    })) as {
      isError?: boolean;
      content: Array<{ text: string }>;
    };
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0].text).error).toEqual({
      code: 'VALIDATION_ERROR',
      message:
        'Failed to process document: a stream of the PDF inflates past 100 MB (CONSTELLATION_DOCUMENTS_PDF_MAX_STREAM_BYTES)',
    });
    const listed = (await client.callTool({ name: 'documents_list_documents', arguments: {} })).structuredContent as {
      pagination: { total: number };
    };
    expect(listed.pagination.total).toBe(0);
    await client.close();
  });
});

describe('each configured bound', () => {
  it('refuses streams that together inflate past the per-file bound, each within the per-stream one', async () => {
    await expectRefused(
      bounded,
      await pdfBomb(3 * MB, 3),
      'the PDF inflates past 6 MB (CONSTELLATION_DOCUMENTS_PDF_MAX_INFLATED_BYTES)',
    );
  });

  it('refuses one stream past the per-stream bound', async () => {
    await expectRefused(
      bounded,
      await pdfBomb(5 * MB),
      'a stream of the PDF inflates past 4 MB (CONSTELLATION_DOCUMENTS_PDF_MAX_STREAM_BYTES)',
    );
  });

  it('refuses more pages than the bound', async () => {
    const pages = Array.from({ length: 25 }, (_, i) => `Page ${i + 1}`);
    await expectRefused(
      bounded,
      await pdfOf(pages),
      'the PDF has 25 pages, more than 20 (CONSTELLATION_DOCUMENTS_PDF_MAX_PAGES)',
    );
  });

  it('refuses more characters of text than the bound', async () => {
    const line = 'Refunds above the limit need a second approver. '.padEnd(60, '.');
    const pages = Array.from({ length: 4 }, () => Array<string>(15).fill(line).join('\n'));
    await expectRefused(
      bounded,
      await pdfOf(pages),
      'the PDF holds more than 2,000 characters of text (CONSTELLATION_DOCUMENTS_PDF_MAX_CHARS)',
    );
  });

  it('does not count images, which text extraction never decodes, toward the per-file bound', async () => {
    const token = await bounded.tokenFor('globex');
    const res = await upload(
      bounded,
      token,
      'photos.pdf',
      await pdfWithImages('Two large photos of the launch.', 2, 3 * MB),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = (await documentsApi(bounded, token).get(res.body.document_id as string)).body as {
      chunks: Array<{ text: string }>;
    };
    expect(detail.chunks.map((c) => c.text)).toEqual(['Two large photos of the launch.']);
  });
});

describe('valid PDFs under the default bounds', () => {
  it('reads a many-page PDF with compressed object streams and an image on every page', async () => {
    const token = await defaults.tokenFor('acme');
    const res = await upload(
      defaults,
      token,
      'handbook.pdf',
      await richPdf(120, (page) => `Handbook page ${page} on refunds.`),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.chunk_count).toBe(120);
    const detail = (await documentsApi(defaults, token).get(res.body.document_id as string)).body as {
      metadata: { page_count: number };
      chunks: Array<{ page_number: number; text: string }>;
    };
    expect(detail.metadata.page_count).toBe(120);
    expect(detail.chunks[119]).toMatchObject({ page_number: 120, text: 'Handbook page 120 on refunds.' });
  });
});
