import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  createKeyring,
  CredentialVault,
  PgCredentialStore,
  SqliteCredentialStore,
  type CredentialStore,
  type Keyring,
} from '../../../src/auth/vault/index.js';
import { tenantGate } from '../../../src/store/tenant-gate.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

const keyringOf = (...keys: Buffer[]): Keyring => createKeyring(keys, 'unused');
const KEY_A = randomBytes(32);
const KEY_B = randomBytes(32);
const SECRET = { accessToken: 'ya29.secret', refreshToken: '1//refresh', scopes: ['mail.read'] };

describeStoreContract<CredentialStore>(
  'credential vault',
  {
    sqlite: (db) => new SqliteCredentialStore(db, tenantGate(db)),
    postgres: (pool) => new PgCredentialStore(pool),
  },
  (subject) => {
    const vaultWith = (keyring: Keyring = keyringOf(KEY_A)) => new CredentialVault(subject.store, keyring);
    const usersOf = async (epoch = 'e1') => {
      const tenantId = await subject.backend.addTenant(epoch);
      return {
        tenantId,
        ada: { tenantId, userEmail: 'ada@acme.test' },
        grace: { tenantId, userEmail: 'grace@acme.test' },
      };
    };

    it('stores, gives back, lists and forgets a user’s credentials per provider', async () => {
      const vault = vaultWith();
      const { ada } = await usersOf();
      await vault.put(ada, 'google', SECRET);
      await vault.put(ada, 'slack', { token: 'xoxp-ada' });
      await vault.put(ada, 'google', { ...SECRET, accessToken: 'replaced' });
      expect(await vault.get({ ...ada, userEmail: ' ADA@acme.test' }, 'google')).toEqual({
        ...SECRET,
        accessToken: 'replaced',
      });
      expect(await vault.providersOf(ada)).toEqual(['google', 'slack']);
      expect(await vault.delete(ada, 'google')).toBe(true);
      expect(await vault.delete(ada, 'google')).toBe(false);
      expect(await vault.get(ada, 'google')).toBeUndefined();
      expect(await vault.providersOf(ada)).toEqual(['slack']);
    });

    it('keeps each user’s and each tenant’s rows apart', async () => {
      const vault = vaultWith();
      const { ada, grace } = await usersOf();
      const other = await usersOf();
      await vault.put(ada, 'google', SECRET);
      expect(await vault.get(grace, 'google')).toBeUndefined();
      expect(await vault.get(other.ada, 'google')).toBeUndefined();
      expect(await vault.providersOf(grace)).toEqual([]);
      expect(await vault.providersOf(other.ada)).toEqual([]);
      await vault.put(grace, 'google', { token: 'grace' });
      expect(await vault.get(ada, 'google')).toEqual(SECRET);
      expect(await vault.get(grace, 'google')).toEqual({ token: 'grace' });
    });

    it('refuses a write for a tenant that is gone, or for an older generation of it, storing nothing', async () => {
      const vault = vaultWith();
      const { ada } = await usersOf('current');
      await expect(vault.put({ ...ada, tenantEpoch: 'older' }, 'google', SECRET)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      await vault.put({ ...ada, tenantEpoch: 'current' }, 'google', SECRET);
      await subject.backend.deleteTenant(ada.tenantId);
      await expect(vault.put(ada, 'slack', SECRET)).rejects.toThrow(`Tenant ${ada.tenantId} does not exist`);
      expect(await vault.providersOf(ada)).toEqual([]);
    });

    it('re-seals rows under the new key after a rotation, once however many servers start together', async () => {
      const { ada, grace } = await usersOf();
      const before = vaultWith(keyringOf(KEY_A));
      await before.put(ada, 'google', SECRET);
      await before.put(grace, 'slack', { token: 'xoxp-grace' });
      await expect(vaultWith(keyringOf(KEY_B)).get(ada, 'google')).rejects.toThrow(
        /not in CONSTELLATION_ENCRYPTION_KEY/,
      );

      const rotated = keyringOf(KEY_B, KEY_A);
      const moved = await Promise.all([vaultWith(rotated).reseal(), vaultWith(rotated).reseal()]);
      // Other tests' rows may be re-sealed too: only this test's two must have moved, by one server.
      expect(Math.min(...moved)).toBe(0);
      expect(Math.max(...moved)).toBeGreaterThanOrEqual(2);
      expect(await vaultWith(rotated).reseal()).toBe(0);

      const after = vaultWith(keyringOf(KEY_B));
      expect(await after.get(ada, 'google')).toEqual(SECRET);
      expect(await after.get(grace, 'slack')).toEqual({ token: 'xoxp-grace' });
      await expect(vaultWith(keyringOf(KEY_A)).get(ada, 'google')).rejects.toThrow();
    });

    it('a row moved under another user does not open', async () => {
      const { ada, grace } = await usersOf();
      const vault = vaultWith(keyringOf(KEY_B));
      await vault.put(grace, 'google', SECRET);
      // Only sealed bytes reach the store: carry Grace's to Ada as a database-level mix-up would.
      const sealed = await subject.store.get({ ...grace, provider: 'google' });
      if (!sealed) throw new Error('no row stored');
      expect(sealed.ciphertext.toString('utf8')).not.toContain('ya29');
      await subject.store.put({ ...ada, provider: 'google' }, sealed, 0);
      await expect(vault.get(ada, 'google')).rejects.toThrow();
    });

    it('goes with its tenant, and deleteTenant empties one tenant alone', async () => {
      const vault = vaultWith(keyringOf(KEY_B));
      const first = await usersOf();
      const second = await usersOf();
      const third = await usersOf();
      for (const { ada } of [first, second, third]) await vault.put(ada, 'google', SECRET);
      await subject.backend.deleteTenant(first.tenantId);
      expect(await subject.store.get({ ...first.ada, provider: 'google' })).toBeUndefined();
      expect(await vault.deleteTenant(second.tenantId)).toBe(1);
      expect(await vault.providersOf(second.ada)).toEqual([]);
      expect(await vault.get(third.ada, 'google')).toEqual(SECRET);
    });
  },
);
