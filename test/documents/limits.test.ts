import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { DEFAULT_DOCUMENT_LIMITS } from '../../src/config/documents.js';
import { testApp } from '../helpers/server.js';

const documentLimits = (env: NodeJS.ProcessEnv) => loadConfig(env).documents.limits;

describe('upload bounds from the environment', () => {
  it('reads each variable, keeping the defaults for those left unset', () => {
    expect(documentLimits({})).toEqual(DEFAULT_DOCUMENT_LIMITS);
    expect(
      documentLimits({
        CONSTELLATION_DOCUMENTS_PDF_MAX_PAGES: '10',
        CONSTELLATION_DOCUMENTS_PDF_MAX_CHARS: '5000',
        CONSTELLATION_DOCUMENTS_PDF_MAX_STREAM_BYTES: '1048576',
        CONSTELLATION_DOCUMENTS_PDF_MAX_INFLATED_BYTES: '2097152',
        CONSTELLATION_DOCUMENTS_MAX_CHUNKS: '300',
        CONSTELLATION_DOCUMENTS_TENANT_QUOTA_BYTES: '0',
        CONSTELLATION_DOCUMENTS_MAX_UPLOADS_IN_FLIGHT: ' 3 ',
      }),
    ).toEqual({
      pdf: { maxPages: 10, maxChars: 5000, maxStreamBytes: 1048576, maxInflatedBytes: 2097152 },
      maxChunks: 300,
      tenantQuotaBytes: 0,
      maxUploadsInFlight: 3,
    });
  });

  it.each([
    [
      'CONSTELLATION_DOCUMENTS_MAX_CHUNKS',
      'many',
      'CONSTELLATION_DOCUMENTS_MAX_CHUNKS must be a whole number of at least 1, got "many"',
    ],
    [
      'CONSTELLATION_DOCUMENTS_PDF_MAX_PAGES',
      '0',
      'CONSTELLATION_DOCUMENTS_PDF_MAX_PAGES must be a whole number of at least 1, got "0"',
    ],
    [
      'CONSTELLATION_DOCUMENTS_TENANT_QUOTA_BYTES',
      '-1',
      'CONSTELLATION_DOCUMENTS_TENANT_QUOTA_BYTES must be a whole number of at least 0, got "-1"',
    ],
    [
      'CONSTELLATION_DOCUMENTS_PDF_MAX_STREAM_BYTES',
      '1.5',
      'CONSTELLATION_DOCUMENTS_PDF_MAX_STREAM_BYTES must be a whole number of at least 1, got "1.5"',
    ],
  ])('refuses %s=%s, naming the variable', (name, value, message) => {
    expect(() => documentLimits({ [name]: value })).toThrow(message);
  });

  it('keeps a server with a malformed bound from starting', async () => {
    await expect(testApp({ CONSTELLATION_DOCUMENTS_MAX_CHUNKS: 'lots' })).rejects.toThrow(
      'CONSTELLATION_DOCUMENTS_MAX_CHUNKS must be a whole number of at least 1, got "lots"',
    );
  });
});
