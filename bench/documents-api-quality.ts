import Database from 'better-sqlite3';
import { startTestServer } from '../test/helpers/server.js';
import { ndcgAt, type BeirDataset } from './documents-data.js';
import type { BenchResult } from './lib.js';

const SUITE = 'documents';
/** Uploads in flight at once: the most one tenant may have running with default settings. */
const UPLOAD_CONCURRENCY = 2;
const TOP = 10;

/**
 * The dataset as an outside client meets it: the real HTTP server, each document uploaded as its own
 * `.txt` (title line, then text) through `POST /documents/upload` with default settings, each test query
 * sent to `POST /documents/query` in the default mode with `top_k` 10, the results' documents scored in
 * the order they come (a document repeated counts once, where it first appears). Beside it, plain FTS5
 * bm25 over the same texts. `BENCH_API_DOCS` keeps the judged documents and fills up to that many corpus
 * documents (the whole corpus by default).
 */
export async function apiQuality(data: BeirDataset): Promise<BenchResult[]> {
  const tests = [...data.qrels.keys()].filter((q) => data.queries.has(q));
  const corpus = subset(data, tests);
  const server = await startTestServer({ config: { rateLimitPerMinute: 0 } });
  try {
    const token = await server.tokenFor('acme');
    const t0 = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < corpus.length) {
        const doc = corpus[next++];
        const form = new FormData();
        form.append('file', new Blob([`${doc.title}\n${doc.text}`]), `${doc.id}.txt`);
        const res = await fetch(`${server.url}/documents/upload`, {
          method: 'POST',
          headers: { 'X-JWT-Token': token },
          body: form,
        });
        if (res.status !== 200) throw new Error(`upload of ${doc.id} answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, worker));
    const seconds = (performance.now() - t0) / 1000;
    const api: number[] = [];
    const bm25: number[] = [];
    const keyword = bm25Index(corpus);
    for (const q of tests) {
      const res = await fetch(`${server.url}/documents/query`, {
        method: 'POST',
        headers: { 'X-JWT-Token': token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: data.queries.get(q), top_k: TOP }),
      });
      if (res.status !== 200) throw new Error(`query ${q} answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as { results: Array<{ metadata: { filename: string } }> };
      const docs = [...new Set(body.results.map((r) => r.metadata.filename.replace(/\.txt$/, '')))];
      api.push(ndcgAt(docs, data.qrels.get(q)!, TOP));
      bm25.push(ndcgAt(keyword(data.queries.get(q)!), data.qrels.get(q)!, TOP));
    }
    keyword.close();
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    // The document share was chosen on the odd-positioned queries: the even half is the held-out check.
    const byHalf = (xs: number[]) =>
      `odd ${mean(xs.filter((_, i) => i % 2 === 1)).toFixed(3)}, even ${mean(xs.filter((_, i) => i % 2 === 0)).toFixed(3)}`;
    const size = `${corpus.length} docs, ${tests.length} queries`;
    return [
      {
        suite: SUITE,
        name: `api upload (${size})`,
        value: corpus.length / seconds,
        unit: 'docs/s',
        note: `${UPLOAD_CONCURRENCY} at a time, default settings`,
      },
      { suite: SUITE, name: `api hybrid (default) nDCG@10 (${size})`, value: mean(api), unit: '', note: byHalf(api) },
      {
        suite: SUITE,
        name: `api FTS5 bm25 baseline nDCG@10 (${size})`,
        value: mean(bm25),
        unit: '',
        note: byHalf(bm25),
      },
    ];
  } finally {
    await server.close();
  }
}

function subset(data: BeirDataset, tests: readonly string[]): BeirDataset['corpus'] {
  const limit = Number(process.env.BENCH_API_DOCS ?? data.corpus.length);
  const judged = new Set(tests.flatMap((q) => [...data.qrels.get(q)!.keys()]));
  const kept = data.corpus.filter((d) => judged.has(d.id));
  for (const doc of data.corpus) {
    if (kept.length >= limit) break;
    if (!judged.has(doc.id)) kept.push(doc);
  }
  return kept;
}

/** Plain bm25 over the documents in a throwaway FTS5 table: the query's words OR-ed, best 10 documents. */
function bm25Index(corpus: BeirDataset['corpus']) {
  const db = new Database(':memory:');
  db.exec("CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, body, tokenize = 'porter unicode61')");
  const insert = db.prepare('INSERT INTO docs (id, body) VALUES (?, ?)');
  db.transaction(() => corpus.forEach((d) => insert.run(d.id, `${d.title}\n${d.text}`)))();
  const search = db.prepare<[string, number], { id: string }>(
    'SELECT id FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT ?',
  );
  const rank = (query: string): string[] => {
    const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
    return words.length ? search.all(words.map((w) => `"${w}"`).join(' OR '), TOP).map((r) => r.id) : [];
  };
  return Object.assign(rank, { close: () => db.close() });
}
