import type { ProvenanceBlock } from './provenance.js';

/** The key of a result's provenance block (`structuredContent.untrusted_content`). */
export const UNTRUSTED_CONTENT_KEY = 'untrusted_content';

const TAG = 'untrusted-content';
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** The delimiter cannot be forged from inside: its opening and closing tags are escaped in the text. */
const inner = (text: string) => text.replace(new RegExp(`<(/?)${TAG}`, 'gi'), `&lt;$1${TAG}`);

export function fence(text: string, source: string, author: string | undefined, organisation: string): string {
  const by = author ? ` author="${attribute(author)}"` : '';
  return `<${TAG} source="${attribute(source)}"${by} organisation="${organisation}">${inner(text)}</${TAG}>`;
}

const STEP = /([^.[\]]+)|\[(\d+)\]/g;
const stepsOf = (path: string): Array<string | number> =>
  [...path.matchAll(STEP)].map((m) => (m[2] !== undefined ? Number(m[2]) : (m[1] ?? '')));

/** A copy of `value` with the string at `path` replaced (the objects along the path copied, the rest shared). */
function replaced(value: unknown, steps: ReadonlyArray<string | number>, change: (text: string) => string): unknown {
  if (steps.length === 0) return typeof value === 'string' ? change(value) : value;
  if (!value || typeof value !== 'object') return value;
  const [step, ...rest] = steps;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...value }) as Record<string | number, unknown>;
  if (step === undefined || !(step in copy)) return value;
  copy[step] = replaced(copy[step], rest, change);
  return copy;
}

/**
 * The result as its text content shows it: every field its provenance block names fenced as data, with
 * its source and author, so a host (and the model) can tell what people wrote from what the server says.
 */
export function fencedForText(result: Record<string, unknown>): Record<string, unknown> {
  const block = result[UNTRUSTED_CONTENT_KEY] as ProvenanceBlock | undefined;
  if (!block?.authors) return result;
  let fenced: unknown = result;
  for (const { author, organisation, fields } of block.authors)
    for (const path of fields)
      fenced = replaced(fenced, stepsOf(path), (text) => fence(text, block.system, author, organisation));
  return fenced as Record<string, unknown>;
}
