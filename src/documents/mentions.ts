import { mentionedKeys, mentionedTypes, type MentionPattern } from '../graph/ingest/mentions.js';

/** A graph node a text may name by its label (a person's name, a page's title), lower-cased. */
export interface EntityLabel {
  id: number;
  label: string;
}

/** A mention to look up in the graph: a node type and id, or (type `email`) an alias. */
export type Mention = readonly [type: string, key: string];

/** What one text names: nodes found by label, and mentions the graph still has to confirm. */
export interface TextMentions {
  named: number[];
  lookups: Mention[];
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
export const MIN_LABEL_LENGTH = 5;

/**
 * The mentions of a text, without the database (so a worker thread can find them): the nodes the systems'
 * mention patterns recognise (tickets by key, repositories by name, pull requests as `owner/repo#12`), people
 * by email, and the given labels where the text names them as whole words.
 */
export function mentionsOf(
  text: string,
  labels: readonly EntityLabel[],
  patterns: readonly MentionPattern[],
): TextMentions {
  const lookups: Mention[] = [];
  for (const type of mentionedTypes(patterns))
    for (const key of mentionedKeys(patterns, type, text)) lookups.push([type, key]);
  for (const [email] of text.matchAll(EMAIL)) lookups.push(['email', email.toLowerCase()]);
  const lower = text.toLowerCase();
  const named = labels.filter(({ label }) => lower.includes(label) && wordBounded(lower, label)).map((l) => l.id);
  return { named, lookups };
}

function wordBounded(text: string, label: string): boolean {
  for (let at = text.indexOf(label); at >= 0; at = text.indexOf(label, at + 1)) {
    const before = text[at - 1];
    const after = text[at + label.length];
    if ((!before || !/[\p{L}\p{N}]/u.test(before)) && (!after || !/[\p{L}\p{N}]/u.test(after))) return true;
  }
  return false;
}
