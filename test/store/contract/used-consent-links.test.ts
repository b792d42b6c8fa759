import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgUsedConsentLinks } from '../../../src/auth/oauth/used-consent-links-pg.js';
import { SqliteUsedConsentLinks } from '../../../src/auth/oauth/used-consent-links-sqlite.js';
import type { UsedConsentLinks } from '../../../src/auth/oauth/used-consent-links.js';
import { storeOn } from '../../../src/store/backend.js';
import { contractBackendNames, openContractBackend, type ContractBackend } from '../../helpers/store-backends.js';

const NOW = 1_800_000_000_000;

describe.each(contractBackendNames())('used consent links on %s', (name) => {
  let backend: ContractBackend;
  let links: UsedConsentLinks;
  beforeAll(async () => {
    backend = await openContractBackend(name);
    links = storeOn<UsedConsentLinks>(backend.backend, {
      sqlite: (db) => new SqliteUsedConsentLinks(db),
      postgres: (pool) => new PgUsedConsentLinks(pool),
    });
  });
  afterAll(() => backend.close());

  it('claims a nonce the first time only', async () => {
    expect(await links.claim('family:n1', NOW + 60_000, NOW)).toBe(true);
    expect(await links.claim('family:n1', NOW + 60_000, NOW)).toBe(false);
    expect(await links.claim('family:n2', NOW + 60_000, NOW)).toBe(true);
  });

  it('lets exactly one of two concurrent claims of one link win', async () => {
    const claims = await Promise.all([
      links.claim('family:race', NOW + 60_000, NOW),
      links.claim('family:race', NOW + 60_000, NOW),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('forgets a nonce once its link has expired', async () => {
    expect(await links.claim('family:short', NOW + 1000, NOW)).toBe(true);
    expect(await links.claim('family:short', NOW + 1000, NOW + 999)).toBe(false);
    expect(await links.claim('family:short', NOW + 5000, NOW + 1000)).toBe(true);
  });
});
