import * as XLSX from '@e965/xlsx';
import { deflateRawSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll } from 'vitest';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

/** A real PDF with one text line per page. */
export async function pdfOf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) doc.addPage([400, 300]).drawText(text, { x: 20, y: 250, size: 12, font });
  return doc.save();
}

/** A real workbook (.xlsx or .xls) with the given sheets of rows (first row the header). */
export function workbookOf(sheets: Record<string, unknown[][]>, bookType: 'xlsx' | 'xls'): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType }) as Buffer);
}

/** A zip holding one deflated entry of `size` zero bytes (inflates about a thousandfold), named like a workbook part. */
export function zipBomb(size: number): Uint8Array {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const data = deflateRawSync(Buffer.alloc(size));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
}

export interface UploadFields {
  project_id?: string;
  tags?: string;
  extract_entities?: string;
  chunking_strategy?: string;
  chunk_size?: string;
}

/** POST /documents/upload as a browser form would (multipart), with the caller's token. */
export async function upload(
  server: TestServer,
  token: string,
  filename: string,
  content: Uint8Array | string,
  fields: UploadFields = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  form.append('file', new Blob([typeof content === 'string' ? content : Buffer.from(content)]), filename);
  const res = await fetch(`${server.url}/documents/upload`, {
    method: 'POST',
    headers: { 'X-JWT-Token': token },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

export const documentsApi = (server: TestServer, token: string) => ({
  query: (body: Record<string, unknown>) => call(server, 'POST', '/documents/query', { token, body }),
  list: (qs = '') => call(server, 'GET', `/documents/list${qs}`, { token }),
  get: (id: string) => call(server, 'GET', `/documents/${id}`, { token }),
  delete: (id: string) => call(server, 'DELETE', `/documents/${id}`, { token }),
});

export interface DocumentsServer {
  server: TestServer;
  token: string;
  api: ReturnType<typeof documentsApi>;
}

/** A demo server for this file's tests whose uploads stop at `uploadLimit` bytes, with an acme user's token and documents API. */
export function useDocumentsServer(uploadLimit: number): DocumentsServer {
  const context = {} as DocumentsServer;
  beforeAll(async () => {
    context.server = await startTestServer({
      config: { rateLimitPerMinute: 0 },
      env: { CONSTELLATION_DOCUMENTS_MAX_UPLOAD_BYTES: String(uploadLimit) },
    });
    context.token = await context.server.tokenFor('acme');
    context.api = documentsApi(context.server, context.token);
  });
  afterAll(async () => {
    await context.server.close();
  });
  return context;
}
