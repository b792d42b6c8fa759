import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { createKeyring, requireSharableKey, vaultCredentials } from '../../src/auth/vault/index.js';
import { loadConfig } from '../../src/config/config.js';
import { productionProblems } from '../../src/config/secrets.js';
import type { Logger } from '../../src/toolkit/context.js';
import { githubIntegration } from '../../src/integrations/github/integration.js';
import { TEST_API_KEY, TEST_JWT_SECRET } from '../helpers/server.js';

const KEY_A = '3f9c07e5b1d48e2a6c4b8d0e7f1a3c5b9d2e4f6f3a9c07e5b1d48e2a6c4b8d0e'; // 64 hex digits
const KEY_B = Buffer.alloc(32, 7).toString('base64');
const SECRET = {
  accessToken: 'ya29.VERY-SECRET-ACCESS-TOKEN',
  refreshToken: '1//VERY-SECRET-REFRESH',
  email: 'ada@acme.test',
};

interface Logged {
  level: string;
  message: string;
  fields?: Record<string, unknown>;
}

function recordingLogger(lines: Logged[]): Logger {
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void lines.push({ level, message, fields });
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

const dirs: string[] = [];
const apps: App[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A server over a database file of its own (or the given one), with the given vault keys. */
async function appWith(keys: string | undefined, options: { file?: string; log?: Logger } = {}): Promise<App> {
  const file = options.file ?? join(newDir(), 'constellation.db');
  const env = {
    CONSTELLATION_ENV: 'test',
    CONSTELLATION_API_KEY: TEST_API_KEY,
    CONSTELLATION_JWT_SECRET: TEST_JWT_SECRET,
    ...(keys ? { CONSTELLATION_ENCRYPTION_KEY: keys } : {}),
  };
  const app = await createApp(loadConfig(env, { databaseFile: file, demo: false, logLevel: 'error' }), {
    log: options.log ?? recordingLogger([]),
  });
  apps.push(app);
  for (const id of ['acme', 'globex']) await app.tenants.ensure({ id, consumerId: `${id}-consumer` });
  return app;
}

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vault-'));
  dirs.push(dir);
  return dir;
}

const ada = { tenantId: 'acme', userEmail: 'ada@acme.test' };
const grace = { tenantId: 'acme', userEmail: 'grace@acme.test' };

describe('per-user credential vault', () => {
  it('keeps each user’s credentials per provider and gives them back only to that user', async () => {
    const { vault } = await appWith(KEY_A);
    await vault.put(ada, 'google', SECRET);
    await vault.put(grace, 'google', { ...SECRET, accessToken: 'grace-token' });
    await vault.put(ada, 'slack', { token: 'xoxp-ada' });

    expect(await vault.get({ tenantId: 'acme', userEmail: 'ADA@acme.test ' }, 'google')).toEqual(SECRET);
    expect(await vault.get(grace, 'google')).toMatchObject({ accessToken: 'grace-token' });
    expect(await vault.get({ tenantId: 'globex', userEmail: 'ada@acme.test' }, 'google')).toBeUndefined();
    expect(await vault.providersOf(ada)).toEqual(['google', 'slack']);

    expect(await vault.delete(ada, 'google')).toBe(true);
    expect(await vault.delete(ada, 'google')).toBe(false);
    expect(await vault.get(ada, 'google')).toBeUndefined();
    expect(await vault.get(grace, 'google')).toMatchObject({ accessToken: 'grace-token' });
  });

  it('writes rows deferred to first use when a tenant’s provider is first touched, once, and not for other providers', async () => {
    const { vault } = await appWith(KEY_A);
    const fills: string[] = [];
    vault.fillOnFirstUse('acme', 'google', async () => {
      fills.push('google');
      await vault.put(ada, 'google', SECRET);
      await vault.put(grace, 'google', { ...SECRET, accessToken: 'grace-token' });
    });
    vault.fillOnFirstUse('acme', 'slack', () => void fills.push('slack'));
    expect(fills).toEqual([]);

    expect(await vault.get({ tenantId: 'globex', userEmail: 'ada@acme.test' }, 'google')).toBeUndefined();
    expect(await vault.get(grace, 'google')).toMatchObject({ accessToken: 'grace-token' });
    expect(await vault.get(ada, 'google')).toEqual(SECRET);
    expect(fills).toEqual(['google']);

    // A revocation before anything was read revokes what the fill wrote, and the fill never runs again.
    vault.fillOnFirstUse('acme', 'google', () => vault.put(ada, 'google', SECRET));
    expect(await vault.delete(ada, 'google')).toBe(true);
    expect(await vault.get(ada, 'google')).toBeUndefined();
    expect(await vault.providersOf(ada)).toEqual([]);
    expect(fills).toEqual(['google', 'slack']);
  });

  it('stores no token in clear text in the database file or its journal', async () => {
    const dir = newDir();
    const app = await appWith(KEY_A, { file: join(dir, 'constellation.db') });
    await app.vault.put(ada, 'google', SECRET);
    app.db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = readdirSync(dir).map((name) => readFileSync(join(dir, name)).toString('latin1'));
    expect(bytes.join('').length).toBeGreaterThan(0);
    for (const text of bytes) {
      expect(text).not.toContain('VERY-SECRET');
      expect(text).not.toContain('ya29');
    }
    expect(app.db.prepare('SELECT count(*) FROM vault_credentials').pluck().get()).toBe(1);
  });

  it('a row moved under another user’s name does not open: user A can never act with user B’s tokens', async () => {
    const log: Logged[] = [];
    const app = await appWith(KEY_A, { log: recordingLogger(log) });
    await app.vault.put(grace, 'github', SECRET);
    // Copy Grace's sealed bytes into a row for Ada, as a database-level mix-up or attack would.
    app.db
      .prepare(
        `INSERT INTO vault_credentials (tenant_id, user_email, provider, key_id, nonce, ciphertext, tag, created_at, updated_at)
         SELECT tenant_id, 'ada@acme.test', provider, key_id, nonce, ciphertext, tag, created_at, updated_at FROM vault_credentials WHERE user_email = 'grace@acme.test'`,
      )
      .run();
    await expect(app.vault.get(ada, 'github')).rejects.toThrow();

    const source = vaultCredentials(app.vault, recordingLogger(log));
    expect(
      await source.read({ tenantId: 'acme', userEmail: 'ada@acme.test', connections: {} }, githubIntegration),
    ).toBeUndefined();
    expect(
      await source.read({ tenantId: 'acme', userEmail: 'grace@acme.test', connections: {} }, githubIntegration),
    ).toEqual(SECRET);
    expect(await source.read({ tenantId: 'acme', connections: {} }, githubIntegration)).toBeUndefined();
    expect(JSON.stringify(log)).not.toContain('VERY-SECRET');
    expect(log.some((line) => line.level === 'warn' && line.message.includes('could not be opened'))).toBe(true);
  });

  it('an altered ciphertext is refused instead of yielding other bytes', async () => {
    const { vault, db } = await appWith(KEY_A);
    await vault.put(ada, 'google', SECRET);
    db.prepare(
      "UPDATE vault_credentials SET ciphertext = zeroblob(length(ciphertext)) WHERE user_email = 'ada@acme.test'",
    ).run();
    await expect(vault.get(ada, 'google')).rejects.toThrow();
  });

  it('rotates keys: rows sealed under the old key are re-sealed under the new one at start-up', async () => {
    const dir = newDir();
    const file = join(dir, 'constellation.db');
    const first = await appWith(KEY_A, { file });
    await first.vault.put(ada, 'google', SECRET);
    await first.vault.put(grace, 'slack', { token: 'xoxp-grace' });
    const oldKeyId = first.db.prepare('SELECT DISTINCT key_id FROM vault_credentials').pluck().all();
    first.db.close();
    apps.splice(apps.indexOf(first), 1);

    const log: Logged[] = [];
    const rotated = await appWith(`${KEY_B},${KEY_A}`, { file, log: recordingLogger(log) });
    expect(log).toContainEqual(
      expect.objectContaining({
        message: 'vault: re-sealed credentials under the current key',
        fields: expect.objectContaining({ rows: 2 }),
      }),
    );
    const keyIds = rotated.db.prepare('SELECT DISTINCT key_id FROM vault_credentials').pluck().all();
    expect(keyIds).toHaveLength(1);
    expect(keyIds).not.toEqual(oldKeyId);
    rotated.db.close();
    apps.splice(apps.indexOf(rotated), 1);

    // The old key can now be dropped: everything opens with the new key alone.
    const after = await appWith(KEY_B, { file });
    expect(await after.vault.get(ada, 'google')).toEqual(SECRET);
    expect(await after.vault.get(grace, 'slack')).toEqual({ token: 'xoxp-grace' });
  });

  it('is emptied with its tenant, and refuses writes for a tenant that is gone', async () => {
    const app = await appWith(KEY_A);
    await app.vault.put(ada, 'google', SECRET);
    await app.vault.put({ tenantId: 'globex', userEmail: 'ken@globex.test' }, 'google', SECRET);
    await app.tenants.remove('acme');
    expect(app.db.prepare("SELECT count(*) FROM vault_credentials WHERE tenant_id = 'acme'").pluck().get()).toBe(0);
    expect(await app.vault.get({ tenantId: 'globex', userEmail: 'ken@globex.test' }, 'google')).toEqual(SECRET);
    await expect(app.vault.put(ada, 'google', SECRET)).rejects.toThrow('Tenant acme does not exist');

    const epoch = await app.tenants.epochOf('globex');
    await expect(
      app.vault.put(
        { tenantId: 'globex', userEmail: 'ken@globex.test', tenantEpoch: 'an-older-generation' },
        'google',
        SECRET,
      ),
    ).rejects.toThrow();
    await app.vault.put({ tenantId: 'globex', userEmail: 'ken@globex.test', tenantEpoch: epoch }, 'slack', {
      token: 'x',
    });
    expect(await app.vault.providersOf({ tenantId: 'globex', userEmail: 'ken@globex.test' })).toEqual([
      'google',
      'slack',
    ]);
  });
});

describe('vault keys in configuration', () => {
  const production = {
    CONSTELLATION_ENV: 'production',
    CONSTELLATION_API_KEY: 'f3a9c07e5b1d48e2a6c4',
    CONSTELLATION_JWT_SECRET: 'b9d2e4f6f3a9c07e5b1d48e2a6c4b8d0e7f1a3c5',
  };

  it('production refuses to start without a key, and names the variable', async () => {
    expect(productionProblems(loadConfig(production), production)).toEqual([
      expect.stringContaining('CONSTELLATION_ENCRYPTION_KEY is not set'),
    ]);
    const keyed = { ...production, CONSTELLATION_ENCRYPTION_KEY: KEY_B };
    expect(productionProblems(loadConfig(keyed), keyed)).toEqual([]);
  });

  it('a store shared by servers (PostgreSQL) refuses a derived key, naming the variable to set', () => {
    const derived = createKeyring(undefined, 'jwt secret\0/data/constellation.db');
    expect(() => requireSharableKey(derived, 'postgres')).toThrow(
      /CONSTELLATION_ENCRYPTION_KEY must be set when the store is PostgreSQL/,
    );
    expect(() => requireSharableKey(derived, 'sqlite')).not.toThrow();
    const configured = loadConfig({ CONSTELLATION_ENCRYPTION_KEY: KEY_A }).vaultKeys;
    expect(() => requireSharableKey(createKeyring(configured, 'unused'), 'postgres')).not.toThrow();
  });

  it('refuses malformed or repeated keys, naming which', async () => {
    const vaultKeys = (value: string) => loadConfig({ CONSTELLATION_ENCRYPTION_KEY: value }).vaultKeys;
    expect(() => vaultKeys('too-short')).toThrow('CONSTELLATION_ENCRYPTION_KEY key 1 must be 32 bytes');
    expect(() => vaultKeys(`${KEY_B},abc`)).toThrow('key 2 must be 32 bytes');
    expect(() => vaultKeys(`${KEY_B},${KEY_B}`)).toThrow('lists the same key twice');
    expect(vaultKeys(` ${KEY_A} , ${KEY_B}`)).toHaveLength(2);
  });

  it('development derives a stable local key and says so', async () => {
    const log: Logged[] = [];
    const dir = newDir();
    const file = join(dir, 'constellation.db');
    const env = {
      CONSTELLATION_ENV: 'development',
      CONSTELLATION_API_KEY: TEST_API_KEY,
      CONSTELLATION_JWT_SECRET: TEST_JWT_SECRET,
    };
    const first = await createApp(loadConfig(env, { databaseFile: file, demo: false }), { log: recordingLogger(log) });
    await first.tenants.ensure({ id: 'acme', consumerId: 'acme-consumer' });
    await first.vault.put(ada, 'google', SECRET);
    first.db.close();
    expect(
      log.some((line) => line.level === 'warn' && line.message.includes('CONSTELLATION_ENCRYPTION_KEY is not set')),
    ).toBe(true);

    const again = await createApp(loadConfig(env, { databaseFile: file, demo: false }), { log: recordingLogger([]) });
    apps.push(again);
    expect(await again.vault.get(ada, 'google')).toEqual(SECRET);
    expect(createKeyring(undefined, 'one secret').current.id).toBe(createKeyring(undefined, 'one secret').current.id);
    expect(createKeyring(undefined, 'one secret').current.id).not.toBe(createKeyring(undefined, 'another').current.id);
  });
});
