import type pg from 'pg';
import type { DocumentService } from '../src/documents/service.js';
import type { BenchResult } from './lib.js';
import { median, percentile } from './lib.js';

const SUITE = 'documents';
const K = 10;
type Hit = { id: number; distance: number };
const vectorText = (vector: Float32Array) => `[${vector.join(',')}]`;
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The nearest-chunk search of PostgreSQL's document storage (exact: every vector of the tenant's space) beside
 * an HNSW pass over the same rows: a partial HNSW index for the embedding space (an HNSW index needs a fixed
 * dimension, so it is on `embedding::vector(N)` where `space = …`), queried with `hnsw.iterative_scan` so that
 * rows the tenant filter drops do not leave the answer short. Reports each pass's latency, the index's build
 * time and the HNSW pass's recall@10 against the exact one; drops the index at the end (the storage does
 * not use one: these figures decide whether it should).
 */
export async function annFigures(
  service: DocumentService,
  pool: pg.Pool,
  tenantId: string,
  queries: readonly string[],
): Promise<BenchResult[]> {
  const { space } = await service.space();
  const dimension = await service.embedder.dimension();
  const vectors = await Promise.all(
    queries.map(async (q) => service.embedder.embedQuery(q, await service.corpusStatsFor(tenantId, q))),
  );
  const [{ n: chunks }] = (
    await pool.query<{ n: string }>('SELECT count(*) AS n FROM document_vectors WHERE tenant_id = $1', [tenantId])
  ).rows;
  const at = `at ${Number(chunks).toLocaleString('en-US')} chunks`;

  // Statistics as a grown tenant's would be: without them the planner takes the tenant for a small one and
  // scans its vectors exactly, index or not.
  await pool.query('ANALYZE document_vectors, document_chunks, documents');
  const exact = await timed(vectors, (v) => service.store.nearest(tenantId, space, v, K));
  const index = `bench_document_vectors_hnsw_${dimension}`;
  const typed = `embedding::vector(${dimension})`;
  const built = performance.now();
  await pool.query(
    `CREATE INDEX ${index} ON document_vectors USING hnsw ((${typed}) vector_cosine_ops) WHERE space = ${quoted(space)}`,
  );
  const buildSeconds = (performance.now() - built) / 1000;
  const client = await pool.connect();
  try {
    // relaxed_order: the scan goes on past ef_search candidates until the tenant filter leaves K rows; the
    // outer ORDER BY puts the few it returns slightly out of order back in order.
    await client.query("SET hnsw.iterative_scan = 'relaxed_order'");
    const sql = `SELECT id, distance FROM (
        SELECT v.chunk_id AS id, v.${typed} <=> $2::vector(${dimension}) AS distance
        FROM document_vectors v JOIN document_chunks c ON c.id = v.chunk_id JOIN documents d ON d.id = c.document_rowid AND NOT d.pending
        WHERE v.tenant_id = $1 AND v.space = ${quoted(space)}
        ORDER BY v.${typed} <=> $2::vector(${dimension}) LIMIT ${K}
      ) near ORDER BY distance, id`;
    const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, [tenantId, vectorText(vectors[0])]);
    const usesIndex = plan.rows.some((row) => row['QUERY PLAN'].includes(index));
    const approximate = await timed(vectors, async (v) => {
      const { rows } = await client.query<{ id: string; distance: number }>(sql, [tenantId, vectorText(v)]);
      return rows.map((row) => ({ id: Number(row.id), distance: row.distance }));
    });
    // A hit as near as the exact pass's last counts as found: chunks at equal distances are interchangeable.
    const recall =
      exact.answers.reduce((sum, answer, i) => {
        const bound = (answer.at(-1)?.distance ?? 0) + 1e-6;
        const found = approximate.answers[i].filter((hit) => hit.distance <= bound).length;
        return sum + Math.min(found, answer.length) / Math.max(1, answer.length);
      }, 0) / exact.answers.length;
    return [
      {
        suite: SUITE,
        name: `nearest ${K} chunks ${at} p50, exact (PostgreSQL)`,
        value: median(exact.durations),
        unit: 'ms',
        note: `p90 ${percentile(exact.durations, 90).toFixed(1)} ms; what the storage runs today`,
      },
      {
        suite: SUITE,
        name: `nearest ${K} chunks ${at} p50, HNSW (PostgreSQL)`,
        value: median(approximate.durations),
        unit: 'ms',
        note: `p90 ${percentile(approximate.durations, 90).toFixed(1)} ms; recall@${K} vs exact ${recall.toFixed(3)}; index built in ${buildSeconds.toFixed(1)} s${usesIndex ? '' : '; PLAN DID NOT USE THE INDEX'}`,
      },
    ];
  } finally {
    client.release();
    await pool.query(`DROP INDEX IF EXISTS ${index}`);
  }
}

/** Runs `search` for every vector (after a warm-up pass over the first ten): its answers, and sorted durations. */
async function timed(
  vectors: readonly Float32Array[],
  search: (vector: Float32Array) => Promise<Hit[]>,
): Promise<{ answers: Hit[][]; durations: number[] }> {
  for (const v of vectors.slice(0, 10)) await search(v);
  const answers: Hit[][] = [];
  const durations: number[] = [];
  for (const v of vectors) {
    const t0 = performance.now();
    answers.push(await search(v));
    durations.push(performance.now() - t0);
  }
  return { answers, durations: durations.sort((a, b) => a - b) };
}
