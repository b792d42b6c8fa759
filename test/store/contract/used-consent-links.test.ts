import { expect, it } from 'vitest';
import { PgUsedConsentLinks } from '../../../src/auth/oauth/used-consent-links-pg.js';
import { SqliteUsedConsentLinks } from '../../../src/auth/oauth/used-consent-links-sqlite.js';
import type { UsedConsentLinks } from '../../../src/auth/oauth/used-consent-links.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

const NOW = 1_800_000_000_000;

describeStoreContract<UsedConsentLinks>(
  'used consent links',
  {
    sqlite: (db) => new SqliteUsedConsentLinks(db),
    postgres: (pool) => new PgUsedConsentLinks(pool),
  },
  (subject) => {
    it('claims a nonce the first time only', async () => {
      expect(await subject.store.claim('family:n1', NOW + 60_000, NOW)).toBe(true);
      expect(await subject.store.claim('family:n1', NOW + 60_000, NOW)).toBe(false);
      expect(await subject.store.claim('family:n2', NOW + 60_000, NOW)).toBe(true);
    });

    it('lets exactly one of two concurrent claims of one link win', async () => {
      const claims = await Promise.all([
        subject.store.claim('family:race', NOW + 60_000, NOW),
        subject.store.claim('family:race', NOW + 60_000, NOW),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it('forgets a nonce once its link has expired', async () => {
      expect(await subject.store.claim('family:short', NOW + 1000, NOW)).toBe(true);
      expect(await subject.store.claim('family:short', NOW + 1000, NOW + 999)).toBe(false);
      expect(await subject.store.claim('family:short', NOW + 5000, NOW + 1000)).toBe(true);
    });
  },
);
