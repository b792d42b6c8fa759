import { stemmer } from 'stemmer';

/*
 * Keyword terms as SQLite's FTS5 makes them with `tokenize = 'porter unicode61'` (what keyword search
 * indexed before it was computed in the project), so rankings stay those users had, and both backends
 * index and rank the same terms. unicode61: letters, digits and private-use characters make tokens,
 * everything else separates them; tokens are lower-cased and lose their diacritics (SQLite's "simple"
 * removal: a letter with one diacritic becomes its base letter). porter: Martin Porter's algorithm on
 * tokens of 3 to 64 bytes.
 */

/** Combining diacritics (U+0300 on, one bit each) a token continues through: SQLite's `sqlite3Fts5UnicodeIsdiacritic`. */
const DIACRITIC_MASKS = [0x08029fdf, 0x000361f8];
const DIACRITICS = Array.from({ length: 50 }, (_, i) => i)
  .filter((i) => (DIACRITIC_MASKS[i >> 5] & (1 << (i & 31))) !== 0)
  .map((i) => String.fromCodePoint(768 + i))
  .join('');
const TOKEN = new RegExp(`[\\p{L}\\p{N}\\p{Co}][\\p{L}\\p{N}\\p{Co}${DIACRITICS}]*`, 'gu');

/*
 * SQLite's `fts5_remove_diacritic` table: each key is (first codepoint << 3 | range length - 1), the
 * range's letters fold to the base letter at the same position ('_' to nothing; upper case: only the
 * "complex" removal, which unicode61 does not use by default, folds them).
 */
// prettier-ignore
const DIACRITIC_KEYS = [0, 1797, 1848, 1859, 1891, 1928, 1940, 1995, 2024, 2040, 2060, 2110, 2168, 2206, 2264, 2286, 2344, 2383, 2472, 2488, 2516, 2596, 2668, 2732, 2782, 2842, 2894, 2954, 2984, 3000, 3028, 3336, 3456, 3696, 3712, 3728, 3744, 3766, 3832, 3896, 3912, 3928, 3944, 3968, 4008, 4040, 4056, 4106, 4138, 4170, 4202, 4234, 4266, 4296, 4312, 4344, 4408, 4424, 4442, 4472, 4488, 4504, 6148, 6198, 6264, 6280, 6360, 6429, 6505, 6529, 61448, 61468, 61512, 61534, 61592, 61610, 61642, 61672, 61688, 61704, 61726, 61784, 61800, 61816, 61836, 61880, 61896, 61914, 61948, 61998, 62062, 62122, 62154, 62184, 62200, 62218, 62252, 62302, 62364, 62410, 62442, 62478, 62536, 62554, 62584, 62604, 62640, 62648, 62656, 62664, 62730, 62766, 62830, 62890, 62924, 62974, 63032, 63050, 63082, 63118, 63182, 63242, 63274, 63310, 63368, 63390];
const DIACRITIC_BASES =
  '_aceinouyyacdeeghijklnorstuuwyzouaiouUAgkoOjgnAaeiorusthaeOoOy________abCddEeEfghhiIklLlmnOprRrsStuUvwwxyzhtwyaAAAeEEioOOOuUUy';

function withoutDiacritic(code: number): string | undefined {
  const key = (code << 3) | 7;
  let lo = 0;
  let hi = DIACRITIC_KEYS.length - 1;
  let found = 0;
  while (hi >= lo) {
    const mid = (lo + hi) >> 1;
    if (key >= DIACRITIC_KEYS[mid]) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const base = DIACRITIC_BASES[found];
  const entry = DIACRITIC_KEYS[found];
  if (code > (entry >> 3) + (entry & 7) || (base >= 'A' && base <= 'Z')) return undefined;
  return base === '_' ? '' : base;
}

const DOTLESS_I = '\u0131';

/** One character case-folded and, for Latin letters, bare. */
function foldCharacter(char: string): string {
  const code = char.codePointAt(0)!;
  if (code < 128) return char.toLowerCase();
  // SQLite's fold table covers the Basic Multilingual Plane and Deseret only.
  if (code >= 65536 && !(code >= 66560 && code < 66600)) return char;
  // Unicode's simple case folding: as lower-casing, but µ, ſ, ς... fold to μ, s, σ (through their upper
  // case), while the dotless ı stays itself.
  const upper = char.toUpperCase();
  const lower = upper.length === 1 && upper !== char && char !== DOTLESS_I ? upper.toLowerCase() : char.toLowerCase();
  const folded = [...lower].length === 1 ? lower : char;
  return withoutDiacritic(folded.codePointAt(0)!) ?? folded;
}

const foldToken = (token: string): string => {
  let out = '';
  for (const char of token) out += foldCharacter(char);
  return out;
};

const ASCII = /^[\p{ASCII}]*$/u;
/** TOKEN within ASCII text, where its letters and digits are these and no diacritic occurs. */
const ASCII_TOKEN = /[A-Za-z0-9]+/g;

/** Stands for a byte above 127: a character without case that is no vowel, as such a byte is to FTS5's porter. */
const HIGH_BYTE = 0x3400;

/**
 * Porter's algorithm over the token's UTF-8 bytes, as FTS5 runs it: a non-ASCII letter is as many
 * consonants as it has bytes, which decides some measures ("straße" loses its "e").
 */
function stemBytes(token: string): string {
  const chars = Array.from(Buffer.from(token, 'utf8'), (b) => String.fromCharCode(b < 128 ? b : HIGH_BYTE + b));
  const stemmed = stemmer(chars.join(''));
  return Buffer.from(Array.from(stemmed, (c) => c.charCodeAt(0) % HIGH_BYTE)).toString('utf8');
}

/** Stems of the ASCII tokens seen lately: a text's words mostly recur, and Porter's steps are some regexes each. */
const stems = new Map<string, string>();
/** Stems remembered at most (then forgotten all at once): a few MB whatever the vocabulary. */
const MAX_STEMS = 50_000;

function stemOf(folded: string): string {
  let stem = stems.get(folded);
  if (stem === undefined) {
    stem = stemmer(folded);
    if (stems.size >= MAX_STEMS) stems.clear();
    stems.set(folded, stem);
  }
  return stem;
}

/** The keyword terms of a text in order, each as often as it occurs (a chunk's length is their count). */
export function keywordTermsOf(text: string): string[] {
  if (ASCII.test(text)) return asciiTermsOf(text);
  const terms: string[] = [];
  for (const [token] of text.matchAll(TOKEN)) {
    const ascii = ASCII.test(token);
    const folded = ascii ? token.toLowerCase() : foldToken(token);
    if (folded === '') continue;
    const bytes = ascii ? folded.length : Buffer.byteLength(folded, 'utf8');
    terms.push(bytes < 3 || bytes > 64 ? folded : ascii ? stemOf(folded) : stemBytes(folded));
  }
  return terms;
}

/** `keywordTermsOf` of a text all ASCII (most are): each token tested and folded as such without a look. */
function asciiTermsOf(text: string): string[] {
  const terms: string[] = [];
  for (const [token] of text.matchAll(ASCII_TOKEN)) {
    const folded = token.toLowerCase();
    terms.push(folded.length < 3 || folded.length > 64 ? folded : stemOf(folded));
  }
  return terms;
}
