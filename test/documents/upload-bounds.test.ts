import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { documentsApi, upload } from './files.js';

/**
 * The per-upload and per-tenant bounds, over REST and the MCP tool: chunks per document (and the
 * chunk_size floor), each tenant's storage quota, and uploads in flight per tenant. Each refusal
 * names its bound and stores nothing.
 */
const BOUNDS = {
  CONSTELLATION_DOCUMENTS_MAX_CHUNKS: '50',
  CONSTELLATION_DOCUMENTS_TENANT_QUOTA_BYTES: '100000',
  CONSTELLATION_DOCUMENTS_MAX_UPLOADS_IN_FLIGHT: '1',
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { rateLimitPerMinute: 0 }, env: BOUNDS });
});
afterAll(async () => {
  await server.close();
});

/** A token of a tenant of its own, so each test starts from an empty store and an unused quota. */
async function tenantToken(id: string): Promise<string> {
  await server.app.tenants.ensure({ id, consumerId: `${id}-consumer` });
  return server.app.tokens.issue({
    tenant_id: id,
    user_email: `ada@${id}.example`,
    user_display_name: 'Ada',
    connections: {},
  });
}

const stored = async (token: string) =>
  (await documentsApi(server, token).list('?limit=100')).body as {
    total: number;
    documents: Array<{ file_size: number }>;
  };
const usedBytes = async (token: string) => (await stored(token)).documents.reduce((sum, d) => sum + d.file_size, 0);
const prose = (characters: number) =>
  'The payments team ships the refund flow. '.repeat(Math.ceil(characters / 41)).slice(0, characters);

interface ToolResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
}
const errorOf = (result: ToolResult) =>
  (JSON.parse(result.content[0].text ?? '{}') as { error: { code: string; message: string; retry_after?: number } })
    .error;
async function mcpUpload(
  client: Client,
  filename: string,
  content: string,
  extra: Record<string, unknown> = {},
): Promise<ToolResult> {
  return (await client.callTool({
    name: 'documents_upload_document',
    arguments: { filename, content, ...extra },
  })) as ToolResult;
}

describe('chunks per document', () => {
  it('refuses a chunk_size below the floor the document needs, naming the smallest that fits, and stores nothing', async () => {
    const token = await tenantToken('chunky');
    const text = prose(10_000);
    const small = await upload(server, token, 'notes.txt', text, { chunk_size: '100' });
    expect(small.status).toBe(400);
    expect(small.body).toEqual({
      detail:
        'chunk_size 100 is too small for this document: its 10,000 characters would make more than 50 chunks (CONSTELLATION_DOCUMENTS_MAX_CHUNKS); the smallest chunk_size for it is 300',
    });
    expect((await stored(token)).total).toBe(0);

    const fitting = await upload(server, token, 'notes.txt', text, { chunk_size: '300' });
    expect(fitting.status).toBe(200);
    expect(fitting.body.chunk_count).toBeLessThanOrEqual(50);
  });

  it('raises the default chunk_size to the floor for a document 1000-character chunks would cut past the bound', async () => {
    const token = await tenantToken('defaulted');
    const res = await upload(server, token, 'long.txt', prose(60_000));
    expect(res.status).toBe(200);
    expect(res.body.chunk_count).toBeLessThanOrEqual(50);
    const detail = (await documentsApi(server, token).get(res.body.document_id as string)).body as {
      chunks: Array<{ text: string }>;
    };
    expect(Math.max(...detail.chunks.map((c) => c.text.length))).toBeGreaterThan(1000);
  });

  it('refuses a document that still cuts into more chunks than the bound (413) over REST and MCP, storing nothing', async () => {
    const token = await tenantToken('sections');
    const markdown = Array.from({ length: 60 }, (_, i) => `# Part ${i}\nShort.`).join('\n\n');
    const message =
      'The document would be cut into 60 chunks, more than 50 (CONSTELLATION_DOCUMENTS_MAX_CHUNKS): upload it with a larger chunk_size (about 132) or in parts';
    const res = await upload(server, token, 'parts.md', markdown, { chunking_strategy: 'markdown', chunk_size: '100' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: message });

    const client = await connectMcpClient(server, token);
    const result = await mcpUpload(client, 'parts.md', markdown, { chunking_strategy: 'markdown', chunk_size: 100 });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message });
    await client.close();
    expect((await stored(token)).total).toBe(0);
  });
});

