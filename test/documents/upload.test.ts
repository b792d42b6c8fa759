import { describe, expect, it } from 'vitest';
import { useDocumentsServer, pdfOf, upload, workbookOf, zipBomb } from './files.js';

const LIMIT = 64 * 1024;
const docs = useDocumentsServer(LIMIT);

const detail = async (id: string) => (await docs.api.get(id)).body;

describe('uploading each supported file type', () => {
  it('reads a multi-page PDF page by page and keeps the page numbers on the chunks', async () => {
    const pdf = await pdfOf([
      'Quarterly revenue grew in Europe.',
      'Churn fell after the pricing change.',
      'Hiring plan for the platform team.',
    ]);
    const res = await upload(docs.server, docs.token, 'report.pdf', pdf, { project_id: 'fin', tags: 'q3, finance' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      filename: 'report.pdf',
      file_type: 'pdf',
      file_size: pdf.length,
      chunk_count: 3,
      entity_count: 0,
    });
    const doc = await detail(res.body.document_id);
    expect(doc.metadata).toEqual({ page_count: 3, project_id: 'fin', tags: ['q3', 'finance'] });
    expect(doc.chunks.map((c: { page_number: number; text: string }) => [c.page_number, c.text])).toEqual([
      [1, 'Quarterly revenue grew in Europe.'],
      [2, 'Churn fell after the pricing change.'],
      [3, 'Hiring plan for the platform team.'],
    ]);
  });

  it('reads every sheet of an .xlsx and an .xls, each row with its header names', async () => {
    const sheets = {
      Budget: [
        ['Team', 'Amount'],
        ['Platform', 1200],
        ['Mobile', 800],
      ],
      Staff: [
        ['Name', 'Role'],
        ['Ada', 'Lead'],
      ],
    };
    for (const type of ['xlsx', 'xls'] as const) {
      const res = await upload(docs.server, docs.token, `plan.${type}`, workbookOf(sheets, type));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.file_type).toBe(type);
      const text = (await detail(res.body.document_id)).chunks.map((c: { text: string }) => c.text).join('\n');
      expect(text).toContain('Team: Platform; Amount: 1200');
      expect(text).toContain('Team: Mobile; Amount: 800');
      expect(text).toContain('Name: Ada; Role: Lead');
    }
  });

  it('reads a CSV with quoted commas and newlines, a semicolon delimiter and a windows-1252 encoding', async () => {
    const csv = Buffer.from('name;note\r\n"Doe, Jane";"first line\nsecond; line"\r\nRené;café\r\n', 'latin1');
    const res = await upload(docs.server, docs.token, 'people.csv', csv);
    expect(res.status).toBe(200);
    const [chunk] = (await detail(res.body.document_id)).chunks;
    expect(chunk.text).toBe('name: Doe, Jane; note: first line\nsecond; line\nname: René; note: café');
  });

  it('splits Markdown at headings (nested paths, code blocks kept whole) with the markdown strategy', async () => {
    const md =
      '# Guide\nIntro text.\n\n## Install\nRun this:\n\n```sh\nnpm install\n\n# not a heading\n```\n\n### Linux\nUse apt.\n';
    const res = await upload(docs.server, docs.token, 'guide.md', md, { chunking_strategy: 'markdown' });
    expect(res.status).toBe(200);
    const chunks = (await detail(res.body.document_id)).chunks;
    expect(chunks.map((c: { heading: string }) => c.heading)).toEqual([
      'Guide',
      'Guide > Install',
      'Guide > Install > Linux',
    ]);
    expect(chunks[1].text).toContain('```sh\nnpm install\n\n# not a heading\n```');
  });

  it('chunks plain text by the requested strategy and size, and decodes UTF-16 with a BOM', async () => {
    const text = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} talks about topic ${i % 5}.`).join(' ');
    const fixed = await upload(docs.server, docs.token, 'a.txt', text, {
      chunking_strategy: 'fixed',
      chunk_size: '200',
    });
    expect(fixed.body.chunk_count).toBe(Math.ceil(text.length / 200));
    const sentence = await upload(docs.server, docs.token, 'b.txt', text, {
      chunking_strategy: 'sentence',
      chunk_size: '200',
    });
    const chunks = (await detail(sentence.body.document_id)).chunks as Array<{ text: string }>;
    expect(chunks.every((c) => c.text.length <= 200 && c.text.endsWith('.'))).toBe(true);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße aus Zürich', 'utf16le')]);
    const res = await upload(docs.server, docs.token, 'c.txt', utf16);
    expect((await detail(res.body.document_id)).chunks[0].text).toBe('Grüße aus Zürich');
  });
});

describe('refusing bad files without storing anything', () => {
  const count = async () => (await docs.api.list('?limit=100')).body.total as number;

  it.each([
    ['an unsupported extension', 'tool.exe', 'MZ', 400, 'Unsupported file type: .exe'],
    [
      'an unknown chunking strategy',
      'a.txt',
      'text',
      400,
      'Unknown chunking_strategy: paragraphs; valid: recursive, fixed, sentence, markdown',
    ],
    ['an empty file', 'empty.txt', '', 422, 'Failed to process document: the file is empty'],
    [
      'a corrupt PDF',
      'broken.pdf',
      '%PDF-1.7\n1 0 obj garbage',
      422,
      /^Failed to process document: not a readable PDF/,
    ],
    ['a text file named .pdf', 'lies.pdf', 'just words', 422, 'Failed to process document: the file is not a PDF'],
    [
      'a CSV named .xlsx',
      'lies.xlsx',
      'a,b\n1,2\n',
      422,
      'Failed to process document: the file is not an .xlsx workbook',
    ],
    [
      'a binary file named .txt',
      'bin.txt',
      new Uint8Array([0x89, 0x50, 0, 0, 1, 2]),
      422,
      'Failed to process document: the file is binary, not text',
    ],
    [
      'a zip bomb named .xlsx',
      'bomb.xlsx',
      zipBomb(50 * 1024 * 1024),
      422,
      'Failed to process document: the workbook inflates past the allowed size',
    ],
  ])('%s', async (_label, filename, content, status, message) => {
    const before = await count();
    const fields = filename === 'a.txt' ? { chunking_strategy: 'paragraphs' } : {};
    const res = await upload(docs.server, docs.token, filename, content, fields);
    expect(res.status).toBe(status);
    if (typeof message === 'string') expect(res.body).toEqual({ detail: message });
    else expect(res.body.detail).toMatch(message);
    expect(await count()).toBe(before);
  });

  it('answers 413 past the configured size, and 400 without a file', async () => {
    const res = await upload(docs.server, docs.token, 'big.txt', 'x'.repeat(LIMIT + 1));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: `File too large: the limit is ${LIMIT} bytes` });
    const form = new FormData();
    form.append('project_id', 'p');
    const none = await fetch(`${docs.server.url}/documents/upload`, {
      method: 'POST',
      headers: { 'X-JWT-Token': docs.token },
      body: form,
    });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({
      detail: 'file is required: send the document as a form part named "file" with a filename',
    });
  });

  it('answers 401 in the documents form without a valid token', async () => {
    const res = await fetch(`${docs.server.url}/documents/list`, { headers: { 'X-JWT-Token': 'not-a-token' } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { detail: { code: string } }).detail.code).toBe('UNAUTHORIZED');
  });
});
