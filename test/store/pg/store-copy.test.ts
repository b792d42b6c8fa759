import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../../helpers/cli.js';
import { pgTestDatabase } from '../../helpers/pg-lane.js';
import { toolRunner } from '../../helpers/sandbox.js';
import { upload } from '../../documents/files.js';
import { createKeyring, CredentialVault, PgCredentialStore } from '../../../src/auth/vault/index.js';
import { startTestServer, TEST_JWT_SECRET } from '../../helpers/server.js';

const storeCommand = (args: string[], env: Record<string, string> = {}) => runBin(['store', ...args], env);

const VAULT_KEY = 'b9d2e4f6f3a9c07e5b1d48e2a6c4b8d0e7f1a3c5f3a9c07e5b1d48e2a6c4b8d0';
const ADA = { tenantId: 'acme', userEmail: 'ada@acme.test' };
const SECRET = { accessToken: 'ya29-copied-secret', refreshToken: 'r-1' };

const COUNTED = [
  'tenants',
  'graph_nodes',
  'graph_edges',
  'graph_aliases',
  'graph_activity',
  'vault_credentials',
  'documents',
];

/** Rows per table of the SQLite installation, read through its own handle before it closes. */
let sqliteFile: string;
let sqliteCounts: Record<string, number>;
/** The bytes the installation's documents take for acme, as its quota check reads them. */
let sqliteUsage: number;

beforeAll(async () => {
  sqliteFile = join(mkdtempSync(join(tmpdir(), 'constellation-copy-')), 'constellation.db');
  // An installation on SQLite (the lane's database and key settings cleared), used for a while: tool calls fill the
  // graph and its activity, a context is injected, the demo users' consents sit sealed in the vault.
  const server = await startTestServer({
    config: { databaseFile: sqliteFile },
    env: { CONSTELLATION_DATABASE_URL: '', CONSTELLATION_ENCRYPTION_KEY: '' },
  });
  try {
    expect(server.app.store.kind).toBe('sqlite');
    await toolRunner(server, 'code_host')('get_issues', { repo_id: 'acme/api' });
    await toolRunner(server, 'graph')('inject_context', { context_type: 'preference', value: 'bullet points' });
    // Sealed with the key this installation derives (it has none configured).
    await server.app.vault.put(ADA, 'google', SECRET);
    const uploaded = await upload(server, await server.tokenFor('acme'), 'notes.txt', 'Quarterly notes. '.repeat(40));
    expect(uploaded.status).toBe(200);
    await server.app.services.graph.drain();
    const db = server.app.db;
    sqliteCounts = Object.fromEntries(
      COUNTED.map((table) => [table, db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number]),
    );
    sqliteUsage = db.prepare('SELECT bytes FROM document_usage WHERE tenant_id = ?').pluck().get('acme') as number;
  } finally {
    await server.close();
  }
  for (const table of COUNTED) expect(sqliteCounts[table]).toBeGreaterThan(0);
});

let target: pg.Pool | undefined;
afterAll(() => target?.end());

describe('constellation store copy', () => {
  it('copies every table of a SQLite installation into a new PostgreSQL database, and can run again', async () => {
    const url = await pgTestDatabase({ migrated: false });

    const keys = { CONSTELLATION_ENCRYPTION_KEY: VAULT_KEY, CONSTELLATION_JWT_SECRET: TEST_JWT_SECRET };
    const first = await storeCommand(['copy', '--from', sqliteFile, '--to', url], keys);

    expect(first.stderr).toContain('copying');
    expect(first.stderr).not.toContain(new URL(url).password);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/every count matches/);
    expect(first.stdout).toMatch(/re-sealed \d+ vault credentials/);
    target = new pg.Pool({ connectionString: url });
    const countsIn = async () =>
      Object.fromEntries(
        await Promise.all(
          COUNTED.map(async (table) => {
            const { rows } = await target!.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
            return [table, Number(rows[0].n)] as const;
          }),
        ),
      );
    expect(await countsIn()).toEqual(sqliteCounts);
    // The quota counts each copied document once, as it did on SQLite.
    const usage = async () =>
      Number((await target!.query("SELECT bytes FROM document_usage WHERE tenant_id = 'acme'")).rows[0]?.bytes);
    expect(await usage()).toBe(sqliteUsage);
    // Properties arrive as JSON objects, not as JSON text, and ids keep their references.
    const { rows } = await target.query<{ kind: string; dangling: string }>(
      `SELECT jsonb_typeof(properties) AS kind,
              (SELECT count(*) FROM graph_edges e WHERE NOT EXISTS (SELECT 1 FROM graph_nodes n WHERE n.id = e.from_id)) AS dangling
       FROM graph_nodes LIMIT 1`,
    );
    expect(rows[0]).toEqual({ kind: 'object', dangling: '0' });

    // Servers on PostgreSQL open the credential with the shared key alone.
    const shared = createKeyring([Buffer.from(VAULT_KEY, 'hex')], 'unused');
    expect(await new CredentialVault(new PgCredentialStore(target), shared).get(ADA, 'google')).toEqual(SECRET);

    const again = await storeCommand(['copy', '--from', sqliteFile, '--to', url], keys);

    expect(again.code).toBe(0);
    expect(await countsIn()).toEqual(sqliteCounts);
    expect(await usage()).toBe(sqliteUsage);
    // New rows after the copy take ids past the copied ones.
    await target.query(
      "INSERT INTO graph_activity (tenant_id, action, actor_type, actor_id, target_type, target_id, timestamp) VALUES ('acme', 'a', 'user', 'u', 'repository', 'r', 0)",
    );
  });

  it('says what is missing instead of copying nowhere', async () => {
    const noKey = await storeCommand(['copy', '--from', sqliteFile, '--to', 'postgres://x@127.0.0.1/y']);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('Set CONSTELLATION_ENCRYPTION_KEY');

    const noTarget = await storeCommand(['copy', '--from', sqliteFile]);
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toContain('Name the PostgreSQL database to copy into');

    const noSource = await storeCommand([
      'copy',
      '--from',
      '/nonexistent/constellation.db',
      '--to',
      'postgres://x@127.0.0.1/y',
    ]);
    expect(noSource.code).toBe(2);
    expect(noSource.stderr).toContain('There is no SQLite file at /nonexistent/constellation.db');
  });
});
