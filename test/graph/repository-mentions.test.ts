import { describe, expect, it } from 'vitest';
import { repositoryNames } from '../../tools/code_host/mentions.js';

describe('repositories named in page text', () => {
  it.each([
    ['Code lives in acme/api.', ['acme/api']],
    ['- acme/api: the public REST API', ['acme/api']],
    ['Spotted during review of `globex/data-pipeline`.', ['globex/data-pipeline']],
    ['See https://github.com/acme/web/pull/12 and https://github.com/acme/web', ['acme/web']],
    ['Clone https://github.com/globex/billing.git first', ['globex/billing']],
    ['acme/api, acme/web and acme/api again', ['acme/api', 'acme/web']],
    ['Tests and/or docs, read/write access, 12/05 release, n/a', []],
    ['Edit src/index.ts and docs/README.md', []],
    ['Deployed at https://example.test/acme/api and mailed ops@acme/api', []],
    ['Path acme/api/src is a folder', []],
  ])('%s', (text, names) => {
    expect(repositoryNames(text)).toEqual(names);
  });
});
