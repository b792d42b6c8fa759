import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { keywordTermsOf } from '../../src/store/keywords/terms.js';

/** The terms SQLite's FTS5 indexes for each text, in order, with the tokenizer keyword search used before. */
function fts5TermsOf(texts: readonly string[]): string[][] {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5 (text, tokenize = 'porter unicode61');
    CREATE VIRTUAL TABLE v USING fts5vocab (t, instance);`);
  const insert = db.prepare('INSERT INTO t (rowid, text) VALUES (?, ?)');
  texts.forEach((text, i) => insert.run(i + 1, text));
  const rows = db.prepare('SELECT doc, term FROM v ORDER BY doc, offset').all() as Array<{ doc: number; term: string }>;
  db.close();
  return texts.map((_, i) => rows.filter((r) => r.doc === i + 1).map((r) => r.term));
}

const SAMPLES = [
  "The patient's cells weren't responding; the clinicians' follow-up (re-tested 3x) didn't help.",
  'Naïve T-cells, Schrödinger’s équations, ÆSIR façade, smörgåsbord, São Paulo, Dvořák, Łódź, İstanbul.',
  'COVID-19 in 2020-2021: 12.5% of 1,000,000 ­people; IL-6/TNF-α levels ×2 — p<0.05; e-mail x@y.org.',
  'Ελληνικά κείμενα, русский текст, 日本語のテキスト, 한국어, العربية, µg/mL, ſtraße, ΣΊΣΥΦΟΣ.',
  'Running runners ran; generalizations generalized; happily hopping hoped; relational conditional rationalize.',
  'ponies caresses cats feed agreed plastered motoring sing conflated troubled sized hopping tanned falling hissing fizzed failing filing happy sky',
  'Decomposed accents: cafe\u0301 nai\u0308ve; a combining mark alone \u0301x; tabs\tand\nnew lines; under_score; camelCase.',
  'Supercalifragilisticexpialidociousnessesandmoreuntilthetokenislongerthansixtyfourbytesforsure ok',
];

describe('keyword terms', () => {
  it("are the terms FTS5's porter unicode61 tokenizer indexes: folding, diacritics, hyphens, digits, apostrophes, stems", () => {
    const expected = fts5TermsOf(SAMPLES);
    SAMPLES.forEach((text, i) => expect(keywordTermsOf(text), text).toEqual(expected[i]));
  });

  it('are the same when a text comes again (its stems remembered)', () => {
    const first = SAMPLES.map((text) => keywordTermsOf(text));
    expect(SAMPLES.map((text) => keywordTermsOf(text))).toEqual(first);
    expect(first).toEqual(fts5TermsOf(SAMPLES));
  });
});
