import { PDFDocument, StandardFonts } from 'pdf-lib';
import { rankChunks, type RetrievalMode } from '../src/documents/retrieve.js';
import { documentStoresOn } from '../src/documents/stores.js';
import { DocumentService } from '../src/documents/service.js';
import { openDatabase } from '../src/database.js';
import type { StoreBackend } from '../src/store/backend.js';
import { annFigures } from './documents-ann-pg.js';
import { apiQuality } from './documents-api-quality.js';
import { stageTimes } from './documents-stages.js';
import { benchCluster } from './pg.js';
import { scifactTexts, sentence, SYNTHETIC, ZIPFIAN } from './documents-corpora.js';
import { loadBeir, ndcgAt, recallAt } from './documents-data.js';
import { latencyOnImages } from './documents-latency.js';
import type { BenchResult } from './lib.js';
import { median, percentile, time } from './lib.js';

const SUITE = 'documents';
const encode = (text: string) => new TextEncoder().encode(text);
/** Uploads in flight at once while a latency corpus is filled. */
const UPLOADS_AT_ONCE = 4;
/** Queries timed per mode and corpus size (after ten that warm up). */
const QUERIES = 100;
const MODES: RetrievalMode[] = ['keyword', 'vector_only', 'hybrid', 'graph_expanded'];

/**
 * Retrieval quality on a BEIR dataset given as a folder (`npm run bench -- ../shared/benchmarks/scifact`):
 * every corpus document uploaded as a text document of the local embedder's tenant, then nDCG@10 and
 * recall@10/100 per mode over the test queries (`keyword` is bm25 alone, the baseline), and the default
 * mode's nDCG@10 through the public API beside plain bm25 (bench/documents-api-quality.ts). Also,
 * with or without a dataset: ingestion throughput (PDF pages, text megabytes) and query latency per
 * mode at 10,000 to 100,000 chunks on SQLite (stores filled once and cached, `bench/documents-latency.ts`;
 * `BENCH_DOCUMENTS_BASELINE` names a checkout whose hybrid queries take turns with ours) and, when a
 * database can be had (`bench/pg.ts`), at 10,000 and 100,000 chunks filled through uploads on PostgreSQL.
 */
export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const dir = process.env.BENCH_DATASET;
  if (dir) results.push(...(await quality(dir)), ...(await apiQuality(loadBeir(dir))));
  else
    process.stderr.write(
      'documents: no dataset folder given, retrieval quality skipped (npm run bench -- <beir folder>)\n',
    );
  results.push(...(await throughput()));
  results.push(...(await latencyOnImages('SQLite', SYNTHETIC)));
  results.push(...(await latencyOnImages('SQLite, Zipfian papers', ZIPFIAN)));
  if (dir) results.push(...(await latencyOnImages('SQLite, SciFact texts', scifactTexts(dir))));
  const pg = await benchCluster();
  if (pg)
    try {
      const backend = await pg.open();
      // PostgreSQL writes only for tenants that exist (the tenant gate).
      await backend.pool.query(
        "INSERT INTO tenants (id, consumer_id, created_at, updated_at) VALUES ('lat', 'lat', '', '')",
      );
      results.push(...(await latency('PostgreSQL', backend)));
    } catch (error) {
      // The SQLite figures are still reported.
      process.stderr.write(`documents: PostgreSQL figures skipped: ${String(error)}\n`);
    } finally {
      await pg.close();
    }
  return results;
}

