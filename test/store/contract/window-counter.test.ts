import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { MemoryWindowCounter, type WindowCounter } from '../../../src/store/window-counter.js';
import { PgWindowCounter } from '../../../src/store/window-counter-pg.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

const freshKey = () => `test|${randomBytes(5).toString('hex')}`;
const MINUTE = 60_000;

describeStoreContract<WindowCounter>(
  'window counter',
  { sqlite: () => new MemoryWindowCounter(), postgres: (pool) => new PgWindowCounter(pool) },
  (subject) => {
    it('counts hits in the window the first one opened, and the first hit after it ends opens the next', async () => {
      const key = freshKey();
      expect(await subject.store.hit(key, MINUTE, 1_000)).toEqual({ hits: 1, endsAt: 61_000 });
      expect(await subject.store.hit(key, MINUTE, 30_000)).toEqual({ hits: 2, endsAt: 61_000 });
      expect(await subject.store.hit(freshKey(), MINUTE, 30_000)).toEqual({ hits: 1, endsAt: 90_000 });
      expect(await subject.store.hit(key, MINUTE, 61_000)).toEqual({ hits: 1, endsAt: 121_000 });
    });

    it('counts hits at once exactly: none lost, none twice', async () => {
      const key = freshKey();
      const counts = await Promise.all(Array.from({ length: 20 }, () => subject.store.hit(key, MINUTE, 5_000)));
      expect(counts.map((count) => count.hits).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    });

    it('a reset key opens a new window at its next hit', async () => {
      const key = freshKey();
      await subject.store.hit(key, MINUTE, 1_000);
      await subject.store.reset(key);
      expect(await subject.store.hit(key, MINUTE, 2_000)).toEqual({ hits: 1, endsAt: 62_000 });
    });
  },
);
