import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { markdownToBlocks } from '../../tools/notes/blocks/from-markdown.js';
import { markdownToAdf } from '../../tools/ticketing/adf/index.js';
import { markdownToStorage } from '../../tools/wiki/storage/from-markdown.js';
import { generatedMarkdown } from '../helpers/generated-markdown.js';

/**
 * A 320 KB generated document through the three conversions gives, byte for byte, what the converters
 * gave before they were made faster (main at bcd7350): the length and SHA-256 of each output, since the
 * outputs themselves run to megabytes. A change that means to alter an output updates its line here.
 */
const EXPECTED = {
  'Notion blocks': '1939364 e70db1e57d996016ba7420c5c7bb52a7692b0d4b3a854bf632e1f6ea794bdab9',
  'Confluence storage': '542396 b304d2b35ef430ef1e55ef74776b0d90e9ea36a8e7cb5c69e24a45e2042c0d23',
  ADF: '1374683 86972d1833e8ed78b12ab5ea09f146261b239e57456504f593b7d56267dc2333',
};

const document = generatedMarkdown(300_000);
const people = [{ accountId: 'acc-ada', displayName: 'Ada Lovelace' }];

const fingerprint = (output: unknown): string => {
  const text = typeof output === 'string' ? output : JSON.stringify(output);
  return `${text.length} ${createHash('sha256').update(text).digest('hex')}`;
};

describe('a large generated document converts as it did before', () => {
  it('is the document the fingerprints were taken from', () => {
    expect(document.length).toBe(323_482);
  });

  it('to Notion blocks', () => {
    expect(fingerprint(markdownToBlocks(document))).toBe(EXPECTED['Notion blocks']);
  });

  it('to Confluence storage format', () => {
    expect(fingerprint(markdownToStorage(document))).toBe(EXPECTED['Confluence storage']);
  });

  it('to ADF, with mentions', () => {
    expect(fingerprint(markdownToAdf(document, { people }))).toBe(EXPECTED.ADF);
  });
});
