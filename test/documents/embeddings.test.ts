import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiEmbeddings } from '../../src/documents/embed/openai.js';
import { documentStoresOn } from '../../src/documents/stores.js';
import { DocumentService } from '../../src/documents/service.js';
import { openDatabase } from '../../src/database.js';

/** A fake OpenAI-compatible `/v1/embeddings`: letter counts as vectors, the first call answered 503. */
let server: Server;
let baseUrl: string;
const seen: Array<{ auth?: string; inputs: number }> = [];
let failNext = true;

const letters = (text: string) =>
  Array.from({ length: 26 }, (_, i) => [...text.toLowerCase()].filter((c) => c.charCodeAt(0) === 97 + i).length + 0.01);

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.url !== '/v1/embeddings' || req.method !== 'POST') return void res.writeHead(404).end();
      if (failNext) {
        failNext = false;
        return void res.writeHead(503).end('busy');
      }
      const { input, model } = JSON.parse(body) as { input: string[]; model: string };
      seen.push({ auth: req.headers.authorization, inputs: input.length });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          model,
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: letters(text) })).reverse(),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const bytes = (text: string) => new TextEncoder().encode(text);

describe('embeddings from an OpenAI-compatible endpoint', () => {
  it('batches, retries a 503, sends the key, and records its space on each document', async () => {
    const service = new DocumentService(
      documentStoresOn({ kind: 'sqlite', db: openDatabase(':memory:') }),
      new OpenAiEmbeddings({ baseUrl, model: 'fake-embed', apiKey: 'sk-test', batchSize: 64 }),
    );
    const text = Array.from(
      { length: 150 },
      (_, i) => `Paragraph ${i} about zebras and quokkas living together in the wild.`,
    ).join('\n\n');
    const up = await service.upload('t1', { filename: 'many.txt', bytes: bytes(text), chunkSize: 100 });
    expect(up.chunk_count).toBe(150);
    expect(seen.map((s) => s.inputs)).toEqual([64, 64, 22]);
    expect(seen.every((s) => s.auth === 'Bearer sk-test')).toBe(true);
    expect((await service.get('t1', up.document_id)).embedding_space).toBe('openai-compatible:fake-embed:26');
    const hit = await service.query('t1', { query: 'zebras', top_k: 1, mode: 'vector_only', include_context: false });
    expect(hit.results).toHaveLength(1);
  });

  it('never mixes vector spaces: a provider change finds nothing until initialize-indexes re-embeds', async () => {
    const db = openDatabase(':memory:');
    const local = new DocumentService(documentStoresOn({ kind: 'sqlite', db }));
    const up = await local.upload('t1', { filename: 'zoo.txt', bytes: bytes('Zebras graze on the savanna at dawn.') });
    expect((await local.get('t1', up.document_id)).embedding_space).toBe('local:hashed-tf-idf-v1:512');

    const remote = new DocumentService(
      documentStoresOn({ kind: 'sqlite', db }),
      new OpenAiEmbeddings({ baseUrl, model: 'fake-embed' }),
    );
    const ask = () =>
      remote.query('t1', { query: 'zebras savanna', top_k: 3, mode: 'vector_only', include_context: false });
    expect((await ask()).results).toEqual([]);
    const init = await remote.initializeIndexes('t1');
    expect(init).toMatchObject({
      success: true,
      embedding_space: 'openai-compatible:fake-embed:26',
      documents_reembedded: 1,
    });
    expect((await ask()).results.map((r) => r.document_id)).toEqual([up.document_id]);
    expect((await remote.get('t1', up.document_id)).embedding_space).toBe('openai-compatible:fake-embed:26');
    expect((await remote.initializeIndexes('t1')).documents_reembedded).toBe(0);
  });

  it('answers an endpoint that refuses with an upstream error and stores nothing', async () => {
    const service = new DocumentService(
      documentStoresOn({ kind: 'sqlite', db: openDatabase(':memory:') }),
      new OpenAiEmbeddings({ baseUrl: `${baseUrl}/missing`, model: 'x', retries: 0 }),
    );
    await expect(service.upload('t1', { filename: 'a.txt', bytes: bytes('hello world') })).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: 'Embeddings endpoint answered 404',
    });
    expect((await service.list('t1', 10, 0)).total).toBe(0);
  });
});
