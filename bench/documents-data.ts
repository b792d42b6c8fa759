import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** A BEIR-format dataset: corpus, queries and the test relevance judgements. */
export interface BeirDataset {
  corpus: Array<{ id: string; title: string; text: string }>;
  queries: Map<string, string>;
  /** query id → relevant corpus ids (with grades). */
  qrels: Map<string, Map<string, number>>;
}

const jsonLines = (file: string) =>
  gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { _id: string; title?: string; text: string });

export function loadBeir(dir: string): BeirDataset {
  const corpus = jsonLines(join(dir, 'corpus.jsonl.gz')).map((d) => ({
    id: d._id,
    title: d.title ?? '',
    text: d.text,
  }));
  const queries = new Map(jsonLines(join(dir, 'queries.jsonl.gz')).map((q) => [q._id, q.text]));
  const qrels = new Map<string, Map<string, number>>();
  for (const line of readFileSync(join(dir, 'qrels-test.tsv'), 'utf8').split('\n').slice(1)) {
    const [query, doc, score] = line.trim().split('\t');
    if (!query || Number(score) <= 0) continue;
    if (!qrels.has(query)) qrels.set(query, new Map());
    qrels.get(query)!.set(doc, Number(score));
  }
  return { corpus, queries, qrels };
}

/** nDCG@k of one ranking against graded judgements. */
export function ndcgAt(ranking: readonly string[], relevant: ReadonlyMap<string, number>, k: number): number {
  let dcg = 0;
  ranking.slice(0, k).forEach((id, i) => (dcg += (2 ** (relevant.get(id) ?? 0) - 1) / Math.log2(i + 2)));
  const ideal = [...relevant.values()].sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((sum, grade, i) => sum + (2 ** grade - 1) / Math.log2(i + 2), 0);
  return idcg === 0 ? 0 : dcg / idcg;
}

export function recallAt(ranking: readonly string[], relevant: ReadonlyMap<string, number>, k: number): number {
  const top = new Set(ranking.slice(0, k));
  return [...relevant.keys()].filter((id) => top.has(id)).length / relevant.size;
}

/**
 * The corpus `copies` times over, each copy's documents with their sentences rotated by the copy's
 * number and another document's title appended: a corpus of the dataset's vocabulary at any size,
 * no two texts the same.
 */
export function repeatedCorpus(data: BeirDataset, copies: number): BeirDataset['corpus'] {
  const n = data.corpus.length;
  return Array.from({ length: copies }, (_, copy) =>
    data.corpus.map((doc, i) => {
      const sentences = doc.text.split(/(?<=\.)\s+/);
      const shift = copy % sentences.length;
      const rotated = [...sentences.slice(shift), ...sentences.slice(0, shift)].join(' ');
      return {
        id: `${doc.id}-${copy}`,
        title: doc.title,
        text: `${rotated} ${data.corpus[(i + copy * 7919) % n].title}`,
      };
    }),
  ).flat();
}
