import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { seededRandom } from '../test/helpers/seeded-random.js';

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

/** English function words, the most frequent ranks of the Zipfian vocabulary, as in real text. */
const FUNCTION_WORDS =
  'the of and in to a with was for that is by were as on from at this are be or an which these not than between after had has have its their but we our all more both may also into there only can been during other no'.split(
    ' ',
  );
const SYLLABLES =
  'ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo ga ge go ha he hi ka ke ki ko la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo za ze zo xan ter ol ine ase ide sis gen tic'.split(
    ' ',
  );

/** The vocabulary's word of a rank: function words first, then made-up words, longer as they get rarer. */
function wordOfRank(rank: number): string {
  if (rank < FUNCTION_WORDS.length) return FUNCTION_WORDS[rank];
  let n = rank - FUNCTION_WORDS.length + SYLLABLES.length;
  let word = '';
  while (n > 0) {
    word = SYLLABLES[n % SYLLABLES.length] + word;
    n = Math.floor(n / SYLLABLES.length);
  }
  return word;
}

/**
 * Papers over a Zipfian vocabulary (`vocabulary` words, the rank-r word drawn with weight 1/r^1.07, as in
 * English text; function words at the top): a title of six to thirteen words, then three to six paragraphs
 * of five to nine sentences of twelve to thirty words (an abstract's length each), so a paper is three to
 * eight chunks at the default chunk size. A query is a sentence of one paper cut to eight to sixteen words,
 * as a claim a reader would type: most of its words are rare, a few are in most chunks. Generated in code,
 * the same on every run.
 */
export function zipfianCorpus(vocabulary = 50_000) {
  const cumulative = new Float64Array(vocabulary);
  let total = 0;
  for (let r = 0; r < vocabulary; r++) cumulative[r] = total += 1 / (r + 1) ** 1.07;
  const draw = (random: () => number) => {
    const x = random() * total;
    let lo = 0;
    let hi = vocabulary - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return wordOfRank(lo);
  };
  const sentenceOf = (random: () => number, words: number) =>
    Array.from({ length: words }, () => draw(random)).join(' ');
  const paper = (doc: number) => {
    const random = seededRandom(doc * 2 + 1);
    const title = sentenceOf(random, 6 + Math.floor(random() * 8));
    const paragraphs = Array.from({ length: 3 + Math.floor(random() * 4) }, () =>
      Array.from(
        { length: 5 + Math.floor(random() * 5) },
        () => `${sentenceOf(random, 12 + Math.floor(random() * 19))}.`,
      ),
    );
    return { title, paragraphs };
  };
  return {
    text: (doc: number) => {
      const { title, paragraphs } = paper(doc);
      return `${title}\n\n${paragraphs.map((p) => p.join(' ')).join('\n\n')}`;
    },
    query: (i: number, documents: number) => {
      const random = seededRandom(i * 2 + 2);
      const sentences = paper(Math.floor(random() * documents)).paragraphs.flat();
      const words = sentences[Math.floor(random() * sentences.length)].replace(/\.$/, '').split(' ');
      return words.slice(0, 8 + Math.floor(random() * 9)).join(' ');
    },
  };
}
