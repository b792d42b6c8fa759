import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { countedTermsOf, keywordCountsOf, keywordTermsOf } from '../../../src/documents/keywords.js';
import { POSTINGS_PER_TERM } from '../../../src/documents/keyword-search.js';
import { countTerms, type DocumentStorage } from '../../../src/documents/storage.js';
import { documentStoresOn, type DocumentStores } from '../../../src/documents/stores.js';
import type { StoreBackend } from '../../../src/store/backend.js';
import { tenantGate } from '../../../src/store/tenant-gate.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

const SPACE = 'contract:3';
const NO_QUOTA = () => undefined;

interface Written {
  rowid: number;
  documentId: string;
}

/** Writes a document as an upload does: pending row, one batch of chunks, then visible. */
async function writeDocument(
  store: DocumentStorage,
  tenantId: string,
  chunks: Array<{ text: string; vector?: number[]; entities?: number[] }>,
  options: { epoch?: string; publish?: boolean } = {},
): Promise<Written> {
  const documentId = randomUUID();
  const write = { tenantId, epoch: options.epoch };
  const doc = { tenantId, documentId, filename: `${documentId}.txt`, fileType: 'txt', fileSize: 100, tags: ['t'] };
  const rowid = await store.beginDocument(
    write,
    { ...doc, chunkingStrategy: 'fixed', chunkSize: 500, space: SPACE, createdAt: new Date().toISOString() },
    NO_QUOTA,
  );
  await store.addChunks(write, rowid, SPACE, {
    chunks: chunks.map((c, index) => ({
      index,
      text: c.text,
      keywords: keywordCountsOf(c.text),
      vector: Float32Array.from(c.vector ?? [1, 1, 1]),
      entities: c.entities ?? [],
    })),
    terms: countTerms(chunks.map((c) => countedTermsOf(c.text))),
  });
  if (options.publish !== false) await store.publish(write, rowid);
  return { rowid, documentId };
}

const CORPUS = [
  'The launch plan names the payments team and the launch date.',
  'Payments reconciliation runs nightly.',
  'A launch retrospective, with notes on the rollout.',
  'Quarterly budget for the design team.',
];

/** Texts ranked by FTS5's own bm25() with the tokenizer keyword search had before it was computed in SQL. */
function fts5Ranking(texts: readonly string[], match: string): Array<{ text: string; score: number }> {
  const db = new Database(':memory:');
  db.exec("CREATE VIRTUAL TABLE t USING fts5 (text, tokenize = 'porter unicode61')");
  for (const text of texts) db.prepare('INSERT INTO t (text) VALUES (?)').run(text);
  const rows = db
    .prepare('SELECT text, -bm25(t) AS score FROM t WHERE t MATCH ? ORDER BY bm25(t)')
    .all(match) as Array<{ text: string; score: number }>;
  db.close();
  return rows;
}

/** Graph rows for the entity-link tests, written as the graph's store writes them on each backend. */
async function addNode(backend: StoreBackend, tenantId: string, type: string, id: string, name: string) {
  const properties = JSON.stringify({ name });
  if (backend.kind === 'sqlite')
    return Number(
      backend.db
        .prepare(
          'INSERT INTO graph_nodes (tenant_id, node_type, node_id, properties, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 2)',
        )
        .run(tenantId, type, id, properties).lastInsertRowid,
    );
  const { rows } = await backend.pool.query<{ id: string }>(
    'INSERT INTO graph_nodes (tenant_id, node_type, node_id, properties, created_at, updated_at) VALUES ($1, $2, $3, $4, 1, 2) RETURNING id',
    [tenantId, type, id, properties],
  );
  return Number(rows[0].id);
}

