import { startTestServer, type TestServer } from '../test/helpers/server.js';
import { median, percentile, time, type BenchResult } from './lib.js';
import { benchCluster } from './pg.js';

const ITERATIONS = 300;
const VAULT_KEY = 'b9d2e4f6f3a9c07e5b1d48e2a6c4b8d0e7f1a3c5f3a9c07e5b1d48e2a6c4b8d0';

interface Figures {
  executor: number[];
  cachedGet: number[];
  activity: number[];
}

/** One server's per-call figures: what the store adds to a call on this backend. */
async function measure(server: TestServer): Promise<Figures> {
  const caller = server.callerFor('acme');
  const tool = server.app.registry.find('code_host_get_repository');
  if (!tool) throw new Error('tool missing');
  const args = { repo_id: 'acme/api' };
  const executor = await time(() => server.app.executor.execute(caller, tool, args), ITERATIONS);
  const token = await server.tokenFor('acme');
  const url = `${server.url}/code_host/get-repository?repo_id=acme/api`;
  // The first answer fills the response cache; the timed ones are served from it: token, epoch, cache.
  const cachedGet = await time(async () => {
    const response = await fetch(url, { headers: { 'X-JWT-Token': token } });
    if (response.status !== 200) throw new Error(`cached GET answered ${response.status}`);
    await response.arrayBuffer();
  }, ITERATIONS);
  const graph = server.app.services.graph;
  const activity = await time(
    () =>
      graph.recordActivity('acme', {
        action: 'mcp.get_repository',
        actorType: 'user',
        actorId: caller.userEmail ?? 'bench',
        targetType: 'repository',
        targetId: 'acme/api',
        properties: { success: true },
      }),
    ITERATIONS,
  );
  return { executor, cachedGet, activity };
}

const row = (name: string, samples: number[], note?: string): BenchResult => ({
  suite: 'storage',
  name,
  value: median(samples),
  unit: 'ms',
  note: `p90 ${percentile(samples, 90).toFixed(3)} ms${note ? `; ${note}` : ''}`,
});

const ratio = (pg: number[], sqlite: number[]) => `${(median(pg) / median(sqlite)).toFixed(2)}x SQLite`;

/** The per-request shared state: a counted rate-limit hit, the generation read with the epoch, a bump. */
const SHARED_STATE_CASES: ReadonlyArray<[string, (server: TestServer) => Promise<unknown>]> = [
  [
    'rate-limit window hit (memory on SQLite)',
    (server) => server.app.windows.hit('bench|tenant:acme', 60_000, server.app.clock.now()),
  ],
  ['epoch + cache generation read', (server) => server.app.tenants.stateOf('acme')],
  ['cache generation bump', (server) => server.app.tenants.bumpCacheGeneration('acme')],
];
const SHARED_STATE_ROUNDS = 6;

/**
 * Each shared-state case on both servers in alternating rounds (so that load from elsewhere on the machine
 * falls on both alike): in memory or SQLite on one node, in PostgreSQL for a fleet. Medians of all rounds.
 */
async function sharedStateRows(sqlite: TestServer, pg: TestServer): Promise<BenchResult[]> {
  const rows: BenchResult[] = [];
  for (const [name, once] of SHARED_STATE_CASES) {
    const samples = { sqlite: [] as number[], pg: [] as number[] };
    for (let round = 0; round < SHARED_STATE_ROUNDS; round++) {
      samples.sqlite.push(...(await time(() => once(sqlite), ITERATIONS / 3)));
      samples.pg.push(...(await time(() => once(pg), ITERATIONS / 3)));
    }
    const [onSqlite, onPg] = [samples.sqlite.sort((x, y) => x - y), samples.pg.sort((x, y) => x - y)];
    rows.push(row(`${name}, SQLite node`, onSqlite), row(`${name}, PostgreSQL`, onPg, ratio(onPg, onSqlite)));
  }
  return rows;
}

/**
 * What the backend adds to a call, SQLite and PostgreSQL in the same run (alternating servers): a tool
 * call through the executor, a cached REST read, and the activity record every call writes; then the
 * shared state a fleet adds per request (see `sharedStateRows`).
 */
export async function run(): Promise<BenchResult[]> {
  const cluster = await benchCluster();
  const options = { rateLimits: 'count' as const, config: { rateLimitPerMinute: 1_000_000 } };
  const sqlite = await startTestServer(options);
  const sqliteFigures = await measure(sqlite).finally(() => sqlite.close());
  const rows = [
    row('tool call (executor), SQLite', sqliteFigures.executor),
    row('cached REST read, SQLite', sqliteFigures.cachedGet),
    row('activity write, SQLite', sqliteFigures.activity),
  ];
  if (!cluster) return rows;
  const env = { CONSTELLATION_DATABASE_URL: await cluster.createDatabase(), CONSTELLATION_ENCRYPTION_KEY: VAULT_KEY };
  const pg = await startTestServer({ ...options, env });
  const pgFigures = await measure(pg).finally(() => pg.close());
  const [sqliteNode, pgNode] = [await startTestServer(options), await startTestServer({ ...options, env })];
  const shared = await sharedStateRows(sqliteNode, pgNode).finally(() =>
    Promise.all([sqliteNode.close(), pgNode.close()]),
  );
  rows.push(
    row('tool call (executor), PostgreSQL', pgFigures.executor, ratio(pgFigures.executor, sqliteFigures.executor)),
    row('cached REST read, PostgreSQL', pgFigures.cachedGet, ratio(pgFigures.cachedGet, sqliteFigures.cachedGet)),
    row('activity write, PostgreSQL', pgFigures.activity, ratio(pgFigures.activity, sqliteFigures.activity)),
    ...shared,
  );
  return rows;
}