async function quality(dir: string): Promise<BenchResult[]> {
  const data = loadBeir(dir);
  const service = new DocumentService(documentStoresOn({ kind: 'sqlite', db: openDatabase(':memory:') }));
  const t0 = performance.now();
  let bytes = 0;
  for (const doc of data.corpus) {
    const text = `${doc.title}\n${doc.text}`;
    bytes += text.length;
    await service.upload('beir', {
      filename: `${doc.id}.txt`,
      bytes: encode(text),
      chunkSize: 4000,
      extractEntities: false,
    });
  }
  const seconds = (performance.now() - t0) / 1000;
  const out: BenchResult[] = [
    {
      suite: SUITE,
      name: `beir upload (${data.corpus.length} docs)`,
      value: data.corpus.length / seconds,
      unit: 'docs/s',
      note: `${(bytes / 1e6 / seconds).toFixed(2)} MB/s`,
    },
  ];
  const tests = [...data.qrels.keys()].filter((q) => data.queries.has(q));
  // SciFact has test judgements only: the hybrid weights were chosen on the odd-positioned queries, so
  // the even half is the held-out check; both halves and the whole are reported.
  const halves = { odd: (i: number) => i % 2 === 1, even: (i: number) => i % 2 === 0 } as const;
  for (const mode of MODES) {
    const ndcg: number[] = [];
    const r10: number[] = [];
    const r100: number[] = [];
    const durations: number[] = [];
    for (const q of tests) {
      const start = performance.now();
      const ranked = await rankChunks(service, 'beir', data.queries.get(q)!, mode, 100);
      durations.push(performance.now() - start);
      const rows = await service.store.chunks(
        'beir',
        ranked.map((r) => r.id),
      );
      const docs = [
        ...new Set(
          ranked.map((r) => rows.get(r.id)?.filename.replace(/\.txt$/, '')).filter((x): x is string => x !== undefined),
        ),
      ];
      const relevant = data.qrels.get(q)!;
      ndcg.push(ndcgAt(docs, relevant, 10));
      r10.push(recallAt(docs, relevant, 10));
      r100.push(recallAt(docs, relevant, 100));
    }
    durations.sort((a, b) => a - b);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const byHalf = (xs: number[]) =>
      Object.entries(halves)
        .map(([half, keep]) => `${half} ${mean(xs.filter((_, i) => keep(i))).toFixed(3)}`)
        .join(', ');
    out.push(
      {
        suite: SUITE,
        name: `beir ${mode} nDCG@10 (${tests.length} queries)`,
        value: mean(ndcg),
        unit: '',
        note: `${byHalf(ndcg)}${mode === 'hybrid' ? '; weights tuned on odd' : ''}`,
      },
      { suite: SUITE, name: `beir ${mode} recall@10`, value: mean(r10), unit: '', note: byHalf(r10) },
      { suite: SUITE, name: `beir ${mode} recall@100`, value: mean(r100), unit: '' },
      {
        suite: SUITE,
        name: `beir ${mode} query p50`,
        value: median(durations),
        unit: 'ms',
        note: `p90 ${percentile(durations, 90).toFixed(1)} ms`,
      },
    );
  }
  return out;
}

async function throughput(): Promise<BenchResult[]> {
  const service = new DocumentService(documentStoresOn({ kind: 'sqlite', db: openDatabase(':memory:') }));
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 50; p++) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < 40; line++)
      page.drawText(`Page ${p} line ${line}: ${sentence(p * 40 + line)}`, { x: 30, y: 800 - line * 19, size: 9, font });
  }
  const pdfBytes = await pdf.save();
  await service.upload('t', { filename: 'warm.pdf', bytes: pdfBytes }); // pdf.js loads on first use
  const pdfRuns = await time(() => service.upload('t', { filename: 'doc.pdf', bytes: pdfBytes }), 5, 1);
  const text = Array.from({ length: 2000 }, (_, i) => sentence(i)).join(' ');
  const textRuns = await time(() => service.upload('t', { filename: 'doc.txt', bytes: encode(text) }), 10, 2);
  return [
    {
      suite: SUITE,
      name: 'PDF ingestion (50 pages, median run)',
      value: 50 / (median(pdfRuns) / 1000),
      unit: 'pages/s',
    },
    {
      suite: SUITE,
      name: `text ingestion (${(text.length / 1e6).toFixed(2)} MB, median run)`,
      value: text.length / 1e6 / (median(textRuns) / 1000),
      unit: 'MB/s',
    },
  ];
}

/** Query latency per mode as the tenant's corpus grows, on one backend. */
async function latency(label: string, backend: StoreBackend, corpus = SYNTHETIC): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const service = new DocumentService(documentStoresOn(backend));
  let chunks = 0;
  let doc = 0;
  // Uploads run a few at a time, as the upload workers allow: corpora of short documents take long to fill.
  const uploader = async (target: number) => {
    while (chunks < target) {
      const next = doc++;
      const { chunk_count: added } = await service.upload('lat', {
        filename: `d${next}.txt`,
        bytes: encode(corpus.text(next)),
        chunkSize: corpus.chunkSize,
        extractEntities: false,
      });
      chunks += added;
    }
  };
  for (const target of [10_000, 100_000]) {
    await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, () => uploader(target)));
    for (const mode of ['vector_only', 'hybrid', 'graph_expanded'] as const) {
      let i = 0;
      const stages = mode === 'hybrid' ? stageTimes(service.store) : undefined;
      const query = () => service.query('lat', { query: corpus.query(i++), top_k: 10, mode, include_context: true });
      const runs = await time(() => (stages ? stages.measured(query) : query()), QUERIES, 10);
      const at = `at ${chunks.toLocaleString('en-US')} chunks`;
      out.push({
        suite: SUITE,
        name: `${mode} query ${at} p50 (${label})`,
        value: median(runs),
        unit: 'ms',
        note: `p90 ${percentile(runs, 90).toFixed(1)} ms`,
      });
      if (stages) out.push(...stages.results(`${at}, ${label}`, QUERIES));
    }
    if (backend.kind === 'postgres')
      out.push(
        ...(await annFigures(
          service,
          backend.pool,
          'lat',
          Array.from({ length: 100 }, (_, i) => corpus.query(i)),
        )),
      );
  }
  await service.close();
  return out;
}
