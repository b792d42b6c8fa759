import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { silentLogger } from '../../src/config/logger.js';
import { SqliteGraphStorage } from '../../src/graph/store/graph-storage-sqlite.js';
import type { GraphService } from '../../src/graph/service/graph-service.js';
import { executed, RESULTS } from './fixtures.js';

let dir: string;
let app: App;
let graph: GraphService;
let graphWrites: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  graphWrites = vi.spyOn(SqliteGraphStorage.prototype, 'writeFor');
  dir = mkdtempSync(join(tmpdir(), 'ingest-repeats-'));
  const config = loadConfig({ CONSTELLATION_ENV: 'test' }, { databaseFile: join(dir, 'graph.db'), logLevel: 'error' });
  app = await createApp(config, { log: silentLogger });
  await app.tenants.ensure({ id: 'acme', consumerId: 'acme' });
  graph = app.services.graph;
});
afterEach(async () => {
  await app.close();
  graphWrites.mockRestore();
  rmSync(dir, { recursive: true, force: true });
});

const repositories = (description: string) => {
  const [first, ...rest] = RESULTS.repositories.repositories as Array<Record<string, unknown>>;
  return { ...RESULTS.repositories, repositories: [{ ...first, description }, ...rest] };
};

/** One call's result, as the executor hands it to the graph's observers, written. */
async function called(result: Record<string, unknown>) {
  const event = executed('code_host', 'get_repositories', {}, result);
  graph.ingestion.recordActivity(event);
  graph.ingestion.queueResult(event);
  await graph.drain();
}

/** Every row of the graph's entity tables (activity records aside: each call adds its own). */
function graphRows(): Record<string, unknown[]> {
  const tables = app.db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'graph\\_%' ESCAPE '\\'
       AND name NOT LIKE 'graph_activity%' AND name NOT LIKE 'graph_sync%' ORDER BY name`,
    )
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables.map((table) => [
      table,
      app.db
        .prepare(`SELECT * FROM "${table}"`)
        .all()
        .map((row) => JSON.stringify(row))
        .sort(),
    ]),
  );
}

const descriptionOfApi = async () =>
  (await graph.entity('acme', 'repository', 'acme/api')).properties.description as string | undefined;

describe('a result found already written', () => {
  it('is not written again: the graph after five identical calls is the graph after one', async () => {
    await called(repositories('Payments API'));
    const afterOne = graphRows();
    expect(afterOne.graph_nodes.length).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) await called(repositories('Payments API'));
    expect(graphRows()).toEqual(afterOne);
    // The first call writes, the second finds nothing to change; the others are not written.
    expect(graphWrites).toHaveBeenCalledTimes(2);
    expect(await graph.feed('acme', 10)).toHaveLength(5);
  });

  it('is written again once another result changed the graph, and the graph follows each change', async () => {
    for (let i = 0; i < 3; i++) await called(repositories('Payments API'));
    await called(repositories('Payments and refunds'));
    expect(await descriptionOfApi()).toBe('Payments and refunds');
    await called(repositories('Payments API'));
    expect(await descriptionOfApi()).toBe('Payments API');
  });

  it('is written again after an entity it wrote was deleted', async () => {
    for (let i = 0; i < 3; i++) await called(repositories('Payments API'));
    const api = await graph.requireRow('acme', 'repository', 'acme/api');
    expect(await graph.storage.deleteNodes('acme', [api.id])).toBe(1);
    await expect(graph.entity('acme', 'repository', 'acme/api')).rejects.toThrow();
    await called(repositories('Payments API'));
    expect(await descriptionOfApi()).toBe('Payments API');
  });

  it('is written again after another process changed the graph in the same file', async () => {
    for (let i = 0; i < 3; i++) await called(repositories('Payments API'));
    const other = new Database(join(dir, 'graph.db'));
    try {
      other
        .prepare(
          `UPDATE graph_nodes SET properties = json_set(properties, '$.description', 'Edited elsewhere')
           WHERE tenant_id = 'acme' AND node_type = 'repository' AND node_id = 'acme/api'`,
        )
        .run();
    } finally {
      other.close();
    }
    expect(await descriptionOfApi()).toBe('Edited elsewhere');
    await called(repositories('Payments API'));
    expect(await descriptionOfApi()).toBe('Payments API');
  });
});
