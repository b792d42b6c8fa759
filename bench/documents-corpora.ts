import { loadBeir, repeatedCorpus, zipfianCorpus } from './documents-data.js';
import type { FillCorpus } from './documents-fill.js';

/** A latency corpus: its documents' texts, their chunk size, and the queries asked (`key` names it for the fill's cache). */
export interface LatencyCorpus extends FillCorpus {
  query(i: number): string;
}

/** Pseudo-sentences of 75 words: every word is in most chunks, the worst case for keyword candidates. */
export const SYNTHETIC: LatencyCorpus = {
  key: 'synthetic sentences, 10 paragraphs of 6, chunk size 600',
  text: (doc) => Array.from({ length: 10 }, (_, i) => sentences(doc * 10 + i, 6)).join('\n\n'),
  chunkSize: 600,
  query: (i) => sentence(i * 7919),
};

/**
 * Papers over a 50,000-word Zipfian vocabulary (`zipfianCorpus`) at default settings, each query a sentence
 * of one of the first papers: most query words are rare, as in real text, a few are in most chunks.
 */
const ZIPFIAN_PAPERS = zipfianCorpus();
export const ZIPFIAN: LatencyCorpus = {
  key: 'zipfian papers, vocabulary 50000, default chunk size',
  text: ZIPFIAN_PAPERS.text,
  query: (i) => ZIPFIAN_PAPERS.query(i, 1000),
};

/** SciFact's abstracts repeated (sentences rotated, another title added) at default settings, its test queries asked. */
export function scifactTexts(dir: string): LatencyCorpus {
  const data = loadBeir(dir);
  const corpus = repeatedCorpus(data, 20);
  const queries = [...data.queries.values()];
  return {
    key: `scifact texts of ${dir}, ${data.corpus.length} abstracts, 20 copies, default chunk size`,
    text: (doc) => `${corpus[doc % corpus.length].title}\n${corpus[doc % corpus.length].text}`,
    query: (i) => queries[i % queries.length],
  };
}

const WORDS =
  'protein cell gene expression tumor immune response patient risk disease therapy dose mouse model signal pathway receptor binding clinical trial infection virus bacteria antibody brain neuron memory sleep diet obesity insulin glucose heart blood pressure vessel lung cancer mutation dna rna enzyme metabolism growth factor stem tissue liver kidney bone muscle hormone vitamin drug resistance vaccine population cohort study effect increase decrease level rate'.split(
    ' ',
  );

/** A deterministic pseudo-sentence (Zipf-like word choice) so runs are comparable. */
export function sentence(seed: number): string {
  let x = (seed * 2654435761) >>> 0;
  const words: string[] = [];
  for (let i = 0; i < 14; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    words.push(WORDS[Math.floor(WORDS.length * (x / 2 ** 32) ** 2)]);
  }
  return words.join(' ') + '.';
}

const sentences = (seed: number, n: number) => Array.from({ length: n }, (_, i) => sentence(seed * 31 + i)).join(' ');