async function addEdgeAndAlias(backend: StoreBackend, tenantId: string, from: number, to: number, alias: string) {
  if (backend.kind === 'sqlite') {
    backend.db
      .prepare(
        "INSERT INTO graph_edges (tenant_id, from_id, to_id, edge_type, created_at, updated_at) VALUES (?, ?, ?, 'works_on', 1, 1)",
      )
      .run(tenantId, from, to);
    backend.db
      .prepare('INSERT INTO graph_aliases (tenant_id, alias, node_rowid) VALUES (?, ?, ?)')
      .run(tenantId, alias, to);
    return;
  }
  await backend.pool.query(
    "INSERT INTO graph_edges (tenant_id, from_id, to_id, edge_type, created_at, updated_at) VALUES ($1, $2, $3, 'works_on', 1, 1)",
    [tenantId, from, to],
  );
  await backend.pool.query('INSERT INTO graph_aliases (tenant_id, alias, node_rowid) VALUES ($1, $2, $3)', [
    tenantId,
    alias,
    to,
  ]);
}

describeStoreContract<DocumentStores>(
  'document storage',
  {
    sqlite: (db) => documentStoresOn({ kind: 'sqlite', db }, tenantGate(db)),
    postgres: (pool) => documentStoresOn({ kind: 'postgres', pool }),
  },
  (subject) => {
    const store = () => subject.store.documents;
    const textsOf = async (tenantId: string, ids: number[]) => {
      const rows = await store().chunks(tenantId, ids);
      return ids.map((id) => rows.get(id)?.text);
    };
    /** The tenant's totals, as a query reads them once for all of its statistics. */
    const totalsOf = async (tenantId: string) => (await store().termStatistics(tenantId, [])).totals;
    const keyword = async (tenantId: string, query: string) =>
      store().keyword(tenantId, keywordTermsOf(query), 100, await totalsOf(tenantId));
    /** The hits are FTS5's ranking: the same texts in the same order with the same scores. */
    const expectRanking = async (
      tenantId: string,
      hits: Array<{ id: number; score: number }>,
      expected: Array<{ text: string; score: number }>,
    ) => {
      expect(
        await textsOf(
          tenantId,
          hits.map((h) => h.id),
        ),
      ).toEqual(expected.map((e) => e.text));
      expect(hits.map((h) => h.score.toFixed(12))).toEqual(expected.map((e) => e.score.toFixed(12)));
    };

    it('writes a document and reads it back; a pending one is read by nothing', async () => {
      const tenant = await subject.backend.addTenant();
      await store().ensureSpace(SPACE, 3);
      const { rowid, documentId } = await writeDocument(store(), tenant, [{ text: CORPUS[0] }, { text: CORPUS[1] }]);
      const pending = await writeDocument(store(), tenant, [{ text: CORPUS[1] }], { publish: false });
      const doc = await store().get(tenant, documentId);
      expect(doc).toMatchObject({ id: rowid, document_id: documentId, file_size: 100, tags: '["t"]', chunk_count: 2 });
      expect(await store().get(tenant, pending.documentId)).toBeUndefined();
      expect(await store().count(tenant)).toBe(1);
      expect((await store().list(tenant, 10, 0)).rows.map((r) => r.document_id)).toEqual([documentId]);
      expect((await store().chunksOf(tenant, rowid)).map((c) => [c.chunk_index, c.text])).toEqual([
        [0, CORPUS[0]],
        [1, CORPUS[1]],
      ]);
      expect(await store().usedBytes(tenant)).toBe(200);
      const hits = await keyword(tenant, 'reconciliation');
      expect(
        await textsOf(
          tenant,
          hits.map((h) => h.id),
        ),
      ).toEqual([CORPUS[1]]);
    });

    it("ranks by keywords in the same order with the same scores on every backend: FTS5's bm25()", async () => {
      const tenant = await subject.backend.addTenant();
      await store().ensureSpace(SPACE, 3);
      for (const text of CORPUS) await writeDocument(store(), tenant, [{ text }]);
      const hits = await keyword(tenant, 'launch payments rollout');
      await expectRanking(tenant, hits, fts5Ranking(CORPUS, '"launch" OR "payments" OR "rollout"'));
    });

    it('ranks whole documents cut into chunks as FTS5 ranks the same texts uncut, pending ones left out', async () => {
      const tenant = await subject.backend.addTenant();
      await store().ensureSpace(SPACE, 3);
      const documents = [[CORPUS[0], CORPUS[3]], [CORPUS[1], CORPUS[2]], [CORPUS[2]]];
      const ids: string[] = [];
      for (const chunks of documents)
        ids.push(
          (
            await writeDocument(
              store(),
              tenant,
              chunks.map((text) => ({ text })),
            )
          ).documentId,
        );
      await writeDocument(store(), tenant, [{ text: CORPUS[0] }], { publish: false });
      const terms = keywordTermsOf('launch payments rollout');
      const totals = await totalsOf(tenant);
      const candidates = await store().keyword(tenant, terms, 100, totals);
      const hits = await store().documentKeyword(
        tenant,
        terms,
        candidates.map((c) => c.id),
        totals,
      );
      const rows = await store().chunks(
        tenant,
        hits.map((h) => h.id),
      );
      const ranked = hits.map((h) => ({
        document: ids.indexOf(rows.get(h.id)!.document_id),
        text: rows.get(h.id)!.text,
      }));
      const uncut = documents.map((chunks) => chunks.join(' '));
      const expected = fts5Ranking(uncut, '"launch" OR "payments" OR "rollout"').map((e) => ({
        document: uncut.indexOf(e.text),
        score: e.score,
      }));
      // Each document's chunks that hold a query word (the budget chunk holds none), with its document's score.
      const matching = [[CORPUS[0]], [CORPUS[1], CORPUS[2]], [CORPUS[2]]];
      expect(ranked).toEqual(
        expected.flatMap((e) => matching[e.document].map((text) => ({ document: e.document, text }))),
      );
      expect(hits.map((h) => h.score.toFixed(12))).toEqual(
        expected.flatMap((e) => matching[e.document].map(() => e.score.toFixed(12))),
      );
    });

    it('takes a removed document out of the whole-document and chunk statistics at once', async () => {
      const tenant = await subject.backend.addTenant();
      await store().ensureSpace(SPACE, 3);
      const written = [];
      for (const text of CORPUS) written.push(await writeDocument(store(), tenant, [{ text }]));
      await store().hide(tenant, written[0].documentId);
      const terms = keywordTermsOf('launch payments rollout');
      const totals = await totalsOf(tenant);
      const candidates = await store().keyword(tenant, terms, 100, totals);
      const byDocument = await store().documentKeyword(
        tenant,
        terms,
        candidates.map((c) => c.id),
        totals,
      );
      const expected = fts5Ranking(CORPUS.slice(1), '"launch" OR "payments" OR "rollout"');
      await expectRanking(tenant, candidates, expected);
      await expectRanking(tenant, byDocument, expected);
    });

    it('ranks by FTS5 bm25 when a query term is in thousands of chunks, reading only its heaviest postings', async () => {
      const tenant = await subject.backend.addTenant();
      await store().ensureSpace(SPACE, 3);
      // Every chunk names the common word, a few of them more than once or beside the rare one.
      const texts = Array.from({ length: POSTINGS_PER_TERM + 300 }, (_, i) =>
        [
          `filler ${i}`,
          i % 500 === 7 ? 'common common common' : 'common',
          i % 700 === 3 ? 'rare' : '',
          'words in a line',
        ].join(' '),
      );
      await writeDocument(
        store(),
        tenant,
        texts.map((text) => ({ text })),
      );
      // The four chunks with both words, then the five with the common one thrice (equal scores, any order).
      const hits = await store().keyword(tenant, keywordTermsOf('rare common'), 9, await totalsOf(tenant));
      const expected = fts5Ranking(texts, '"rare" OR "common"').slice(0, 9);
      expect(
        new Set(
          await textsOf(
            tenant,
            hits.map((h) => h.id),
          ),
        ),
      ).toEqual(new Set(expected.map((e) => e.text)));
      expect(hits.map((h) => h.score.toFixed(12))).toEqual(expected.map((e) => e.score.toFixed(12)));
    });

    it('leaves a pending document out when a query term is in thousands of chunks', async () => {
      const tenant = await subject.backend.addTenant();
      await store().ensureSpace(SPACE, 3);
      const visible = await writeDocument(
        store(),
        tenant,
        Array.from({ length: POSTINGS_PER_TERM + 100 }, (_, i) => ({ text: `common filler ${i}` })),
      );
      // Still being written: its chunks weigh most on both words, yet no read may return them.
      await writeDocument(
        store(),
        tenant,
        Array.from({ length: 50 }, () => ({ text: 'rare rare common common common' })),
        { publish: false },
      );
      await writeDocument(store(), tenant, [{ text: 'rare common' }]);
      const hits = await store().keyword(tenant, keywordTermsOf('rare common'), 5, await totalsOf(tenant));
      const rows = await store().chunks(
        tenant,
        hits.map((h) => h.id),
      );
      // Every hit a visible chunk (`chunks` reads visible ones alone), the one holding both words first.
      expect(hits).toHaveLength(5);
      expect(hits.filter((h) => rows.has(h.id))).toHaveLength(5);
      expect(rows.get(hits[0].id)?.text).toBe('rare common');
      expect(hits.slice(1).every((h) => rows.get(h.id)?.document_id === visible.documentId)).toBe(true);
    });

    it('finds the nearest vectors by cosine distance, nearest first', async () => {
      const tenant = await subject.backend.addTenant();
      await store().ensureSpace(SPACE, 3);
      const texts = ['far', 'near', 'nearest'];
      const vectors = [
        [0, 1, 0],
        [1, 1, 0],
        [1, 0.1, 0],
      ];
      await writeDocument(
        store(),
        tenant,
        texts.map((text, i) => ({ text, vector: vectors[i] })),
      );
      const hits = await store().nearest(tenant, SPACE, Float32Array.from([1, 0, 0]), 3);
      expect(
        await textsOf(
          tenant,
          hits.map((h) => h.id),
        ),
      ).toEqual(['nearest', 'near', 'far']);
      expect(hits.map((h) => Number(h.distance.toFixed(4)))).toEqual([0.005, 0.2929, 1]);
    });

    it("never returns another tenant's chunks, and another tenant's corpus changes no score", async () => {
      const [acme, globex] = [await subject.backend.addTenant(), await subject.backend.addTenant()];
      await store().ensureSpace(SPACE, 3);
      for (const text of CORPUS) await writeDocument(store(), acme, [{ text }]);
      const before = await keyword(acme, 'launch payments rollout');
      const theirs = await writeDocument(store(), globex, [
        ...Array.from({ length: 30 }, (_, i) => ({
          text: `Payments ledger entry ${i}: payments received, payments sent.`,
        })),
      ]);
      expect(await keyword(acme, 'launch payments rollout')).toEqual(before);
      expect((await keyword(globex, 'launch payments')).length).toBe(30);
      const acmeIds = new Set(before.map((h) => h.id));
      expect((await keyword(globex, 'launch payments')).some((h) => acmeIds.has(h.id))).toBe(false);
      const near = await store().nearest(globex, SPACE, Float32Array.from([1, 1, 1]), 100);
      expect(near.some((h) => acmeIds.has(h.id))).toBe(false);
      expect((await store().chunks(globex, [...acmeIds])).size).toBe(0);
      expect(await store().chunksOf(acme, theirs.rowid)).toEqual([]);
    });

    it('writes nothing for a tenant that is gone or of another generation', async () => {
      const tenant = await subject.backend.addTenant('epoch-1');
      await store().ensureSpace(SPACE, 3);
      await expect(writeDocument(store(), tenant, [{ text: 'x' }], { epoch: 'epoch-0' })).rejects.toMatchObject({
        code: 'TENANT_NOT_FOUND',
      });
      await subject.backend.deleteTenant(tenant);
      await expect(writeDocument(store(), tenant, [{ text: 'x' }])).rejects.toMatchObject({
        code: 'TENANT_NOT_FOUND',
      });
      expect(await store().usedBytes(tenant)).toBe(0);
    });

    it('counts the bytes of the documents there are, pending ones included, through removals and re-uploads', async () => {
      const [acme, globex] = [await subject.backend.addTenant(), await subject.backend.addTenant()];
      await store().ensureSpace(SPACE, 3);
      const removed = await writeDocument(store(), acme, [{ text: CORPUS[0] }, { text: CORPUS[1] }]);
      const pending = await writeDocument(store(), acme, [{ text: CORPUS[2] }], { publish: false });
      await writeDocument(store(), globex, [{ text: CORPUS[3] }]);
      expect(await store().usedBytes(acme)).toBe(200);

      const hidden = await store().hide(acme, removed.documentId);
      expect(await store().usedBytes(acme)).toBe(200);
      while ((await store().removeHiddenBatch(acme, hidden!.id, 1)) === 1);
      expect(await store().usedBytes(acme)).toBe(100);
      await store().discard(acme, pending.rowid, new Map());
      expect(await store().usedBytes(acme)).toBe(0);

      await writeDocument(store(), acme, [{ text: CORPUS[0] }]);
      const admitted: number[] = [];
      await store().beginDocument(
        { tenantId: acme },
        {
          tenantId: acme,
          documentId: randomUUID(),
          filename: 'next.txt',
          fileType: 'txt',
          fileSize: 100,
          tags: [],
          chunkingStrategy: 'fixed',
          chunkSize: 500,
          space: SPACE,
          createdAt: new Date().toISOString(),
        },
        (used) => admitted.push(used),
      );
      expect(admitted).toEqual([100]);
      expect(await store().deleteTenant(acme)).toBe(2);
      expect(await store().usedBytes(acme)).toBe(0);
      expect(await store().usedBytes(globex)).toBe(100);
    });

    it("deletes a tenant's documents with everything they hold, and no other tenant's", async () => {
      const [acme, globex] = [await subject.backend.addTenant(), await subject.backend.addTenant()];
      await store().ensureSpace(SPACE, 3);
      for (const text of CORPUS) await writeDocument(store(), acme, [{ text }]);
      await writeDocument(store(), globex, [{ text: CORPUS[0] }]);
      expect(await store().deleteTenant(acme)).toBe(4);
      expect(await store().count(acme)).toBe(0);
      expect(await keyword(acme, 'launch')).toEqual([]);
      expect(await store().nearest(acme, SPACE, Float32Array.from([1, 1, 1]), 10)).toEqual([]);
      expect((await store().termStatistics(acme, ['launch'])).documentFrequency.size).toBe(0);
      expect((await keyword(globex, 'launch')).length).toBe(1);
    });

    it("links chunks to graph entities and reads the graph through the graph's interface", async () => {
      const tenant = await subject.backend.addTenant();
      await store().ensureSpace(SPACE, 3);
      const person = await addNode(subject.backend.backend, tenant, 'person', 'p1', 'Ada Lovelace');
      const project = await addNode(subject.backend.backend, tenant, 'project', 'x1', 'Analytical Engine');
      await addEdgeAndAlias(subject.backend.backend, tenant, person, project, 'email:ada@example.com');
      await writeDocument(store(), tenant, [
        { text: 'Ada wrote the notes.', entities: [person] },
        { text: 'The engine and Ada.', entities: [person, project] },
        { text: 'Nothing named.' },
      ]);
      const linked = await store().chunksOfNodes(tenant, [person, project], 10);
      expect(await textsOf(tenant, linked)).toEqual(['The engine and Ada.', 'Ada wrote the notes.']);
      expect((await store().entitiesOfChunks(tenant, linked)).sort()).toEqual([person, project].sort());
      const graph = subject.store.graph;
      expect(await graph.neighbours(tenant, [person])).toEqual([project]);
      expect(await graph.nodesByAlias(tenant, ['email:ada@example.com'])).toEqual(
        new Map([['email:ada@example.com', project]]),
      );
      expect(
        await graph.nodesByKey(tenant, [
          { types: ['team', 'person'], id: 'p1' },
          { types: ['person'], id: 'none' },
        ]),
      ).toEqual([person, undefined]);
      expect(await graph.labelledNodes(tenant, ['project'], 5)).toEqual([{ id: project, label: 'Analytical Engine' }]);
      expect((await graph.nodeTexts(tenant, [person])).get(person)).toContain('Ada Lovelace');
      expect(await graph.nodeVersions(tenant)).toEqual(
        expect.arrayContaining([
          { id: person, updatedAt: 2 },
          { id: project, updatedAt: 2 },
        ]),
      );
      const other = await subject.backend.addTenant();
      expect(await graph.neighbours(other, [person])).toEqual([]);
      expect(await store().chunksOfNodes(other, [person], 10)).toEqual([]);
    });
  },
);
