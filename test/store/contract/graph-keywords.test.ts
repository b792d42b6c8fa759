import { expect, it } from 'vitest';
import { GraphBatch } from '../../../src/graph/ingest/batch.js';
import { GraphService } from '../../../src/graph/service/graph-service.js';
import { SqliteGraphStorage } from '../../../src/graph/store/graph-storage-sqlite.js';
import type { GraphStorage, KeywordQuery } from '../../../src/graph/store/graph-storage.js';
import { PgGraphStorage } from '../../../src/graph/store/pg/graph-storage-pg.js';
import type { Properties } from '../../../src/graph/types.js';
import { tenantGate } from '../../../src/store/tenant-gate.js';
import { ManualClock } from '../../helpers/clock.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

const clock = new ManualClock();

const WORDS = ['invoice', 'ledger', 'payout', 'refund', 'unrelated', 'ada', 'lovelace', 'closed'];

/** A node's keyword postings, as searches see them: after inserts, updates, re-ingestion, deletes and merges. */
describeStoreContract<GraphStorage>(
  'graph keyword postings',
  {
    sqlite: (db) => new SqliteGraphStorage(db, tenantGate(db)),
    postgres: (pool) => new PgGraphStorage(pool),
  },
  (subject) => {
    const graph = () => new GraphService(subject.store, { clock, nodeTypes: ['user', 'issue'] });
    const ingest = async (tenant: string, issues: Array<[string, Properties]>) => {
      const batch = new GraphBatch();
      for (const [id, properties] of issues) batch.node('issue', id, properties);
      await graph().ingest(tenant, batch, 'ticketing');
    };
    const search = async (tenant: string, words: string[], prefixLast = false) => {
      const query: KeywordQuery = { words, prefixLast, types: [], limit: 20 };
      return (await subject.store.keywordSearch(tenant, query)).map((hit) => hit.row.node_id);
    };
    /** Every word's hits with their scores (which count the tenant's nodes and their lengths), ties in id order. */
    const scores = async (tenant: string) =>
      Promise.all(
        [...WORDS.map((word) => [word]), ['led']].map(async (words) => {
          const query: KeywordQuery = { words, prefixLast: words[0] === 'led', types: [], limit: 20 };
          const hits = await subject.store.keywordSearch(tenant, query);
          return hits.map((hit) => `${hit.row.node_id} ${hit.score.toFixed(9)}`).sort();
        }),
      );

    it("indexes each node's text as it is now, with the tenant's counts as a fresh index would have them", async () => {
      const tenant = await subject.backend.addTenant();
      await ingest(tenant, [
        ['I-1', { title: 'ledger invoice' }],
        ['I-2', { title: 'refund invoice invoice', status: 'open' }],
        ['I-3', { title: 'unrelated words' }],
        ['I-4', { title: 'ledger' }],
      ]);
      expect(await search(tenant, ['invoice'])).toEqual(['I-2', 'I-1']);
      const kept = (await subject.store.node(tenant, 'issue', 'I-4'))!;

      clock.advance(1000);
      // Text changed (I-1), a property outside the text changed (I-2), nothing changed (I-4).
      await ingest(tenant, [
        ['I-1', { title: 'ledger payout' }],
        ['I-2', { status: 'closed' }],
        ['I-4', { title: 'ledger' }],
      ]);
      expect(await search(tenant, ['invoice'])).toEqual(['I-2']);
      expect(await search(tenant, ['payout'])).toEqual(['I-1']);
      expect(await search(tenant, ['closed'])).toEqual([]);
      expect(await subject.store.node(tenant, 'issue', 'I-4')).toEqual(kept);

      const gone = (await subject.store.node(tenant, 'issue', 'I-3'))!;
      expect(await subject.store.deleteNodes(tenant, [gone.id])).toBe(1);
      expect(await search(tenant, ['unrelated'])).toEqual([]);

      // Two people one record ties together become one node, whose text is both's.
      const ada = new GraphBatch();
      ada.person({ login: 'ada' }, { name: 'Ada' });
      await graph().ingest(tenant, ada, 'code_host');
      const lovelace = new GraphBatch();
      lovelace.person({ email: 'lovelace@example.com' }, { title: 'Lovelace' });
      await graph().ingest(tenant, lovelace, 'ticketing');
      const both = new GraphBatch();
      both.person({ login: 'ada', email: 'lovelace@example.com' });
      await graph().ingest(tenant, both, 'code_host');
      expect(await subject.store.countNodesByType(tenant)).toEqual({ issue: 3, user: 1 });
      expect(await search(tenant, ['ada', 'lovelace'])).toHaveLength(1);

      // The same nodes written once into a tenant of their own: the same hits with the same scores.
      const fresh = await subject.backend.addTenant();
      const rows = await subject.store.searchNodes(tenant, undefined, [], 100);
      await subject.store.writeFor(fresh, undefined, (writes) =>
        writes.upsertNodes(
          rows.map((row) => ({
            type: row.node_type,
            id: row.node_id,
            properties: row.properties,
            source: null,
            now: 1,
          })),
        ),
      );
      expect(await scores(tenant)).toEqual(await scores(fresh));
      // BM25 over the tenant's four nodes now: a node count or a length left stale moves these (ledger is in half of them).
      const rounded = (await scores(tenant)).map((hits) => hits.map((hit) => hit.replace(/(\.\d{4})\d+$/, '$1')));
      expect(Object.fromEntries([...WORDS, 'led*'].map((word, i) => [word, rounded[i]]))).toEqual({
        invoice: ['I-2 1.1480'],
        ledger: ['I-1 0.0000', 'I-4 0.0000'],
        payout: ['I-1 0.9058'],
        refund: ['I-2 0.8294'],
        unrelated: [],
        ada: ['ada 1.2087'],
        lovelace: ['ada 1.0280'],
        closed: [],
        'led*': ['I-1 0.0000', 'I-4 0.0000'],
      });
    });
  },
);
