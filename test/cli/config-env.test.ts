import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { parseCli, UsageError } from '../../src/cli/args.js';

describe('configuration mistakes are loud', () => {
  it('CONSTELLATION_READ_ONLY takes true/false, 1/0 and yes/no, and refuses anything else naming the variable', () => {
    for (const word of ['true', 'TRUE', '1', 'yes'])
      expect(loadConfig({ CONSTELLATION_READ_ONLY: word }).readOnly).toBe(true);
    for (const word of ['false', '0', 'no', ''])
      expect(loadConfig({ CONSTELLATION_READ_ONLY: word }).readOnly).toBe(false);
    expect(() => loadConfig({ CONSTELLATION_READ_ONLY: 'sure' })).toThrow(
      /CONSTELLATION_READ_ONLY must be one of .*got "sure"/,
    );
  });

  it('CONSTELLATION_TOOL_MODE must be a known mode', () => {
    expect(loadConfig({ CONSTELLATION_TOOL_MODE: 'discovery' }).toolMode).toBe('discovery');
    expect(() => loadConfig({ CONSTELLATION_TOOL_MODE: 'lazy' })).toThrow(
      'CONSTELLATION_TOOL_MODE must be full, discovery, auto, got "lazy"',
    );
  });

  it('only CONSTELLATION_ENV sets the mode: NODE_ENV=production does not switch to production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).environment).toBe('development');
    expect(loadConfig({ NODE_ENV: 'production', CONSTELLATION_ENV: 'test' }).environment).toBe('test');
    expect(() => loadConfig({ CONSTELLATION_ENV: 'prod' })).toThrow(
      'CONSTELLATION_ENV must be production, development, test, got "prod"',
    );
  });

  it('APIDECK_API_KEY and APIDECK_APP_ID come together; APIDECK_BASE_URL defaults to Apideck', () => {
    expect(loadConfig({}).unify).toBeUndefined();
    expect(loadConfig({ APIDECK_API_KEY: 'sk_live', APIDECK_APP_ID: 'app' }).unify).toEqual({
      apiKey: 'sk_live',
      appId: 'app',
      baseUrl: 'https://unify.apideck.com',
    });
    expect(
      loadConfig({ APIDECK_API_KEY: 'sk', APIDECK_APP_ID: 'app', APIDECK_BASE_URL: 'http://127.0.0.1:9/unify/' }).unify
        ?.baseUrl,
    ).toBe('http://127.0.0.1:9/unify');
    expect(() => loadConfig({ APIDECK_API_KEY: 'sk_live' })).toThrow(
      'APIDECK_API_KEY and APIDECK_APP_ID must be set together',
    );
    expect(() => loadConfig({ APIDECK_API_KEY: 'sk', APIDECK_APP_ID: 'app', APIDECK_BASE_URL: 'nope' })).toThrow(
      'APIDECK_BASE_URL is not a URL: nope',
    );
  });

  it('names every wrong setting at once, one line each', () => {
    const wrong = () =>
      loadConfig({
        PORT: 'eighty',
        LOG_LEVEL: 'verbose',
        CONSTELLATION_PUBLIC_URL: 'constellation.example.com',
        GOOGLE_CLIENT_ID: 'id-without-secret',
        CONSTELLATION_DOCUMENTS_WORKERS: 'many',
      });
    expect(wrong).toThrow(ConfigError);
    expect(wrong).toThrow(
      [
        '5 settings are wrong:',
        '  PORT must be a non-negative integer, got "eighty"',
        '  LOG_LEVEL must be debug, info, warn, error, got "verbose"',
        '  CONSTELLATION_PUBLIC_URL must be an absolute URL such as https://constellation.example.com, got "constellation.example.com"',
        '  CONSTELLATION_DOCUMENTS_WORKERS must be a whole number of at least 1, got "many"',
        '  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
      ].join('\n'),
    );
  });

  it('reads the document settings with the rest: workers, job limits, upload size and idle time, embeddings', () => {
    expect(loadConfig({}).documents).toMatchObject({
      maxUploadBytes: 25 * 1024 * 1024,
      uploadIdleMs: 30_000,
      jobs: { timeoutMs: 120_000, maxHeapMb: 1024 },
    });
    const documents = loadConfig({
      CONSTELLATION_DOCUMENTS_WORKERS: '2',
      CONSTELLATION_DOCUMENTS_UPLOAD_IDLE_SECONDS: '0.5',
      CONSTELLATION_EMBEDDINGS_URL: 'http://127.0.0.1:9/v1',
    }).documents;
    expect(documents.jobs.workers).toBe(2);
    expect(documents.uploadIdleMs).toBe(500);
    expect(documents.embeddings).toEqual({ baseUrl: 'http://127.0.0.1:9/v1', model: 'text-embedding-3-small' });
    expect(() => loadConfig({ CONSTELLATION_DOCUMENTS_MAX_UPLOAD_BYTES: '-5' })).toThrow(
      'CONSTELLATION_DOCUMENTS_MAX_UPLOAD_BYTES must be a whole number of at least 1, got "-5"',
    );
  });

  it('parseCli names an unknown flag as a usage mistake', () => {
    expect(() => parseCli(['serve', '--verbose'])).toThrow(UsageError);
    expect(() => parseCli(['serve', '--verbose'])).toThrow(
      'Unknown option "--verbose". Run with --help for the options.',
    );
    expect(() => parseCli(['--tool-mode', 'lazy'])).toThrow('--tool-mode must be full, discovery or auto, got "lazy"');
  });
});
