import { describe, expect, it } from 'vitest';
import { repositoryNames } from '../../tools/code_host/mentions.js';

describe('repositoryNames', () => {
  it.each([
    ['Code lives in acme/api and acme/web.', ['acme/api', 'acme/web']],
    ['See https://github.com/globex/billing.git for the source', ['globex/billing']],
    ['[acme/api](https://github.com/acme/api)', ['acme/api']],
    ['https://example.test/runbook/steps and /usr/local/bin', []],
    ['and/or, n/a, src/index.ts, tools/wiki', []],
    ['Owner/Repo is not lower-case', []],
  ])('%s', (text, expected) => {
    expect(repositoryNames(text)).toEqual(expected);
  });
});
