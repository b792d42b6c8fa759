/** How near a request comes to the catalog's own requests: its aliases, examples and phrasing lists. */
import type { Weights } from './factors.js';

/**
 * Terms with every id (`dc9f1370…`, `web 12`, `10:30`) as one `#id`: an example's id stands for any id, so
 * "show lead 00Q…" is as near to "show lead 00Q…2" as can be.
 * Bare numbers count as ids here and nowhere else: as words they would match any example's number.
 */
export const ID = '#id';
export const idsAsOne = (terms: readonly string[]): string[] => terms.map((t) => (/\d/.test(t) ? ID : t));

/** How much a term counts when requests are compared whole, from 0 to 1. */
export type TermWeight = (term: string) => number;

/** The catalog's evidence of one tool: its aliases, examples and phrasings, each as its terms. */
export interface ToolEvidence {
  aliases: ReadonlyArray<ReadonlySet<string>>;
  examples: ReadonlyArray<ReadonlySet<string>>;
  phrasings: ReadonlyArray<{ text: string; terms: ReadonlySet<string> }>;
}

/**
 * The weight of each term in likeness. A word the catalog's requests use but no tool's own text does is
 * a name (`ada`, `initech`, `friday`): it stands for any name, so it counts little on either side. A word
 * many tools' requests share (`show`, `team`, `acme`) tells them apart less than a rare one.
 */
function termWeights(
  ownWords: ReadonlySet<string>,
  requestFrequency: ReadonlyMap<string, number>,
  tools: number,
): TermWeight {
  const rarest = Math.log(1 + tools);
  return (term) => {
    if (term === ID) return 1;
    if (!ownWords.has(term)) return NAME_WEIGHT;
    const rarity = Math.log(1 + tools / (1 + (requestFrequency.get(term) ?? 0))) / rarest;
    return COMMON_FLOOR + (1 - COMMON_FLOOR) * rarity;
  };
}
const NAME_WEIGHT = 0.3;
const COMMON_FLOOR = 0.5;

/**
 * In how many tools' requests (examples and phrasings) each term occurs, and the names among them: the
 * words of requests that no tool's own text says (`ownWords`).
 */
export function requestWords(
  tools: readonly ToolEvidence[],
  ownWords: ReadonlySet<string>,
): { weight: TermWeight; names: Set<string> } {
  const frequency = new Map<string, number>();
  const names = new Set<string>();
  for (const tool of tools) {
    const requests = new Set([...tool.examples, ...tool.phrasings.map((p) => p.terms)].flatMap((t) => [...t]));
    for (const t of requests) {
      frequency.set(t, (frequency.get(t) ?? 0) + 1);
      if (!ownWords.has(t) && t !== ID) names.add(t);
    }
  }
  return { weight: termWeights(ownWords, frequency, tools.length), names };
}

const total = (terms: Iterable<string>, weight: TermWeight): number => {
  let sum = 0;
  for (const t of terms) sum += weight(t);
  return sum;
};

/** How near a request's terms come to a text's (the weight of shared terms over that of all terms of both), 0 to 1. */
function likeness(text: ReadonlySet<string>, terms: ReadonlySet<string>, weight: TermWeight, asked: number): number {
  let shared = 0;
  for (const t of text) if (terms.has(t)) shared += weight(t);
  // An id in the text is a slot: a request without one is a little further from it, not a word further.
  const slot = text.has(ID) && !terms.has(ID);
  const size = weightOf(text, weight) - (slot ? weight(ID) : 0);
  return (shared / (size + asked - shared || 1)) * (slot ? 0.9 : 1);
}

/** A catalog text's total weight, summed once: each search index owns its texts, the same for every request. */
const textWeights = new WeakMap<ReadonlySet<string>, number>();
function weightOf(text: ReadonlySet<string>, weight: TermWeight): number {
  const known = textWeights.get(text);
  if (known !== undefined) return known;
  const sum = total(text, weight);
  textWeights.set(text, sum);
  return sum;
}

/**
 * What the catalog's own hints add: every alias of two words or more the request holds whole, how close
 * it comes to the nearest example, and to the nearest request of the tool's phrasing list (named in the
 * reason when it is the closer evidence).
 */
export function evidenceOf(
  entry: ToolEvidence,
  terms: ReadonlySet<string>,
  weights: Weights,
  weight: TermWeight,
): { points: number; like?: string } {
  const aliases = entry.aliases
    .filter((a) => a.size > 1 && [...a].every((t) => terms.has(t)))
    .reduce((sum, a) => sum + weights.alias * a.size, 0);
  const asked = total(terms, weight);
  const example = weights.example * Math.max(0, ...entry.examples.map((e) => likeness(e, terms, weight, asked)));
  let nearest: { text: string; points: number } | undefined;
  for (const { text, terms: phrasing } of entry.phrasings) {
    const points = weights.phrasing * likeness(phrasing, terms, weight, asked);
    if (points > (nearest?.points ?? 0)) nearest = { text, points };
  }
  const points = aliases + example + (nearest?.points ?? 0);
  return nearest && nearest.points >= example ? { points, like: nearest.text } : { points };
}
