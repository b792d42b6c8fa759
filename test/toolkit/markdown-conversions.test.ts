import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { markdownToBlocks } from '../../tools/notes/blocks/from-markdown.js';
import { markdownToAdf } from '../../tools/ticketing/adf/index.js';
import { markdownToStorage } from '../../tools/wiki/storage/from-markdown.js';
import { generatedMarkdown } from '../helpers/generated-markdown.js';

/**
 * A 300 KB generated document through the three conversions gives, byte for byte, what the converters
 * gave before they were made faster (main at bcd7350): the length and SHA-256 of each output, since the
 * outputs themselves run to megabytes. A change that means to alter an output updates its line here.
 */
const EXPECTED = {
  'Notion blocks': '2043402 4d6040115a1b54da27a937ae20b4c07d272120b514f2a613bd9138a36bf6ee04',
  'Confluence storage': '544806 ecf2431b58ec8b029ebb1079178d516d9a80a6f63e3148f489fa4d620d43318c',
  ADF: '1442614 e616119842d843671f6b3e85caa6171d494f4f6785d2e7773e08786f5cb6af3b',
};

const document = generatedMarkdown(300_000);
const people = [{ accountId: 'acc-ada', displayName: 'Ada Lovelace' }];

const fingerprint = (output: unknown): string => {
  const text = typeof output === 'string' ? output : JSON.stringify(output);
  return `${text.length} ${createHash('sha256').update(text).digest('hex')}`;
};

describe('a large generated document converts as it did before', () => {
  it('is the document the fingerprints were taken from', () => {
    expect(document.length).toBe(311_915);
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
