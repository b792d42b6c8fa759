/** Lucene's operator characters inside a `text ~` phrase; they would change its meaning, so they become spaces. */
const LUCENE_SPECIAL = /[+\-&|!(){}[\]^~*?:\\/]/g;
const OPERATORS = /\b(AND|OR|NOT|TO)\b/g;

/** A CQL string literal: double quotes, with backslashes and quotes escaped. */
export const cqlString = (value: string): string => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * The user's words as one safe `text ~` value: phrases in double quotes stay phrases, Lucene operators
 * (AND, OR, NOT in capitals, + - * ? and the rest) lose their meaning, any script is kept.
 */
function textQuery(words: string): string {
  const phrases: string[] = [];
  const rest = words.replace(/"([^"]+)"/g, (_m, phrase: string) => (phrases.push(phrase), ' '));
  const clean = (text: string): string =>
    text
      .replace(LUCENE_SPECIAL, ' ')
      .replace(OPERATORS, (w) => w.toLowerCase())
      .replace(/"/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return [
    ...phrases
      .map(clean)
      .filter(Boolean)
      .map((p) => `"${p}"`),
    clean(rest),
  ]
    .filter(Boolean)
    .join(' ');
}

/** The CQL for a search: pages whose title or text match the words, in one space if given, newest first. */
export function searchCql(words: string, spaceKey?: string): string {
  const text = textQuery(words);
  const where = [
    text ? `(title ~ ${cqlString(text)} OR text ~ ${cqlString(text)})` : undefined,
    'type = page',
    spaceKey ? `space = ${cqlString(spaceKey)}` : undefined,
  ].filter(Boolean);
  return `${where.join(' AND ')} ORDER BY lastmodified DESC`;
}
