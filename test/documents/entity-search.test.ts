import { afterAll, describe, expect, it } from 'vitest';
import { installationDocumentStores } from '../../src/documents/stores.js';
import { normalize, type EmbeddingProvider } from '../../src/documents/embed/provider.js';
import { EntitySemanticSearch } from '../../src/documents/entity-search.js';
import { DocumentService } from '../../src/documents/service.js';
import { GraphBatch } from '../../src/graph/ingest/batch.js';
import { GraphService } from '../../src/graph/service/graph-service.js';
import { testApp } from '../helpers/server.js';
import { storeCount, storeRows } from '../helpers/store-sql.js';

/** A model that knows three concepts: words of one concept land near each other whatever their spelling. */
const CONCEPTS = [
  ['money', 'payout', 'payouts', 'payment', 'refund', 'billing', 'invoice'],
  ['infrastructure', 'kubernetes', 'cluster', 'server', 'deploy'],
  ['hiring', 'interview', 'onboarding', 'candidate'],
];
class ConceptEmbedder implements EmbeddingProvider {
  readonly provider = 'test';
  readonly model = 'concepts-v1';
  async dimension() {
    return CONCEPTS.length + 1;
  }
  private embed(text: string): Float32Array {
    const vector = new Float32Array(CONCEPTS.length + 1).fill(0.01);
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? [])
      CONCEPTS.forEach((words, i) => words.includes(word) && (vector[i] += 1));
    return normalize(vector);
  }
  async embedDocuments(texts: readonly string[]) {
    return texts.map((t) => this.embed(t));
  }
  async embedQuery(text: string) {
    return this.embed(text);
  }
  terms() {
    return [];
  }
}

// On the lane's backend: the services are built over the installation's stores.
const app = await testApp();
afterAll(() => app.close());
for (const id of ['acme', 'globex']) await app.tenants.ensure({ id, consumerId: `${id}-consumer` });
const embedder = new ConceptEmbedder();
const embedded: number[] = [];
const counting: EmbeddingProvider = Object.assign(Object.create(embedder) as EmbeddingProvider, {
  embedDocuments: async (texts: readonly string[]) => (embedded.push(texts.length), embedder.embedDocuments(texts)),
});
const stores = installationDocumentStores(app.store);
// The app's graph over the same store, finding entities by meaning with the counting embedder.
const graph = new GraphService(app.services.graph.storage, {
  clock: app.clock,
  nodeTypes: app.services.graph.nodeTypes,
  semanticSearch: (store, keyword) =>
    new EntitySemanticSearch(
      new DocumentService(stores, counting),
      stores.entityVectors,
      stores.graph,
      store,
      keyword,
      () => Date.now(),
    ),
});

/** SQLite keeps each embedding space's entity vectors in a table of its own. */
async function sqliteEntityTable(space: string): Promise<string> {
  const [row] = await storeRows<{ table_name: string }>(
    app.store,
    'SELECT table_name FROM entity_spaces WHERE space = ?',
    [space],
  );
  return row.table_name;
}

async function tickets(tenantId: string, items: Array<[string, string]>): Promise<void> {
  const batch = new GraphBatch();
  for (const [key, summary] of items) batch.node('issue', key, { key, summary });
  await graph.ingest(tenantId, batch, 'ticketing');
}
const found = async (tenantId: string, query: string, types: string[] = []) =>
  (await graph.semanticSearch(tenantId, query, { types, limit: 5 })).map((n) => n.node_id);

describe('graph entities found by meaning (POST /graph/semantic-search, graph_search)', () => {
  it('finds an entity by meaning where no keyword matches, within the caller’s tenant only', async () => {
    await tickets('acme', [
      ['PAY-1', 'Payouts stuck for Dutch merchants'],
      ['OPS-7', 'Kubernetes cluster upgrade'],
    ]);
    await tickets('globex', [['GX-1', 'Refund flow broken']]);
    const batch = new GraphBatch();
    batch.node('page', '9001', { title: 'Interview loop for engineers' });
    await graph.ingest('acme', batch, 'wiki');

    expect(graph.semanticMode).toBe('hybrid');
    expect((await found('acme', 'money movement'))[0]).toBe('PAY-1');
    expect(await found('acme', 'money movement')).not.toContain('GX-1');
    expect((await found('globex', 'money'))[0]).toBe('GX-1');
    expect(await found('acme', 'candidate', ['page'])).toEqual(['9001']);
    expect(await found('acme', 'candidate', ['issue'])).not.toContain('9001');
  });

  it('embeds each node once, and again only when it changes', async () => {
    embedded.length = 0;
    await found('acme', 'money');
    expect(embedded).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await tickets('acme', [['OPS-7', 'Billing invoice export']]);
    expect((await found('acme', 'invoice money')).slice(0, 2).sort()).toEqual(['OPS-7', 'PAY-1']);
    expect(embedded).toEqual([1]);
  });

  it('forgets the vectors of deleted entities', async () => {
    await graph.clear('acme');
    const space = 'test:concepts-v1:4';
    const vectors =
      app.store.kind === 'sqlite'
        ? await storeCount(app.store, await sqliteEntityTable(space), 'tenant_id = ?', ['acme'])
        : await storeCount(app.store, 'entity_vectors', 'tenant_id = ? AND space = ?', ['acme', space]);
    expect(vectors).toBe(0);
    expect(await storeCount(app.store, 'entity_vector_state', 'tenant_id = ?', ['acme'])).toBe(0);
    expect(await found('acme', 'money')).toEqual([]);
    expect(await found('globex', 'money')).toEqual(['GX-1']);
  });
});
