import { storeCount, storeRows, tenantRowCounts } from '../helpers/store-sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphBatch } from '../../src/graph/ingest/batch.js';
import { ticketNode } from '../../tools/ticketing/mentions.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../helpers/server.js';
import { documentsApi, pdfOf, upload } from './files.js';

let server: TestServer;
let token: string;
let api: ReturnType<typeof documentsApi>;
const ids: Record<string, string> = {};

const INCIDENT =
  'Incident review: the checkout outage was traced to PAY-42. Grace Hopper led the fix and wrote to grace@acme.test.';
const REPOSITORY = 'The acme/payments repository holds the billing service; its deploy pipeline runs every night.';
const GARDEN = 'Gardening notes: tomatoes need full sun, warm soil and steady water through the summer.';

beforeAll(async () => {
  server = await startTestServer({ config: { rateLimitPerMinute: 0 } });
  token = await server.tokenFor('acme');
  api = documentsApi(server, token);
  const batch = new GraphBatch();
  const issue = ticketNode(batch, 'PAY-42', { summary: 'Checkout outage' });
  batch.edge(issue, 'LINKED_TO', batch.ref('repository', 'acme/payments', { full_name: 'acme/payments' }));
  batch.edge(batch.person({ email: 'grace@acme.test' }, { name: 'Grace Hopper' }), 'ASSIGNED_TO', issue);
  await server.app.services.graph.ingest(server.callerFor('acme').tenantId, batch, 'test');
  for (const [name, text] of Object.entries({ incident: INCIDENT, repository: REPOSITORY, garden: GARDEN })) {
    const res = await upload(server, token, `${name}.txt`, text);
    expect(res.status).toBe(200);
    ids[name] = res.body.document_id;
  }
  ids.pdf = (
    await upload(
      server,
      token,
      'report.pdf',
      await pdfOf(['Cover page of the annual report.', 'Solar panels on the roof cut the energy bill by a third.']),
    )
  ).body.document_id;
});
afterAll(() => server.close());

const top = async (body: Record<string, unknown>) => {
  const res = await api.query(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    results: Array<{
      document_id: string;
      chunk_id: string;
      text: string;
      score: number;
      metadata: Record<string, unknown>;
    }>;
    context: string;
    total_results: number;
    query_id: string;
  };
};