describe('storage quota per tenant', () => {
  it('answers 507 past the quota naming what is used, keeps the other tenant free, and frees room on delete', async () => {
    const full = await tenantToken('quotafull');
    const other = await tenantToken('quotaother');
    const first = await upload(server, full, 'first.txt', prose(60_000));
    expect(first.status).toBe(200);

    const refused = await upload(server, full, 'second.txt', prose(50_000));
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual({
      detail:
        "Storage quota exceeded: this tenant's documents take 58.6 KB of its 97.7 KB (CONSTELLATION_DOCUMENTS_TENANT_QUOTA_BYTES), so a file of 48.8 KB does not fit; delete documents to make room",
    });
    expect(await stored(full)).toMatchObject({ total: 1 });
    expect(await usedBytes(full)).toBe(60_000);

    const client = await connectMcpClient(server, full);
    const overMcp = await mcpUpload(client, 'second.txt', prose(50_000));
    expect(overMcp.isError).toBe(true);
    expect(errorOf(overMcp)).toMatchObject({ code: 'INSUFFICIENT_STORAGE', message: refused.body.detail });
    expect(await usedBytes(full)).toBe(60_000);

    expect((await upload(server, other, 'theirs.txt', prose(50_000))).status).toBe(200);

    expect((await documentsApi(server, full).delete(first.body.document_id as string)).status).toBe(200);
    const afterDelete = await mcpUpload(client, 'second.txt', prose(50_000));
    expect(afterDelete.isError).toBeFalsy();
    expect(await usedBytes(full)).toBe(50_000);
    await client.close();
  });

  it('refuses at the same byte after deletes and re-uploads as when the tenant was new', async () => {
    const token = await tenantToken('quotarunning');
    const api = documentsApi(server, token);
    const idOf = async (name: string, characters: number) => {
      const answer = await upload(server, token, name, prose(characters));
      expect(answer.status).toBe(200);
      return answer.body.document_id as string;
    };
    expect((await api.delete(await idOf('gone.txt', 60_000))).status).toBe(200);
    await idOf('kept.txt', 60_000);
    const last = await idOf('last.txt', 40_000);
    expect((await upload(server, token, 'one-byte.txt', 'x')).body).toEqual({
      detail:
        "Storage quota exceeded: this tenant's documents take 97.7 KB of its 97.7 KB (CONSTELLATION_DOCUMENTS_TENANT_QUOTA_BYTES), so a file of 1 bytes does not fit; delete documents to make room",
    });

    expect((await api.delete(last)).status).toBe(200);
    expect((await upload(server, token, 'over.txt', prose(40_001))).status).toBe(507);
    await idOf('fits.txt', 40_000);
    expect(await usedBytes(token)).toBe(100_000);
  });
});

/** An upload whose body is still arriving: headers and the start of the file sent, the rest when `finish` is called (or never: `abandon`). */
function heldUpload(token: string): {
  finish(): Promise<{ status: number; body: Record<string, unknown> }>;
  abandon(): void;
} {
  const boundary = 'held-upload';
  const req = httpRequest(`${server.url}/documents/upload`, {
    method: 'POST',
    headers: { 'X-JWT-Token': token, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  });
  const answered = new Promise<IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject));
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\nThe first half of a slow upload`,
  );
  return {
    async finish() {
      req.end(` and its second half.\r\n--${boundary}--\r\n`);
      const res = await answered;
      let text = '';
      for await (const part of res) text += String(part);
      return { status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> };
    },
    abandon() {
      answered.catch(() => undefined);
      req.destroy();
    },
  };
}

describe('uploads in flight per tenant', () => {
  it('answers 429 with Retry-After to a second upload of a tenant whose upload is still streaming, not to another tenant', async () => {
    const busy = await tenantToken('busy');
    const calm = await tenantToken('calm');
    const held = heldUpload(busy);
    await vi.waitFor(() => expect(server.app.services.documents?.policy.uploadsInFlight('busy')).toBe(1));

    const message =
      'Too many uploads at once: this tenant already has 1 running, the most it may have (CONSTELLATION_DOCUMENTS_MAX_UPLOADS_IN_FLIGHT); try again when one finishes';
    const form = new FormData();
    form.append('file', new Blob(['A second file.']), 'second.txt');
    const second = await fetch(`${server.url}/documents/upload`, {
      method: 'POST',
      headers: { 'X-JWT-Token': busy },
      body: form,
    });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('5');
    expect(await second.json()).toEqual({ detail: message });

    const client = await connectMcpClient(server, busy);
    const overMcp = await mcpUpload(client, 'second.txt', 'A second file.');
    expect(errorOf(overMcp)).toEqual({ code: 'RATE_LIMITED', message, retry_after: 5 });

    expect((await upload(server, calm, 'other.txt', 'Another tenant uploads meanwhile.')).status).toBe(200);

    const first = await held.finish();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ filename: 'slow.txt', chunk_count: 1 });
    const next = await mcpUpload(client, 'third.txt', 'Once the first is done, the next one goes through.');
    expect(next.isError).toBeFalsy();
    await client.close();
    expect((await stored(busy)).total).toBe(2);
  });

  it('gives the slot back when the client of a streaming upload goes away, storing nothing of it', async () => {
    const token = await tenantToken('leaver');
    const held = heldUpload(token);
    const inFlight = () => server.app.services.documents?.policy.uploadsInFlight('leaver');
    await vi.waitFor(() => expect(inFlight()).toBe(1));
    held.abandon();
    await vi.waitFor(() => expect(inFlight()).toBe(0));
    expect((await upload(server, token, 'after.txt', 'The next upload goes through.')).status).toBe(200);
    expect((await stored(token)).total).toBe(1);
  });
});
