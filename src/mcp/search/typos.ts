import { isStopword } from './text.js';

/** Edit distance with transpositions (`serach` → `search` is one edit), or `limit + 1` once past `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_v, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length];
}

/**
 * Whether a short word may be a slip of this one: a letter missing, added or swapped with its neighbour,
 * never another letter in its place, so "five" stays five rather than becoming "file".
 */
const slipOf = (word: string, candidate: string): boolean =>
  word.length > 5 || word.length !== candidate.length || [...word].sort().join('') === [...candidate].sort().join('');

/** Endings that inflect a word without making it another: plurals, tenses. */
const INFLECTIONS = ['s', 'es', 'ed', 'd', 'ing'];

/**
 * Edits a word of this length may be away from the catalog's word it meant: one (a slip, a swap), as two
 * turn real words into catalog words ("conference" is two edits from "confluence").
 */
const allowedEdits = (length: number): number => (length >= 3 ? 1 : 0);

/**
 * Of two words as many edits away, the one that keeps the first letter ("seach" is search, not each: a slip
 * rarely takes the first letter), then the more common.
 */
function likelier(
  word: string,
  candidate: { word: string; frequency: number },
  best: { word: string; frequency: number },
) {
  const keeps = (w: string) => w[0] === word[0];
  if (keeps(candidate.word) !== keeps(best.word)) return keeps(candidate.word);
  return candidate.frequency > best.frequency;
}

/** A word with every doubled letter single: "comnet" is a swap from "comment" once its "mm" is "m". */
const singled = (word: string): string => word.replace(/(.)\1+/g, '$1');

/**
 * Corrects misspelt words against the catalog's vocabulary (names, descriptions, hints, synonyms and
 * the products systems are called by): a word the catalog does not know becomes the nearest one it
 * does within a bounded number of edits (see `likelier` on a tie). Words with digits are left
 * alone: they are ids and keys.
 */
export class TypoCorrector {
  private readonly byLength = new Map<number, Array<{ word: string; frequency: number }>>();
  private readonly known = new Set<string>();

  constructor(frequency: ReadonlyMap<string, number>) {
    for (const [word, count] of frequency) {
      this.known.add(word);
      // A stop word is never what a misspelt word meant: "hour" is not "our".
      if (word.length < 3 || /\d/.test(word) || isStopword(word)) continue;
      const bucket = this.byLength.get(word.length) ?? [];
      bucket.push({ word, frequency: count });
      this.byLength.set(word.length, bucket);
    }
  }

  /**
   * A known word, or one inflected ("connections", "engineers", "reviewed"): an inflection of a known
   * word is that word, never a slip to correct into a neighbour ("connections" is no "connection" typo).
   */
  private isKnown(word: string): boolean {
    return (
      this.known.has(word) ||
      INFLECTIONS.some((ending) => word.endsWith(ending) && this.known.has(word.slice(0, -ending.length)))
    );
  }

  /** The word meant, or the word itself when it is known, too short, an id, or near nothing known. */
  correct(word: string): string {
    const limit = allowedEdits(word.length);
    if (limit === 0 || this.isKnown(word) || isStopword(word) || /\d/.test(word)) return word;
    let best: { word: string; edits: number; frequency: number } | undefined;
    // A three-letter word is only ever a longer word missing a letter (`pul`), never another short word.
    const shortest = word.length === 3 ? 4 : word.length - limit;
    for (let length = shortest; length <= word.length + limit; length++) {
      for (const candidate of this.byLength.get(length) ?? []) {
        if (!slipOf(word, candidate.word)) continue;
        // A doubled letter written once is no edit of its own: "comnet" is a swap from "comment" written "coment".
        const single = singled(candidate.word);
        const edits = Math.min(
          distance(word, candidate.word, limit),
          single === candidate.word || !slipOf(word, single) ? limit + 1 : distance(word, single, limit),
        );
        if (edits > limit) continue;
        if (!best || edits < best.edits || (edits === best.edits && likelier(word, candidate, best)))
          best = { word: candidate.word, edits, frequency: candidate.frequency };
      }
    }
    return best?.word ?? word;
  }
}