describe('querying documents', () => {
  it('links uploads to the graph entities they name and reports how many', async () => {
    expect((await api.get(ids.incident)).body.entity_count).toBe(2); // PAY-42, and Grace Hopper (named and by email: one node)
  });

  it('finds by meaning in every vector mode, with the spec item shape and a cited context', async () => {
    for (const mode of ['vector_only', 'hybrid', 'graph_expanded']) {
      const body = await top({ query: 'growing tomatoes in the sun', mode, top_k: 2 });
      expect(body.results[0]).toMatchObject({
        document_id: ids.garden,
        text: GARDEN,
        metadata: { filename: 'garden.txt', page_number: null },
      });
      expect(typeof body.results[0].score).toBe('number');
    }
    const pdf = await top({ query: 'solar energy bill', top_k: 1 });
    expect(pdf.results[0].metadata).toMatchObject({ filename: 'report.pdf', page_number: 2 });
    expect(pdf.context).toBe('[1] report.pdf, page 2\nSolar panels on the roof cut the energy bill by a third.');
    expect((await top({ query: 'solar energy bill', top_k: 1, include_context: false })).context).toBe('');
  });

  it('graph_only reaches the chunks that name the entities of the query', async () => {
    expect(
      (await top({ query: 'what happened with PAY-42?', mode: 'graph_only' })).results.map((r) => r.document_id),
    ).toEqual([ids.incident]);
    expect(
      (await top({ query: 'work of Grace Hopper', mode: 'graph_only' })).results.map((r) => r.document_id),
    ).toEqual([ids.incident]);
    expect((await top({ query: 'tomatoes', mode: 'graph_only' })).total_results).toBe(0);
  });

  it('graph_expanded follows the graph from the seeds to documents about neighbouring entities', async () => {
    const body = await top({ query: 'checkout outage', mode: 'graph_expanded', top_k: 3 });
    expect(body.results[0].document_id).toBe(ids.incident);
    expect(body.results.map((r) => r.document_id)).toContain(ids.repository); // PAY-42 LINKED_TO acme/payments
  });

  it('filters by document and refuses unknown documents, modes and empty queries', async () => {
    const only = await top({ query: 'service', document_id: ids.repository, top_k: 5 });
    expect(only.results.map((r) => r.document_id)).toEqual([ids.repository]);
    expect(await api.query({ query: 'x', document_id: 'nope' })).toMatchObject({
      status: 404,
      body: { detail: 'Document not found: nope' },
    });
    const bad = await api.query({ query: 'x', mode: 'telepathy' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('vector_only, graph_only, hybrid, graph_expanded');
    expect((await api.query({ query: '  ' })).status).toBe(400);
  });
});

describe('listing, deleting and tenant scope', () => {
  it('lists with paging and a project filter', async () => {
    const p = await upload(server, token, 'scoped.md', '# Scoped\nA note for one project.', {
      project_id: 'proj-1',
      tags: 'a,b',
    });
    const list = await api.list('?project_id=proj-1');
    expect(list.body).toEqual({
      documents: [
        expect.objectContaining({
          document_id: p.body.document_id,
          project_id: 'proj-1',
          tags: ['a', 'b'],
          file_type: 'md',
        }),
      ],
      total: 1,
      limit: 20,
      offset: 0,
    });
    const paged = await api.list('?limit=2&offset=1');
    expect(paged.body).toMatchObject({ limit: 2, offset: 1, total: 5 });
    expect(paged.body.documents).toHaveLength(2);
  });

  it('keeps every route to the tenant of the token', async () => {
    const other = documentsApi(server, await server.tokenFor('globex'));
    expect(await other.get(ids.garden)).toMatchObject({
      status: 404,
      body: { detail: `Document not found: ${ids.garden}` },
    });
    expect((await other.delete(ids.garden)).status).toBe(404);
    expect((await other.list()).body.total).toBe(0);
    expect((await other.query({ query: 'tomatoes sun', mode: 'hybrid' })).body.results).toEqual([]);
    expect((await other.query({ query: 'tomatoes', document_id: ids.garden })).status).toBe(404);
    expect((await api.get(ids.garden)).status).toBe(200);
  });

  it('deletes a document with all its chunks, keywords, vectors and entity links', async () => {
    const { store } = server.app;
    const chunkIds = ((await api.get(ids.incident)).body.chunks as Array<{ chunk_id: string }>).map((c) =>
      Number(c.chunk_id),
    );
    // Vectors: a table per embedding space on SQLite (keyed by the chunk's rowid), one table on PostgreSQL.
    const vectorTables: Array<[string, string]> =
      store.kind === 'sqlite'
        ? (await storeRows<{ table_name: string }>(store, 'SELECT table_name FROM document_spaces')).map((row) => [
            row.table_name,
            'rowid',
          ])
        : [['document_vectors', 'chunk_id']];
    const linked: Array<[string, string]> = [
      ['document_chunks', 'id'],
      ['document_postings', 'chunk_id'],
      ['document_entities', 'chunk_id'],
      ...vectorTables,
    ];
    const left = async () => {
      let rows = 0;
      for (const id of chunkIds)
        for (const [table, column] of linked) rows += await storeCount(store, table, `${column} = ?`, [id]);
      return rows;
    };
    expect(await left()).toBeGreaterThan(0);
    expect(await api.delete(ids.incident)).toMatchObject({
      status: 200,
      body: { document_id: ids.incident, deleted: true, chunks_deleted: chunkIds.length },
    });
    expect(await left()).toBe(0);
    expect((await api.get(ids.incident)).status).toBe(404);
    expect((await api.delete(ids.incident)).status).toBe(404);
    expect((await top({ query: 'PAY-42', mode: 'graph_only' })).results).toEqual([]);
  });

  it('purges a deleted tenant’s documents', async () => {
    const admin = (method: string, path: string, body?: unknown) =>
      call(server, method, path, { apiKey: TEST_API_KEY, body });
    const created = await admin('POST', '/admin/tenants', { id: 'shortlived', consumerId: 'owner-x' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const issued = await admin('POST', '/admin/token', {
      tenant_id: 'shortlived',
      user_email: 'a@short.test',
      connections: {},
    });
    expect((await upload(server, issued.body.token, 'n.txt', 'A short-lived note about sailing.')).status).toBe(200);
    expect((await admin('DELETE', '/admin/tenants/shortlived')).status).toBe(200);
    const left = await tenantRowCounts(server.app.store, 'shortlived');
    expect(Object.keys(left)).toEqual(expect.arrayContaining(['documents', 'document_chunks', 'document_terms']));
    expect(Object.entries(left).filter(([, rows]) => rows > 0)).toEqual([]);
  });
});
