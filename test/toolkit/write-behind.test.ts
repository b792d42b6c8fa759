import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/config/logger.js';
import { openAuditLog } from '../../src/governance/audit/open.js';
import { systemClock } from '../../src/toolkit/context.js';
import { WriteBehind, type DeferredWrites } from '../../src/toolkit/write-behind.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { onPgLane } from '../helpers/pg-lane.js';

/** Commits in a SQLite write-ahead log: frames whose header records the database size after them. */
function commitsIn(walFile: string): number {
  const wal = readFileSync(walFile);
  if (wal.length < 32) return 0;
  const pageSize = wal.readUInt32BE(8);
  let commits = 0;
  for (let frame = 32; frame + 24 <= wal.length; frame += 24 + pageSize) if (wal.readUInt32BE(frame + 4) > 0) commits++;
  return commits;
}

const REPOSITORIES = ['acme/api', 'acme/web', 'acme/api'];

describe.skipIf(onPgLane())('deferred writes of tool calls (SQLite file)', () => {
  let file: string;
  let server: TestServer;
  /** A second connection: the server's close does not checkpoint the log away while it is open. */
  let watcher: Database.Database;

  beforeEach(async () => {
    file = join(mkdtempSync(join(tmpdir(), 'write-behind-')), 'constellation.db');
    server = await startTestServer({ config: { databaseFile: file } });
    watcher = new Database(file);
    watcher.prepare('SELECT count(*) FROM audit_records').get();
  });
  afterEach(() => watcher.close());

  const getRepository = async (token: string, repo: string) =>
    (
      await call(server, 'POST', '/mcp/code_host/execute', {
        token,
        body: { tool: 'get_repository', arguments: { repo_id: repo } },
      })
    ).status;

  it("writes a call's audit record, activity record and graph ingestion in one transaction", async () => {
    const token = await server.tokenFor('acme');
    await getRepository(token, 'acme/web');
    await server.app.services.graph.drain();
    await server.app.governance.audit.flush();
    watcher.pragma('wal_checkpoint(TRUNCATE)');

    for (const repo of REPOSITORIES) expect(await getRepository(token, repo)).toBe(200);
    await server.close();

    expect(commitsIn(`${file}-wal`)).toBeLessThanOrEqual(REPOSITORIES.length);
    const audited = watcher.prepare("SELECT count(*) AS n FROM audit_records WHERE tenant_id = 'acme'").get() as {
      n: number;
    };
    expect(audited.n).toBe(REPOSITORIES.length + 1);
  });

  it('a shutdown right after calls keeps every audit record, activity record and graph node; the chain verifies', async () => {
    const [acme, globex] = [await server.tokenFor('acme'), await server.tokenFor('globex')];
    const config = server.app.config;
    const answers = await Promise.all([
      ...REPOSITORIES.map((repo) => getRepository(acme, repo)),
      call(server, 'POST', '/mcp/code_host/execute', {
        token: globex,
        body: { tool: 'get_repositories', arguments: {} },
      }).then((answer) => answer.status),
    ]);
    expect(answers).toEqual([200, 200, 200, 200]);
    await server.close();

    const count = (sql: string, ...params: string[]) => (watcher.prepare(sql).get(...params) as { n: number }).n;
    expect(count('SELECT count(*) AS n FROM audit_records WHERE tenant_id = ?', 'acme')).toBe(REPOSITORIES.length);
    expect(count('SELECT count(*) AS n FROM audit_records WHERE tenant_id = ?', 'globex')).toBe(1);
    expect(
      count("SELECT count(*) AS n FROM graph_activity WHERE tenant_id = ? AND action = 'mcp.get_repository'", 'acme'),
    ).toBe(REPOSITORIES.length);
    const nodes = watcher
      .prepare("SELECT tenant_id, node_id FROM graph_nodes WHERE node_type = 'repository' ORDER BY tenant_id, node_id")
      .all() as Array<{ tenant_id: string; node_id: string }>;
    expect(nodes.filter((node) => node.tenant_id === 'acme').map((node) => node.node_id)).toEqual([
      'acme/api',
      'acme/web',
    ]);
    expect(nodes.some((node) => node.tenant_id === 'globex')).toBe(true);

    const audit = openAuditLog(config, { kind: 'sqlite', db: watcher }, systemClock, silentLogger);
    expect(await audit.verify('acme')).toMatchObject({ ok: true, records: REPOSITORIES.length });
    expect(await audit.verify('globex')).toMatchObject({ ok: true, records: 1 });
  });
});

describe('reads after deferred writes', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  it('the graph and the activity feed answer with what a call just read, before the deferred write is due', async () => {
    const tool = server.app.registry.find('code_host_get_repository');
    if (!tool) throw new Error('tool missing');
    await server.app.executor.execute(server.callerFor('acme'), tool, { repo_id: 'acme/web' });
    // In the same turn of the event loop as the answer: the deferred write is not due yet.
    const { graph } = server.app.services;
    expect(await graph.entity('acme', 'repository', 'acme/web')).toMatchObject({
      node_id: 'acme/web',
      source: 'code_host',
    });
    expect((await graph.feed('acme', 5)).map((record) => record.action)).toContain('mcp.get_repository');
    expect((await graph.stats('acme')).total_nodes).toBeGreaterThan(0);
  });
});

describe('a unit of deferred writes that fails after they ran', () => {
  it('tells every queue that what it wrote is not kept (what it remembers as written must go)', async () => {
    const lost: string[] = [];
    const queue = (name: string): DeferredWrites => ({
      writeWhen: () => undefined,
      writeQueued: async () => undefined,
      writesLost: () => void lost.push(name),
    });
    const writeBehind = new WriteBehind(async (work) => {
      await work();
      throw new Error('commit refused');
    }, silentLogger);
    writeBehind.take(queue('audit'));
    writeBehind.take(queue('graph'));
    await writeBehind.flush();
    expect(lost).toEqual(['audit', 'graph']);
  });
});
