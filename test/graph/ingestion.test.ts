import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../src/app.js';
import { silentLogger } from '../../src/config/logger.js';
import { GraphBatch } from '../../src/graph/ingest/batch.js';
import { ticketNode } from '../../tools/ticketing/mentions.js';
import { IngestionPipeline } from '../../src/graph/ingest/pipeline.js';
import { extractorsOf } from '../../src/catalog/manifest.js';
import { MANIFESTS } from '../../tools/index.js';
import type { GraphService } from '../../src/graph/service/graph-service.js';
import { ManualClock, MINUTE } from '../helpers/clock.js';
import { caller, executed, failed, graphApp, RESULTS } from './fixtures.js';

let app: App;
let graph: GraphService;
let pipeline: IngestionPipeline;
const clock = new ManualClock();

beforeEach(async () => {
  app = await graphApp(clock);
  graph = app.services.graph;
  pipeline = new IngestionPipeline(graph, extractorsOf(MANIFESTS), {
    log: silentLogger,
    onError: (system) => app.telemetry.countIngestionError(system),
  });
});
afterEach(() => app.close());

/** Runs events through both observers, as the executor does, and waits for ingestion. */
async function observe(...events: ReturnType<typeof executed>[]) {
  for (const event of events) {
    pipeline.recordActivity(event);
    pipeline.queueResult(event);
  }
  await pipeline.drain();
}

const edgesOf = async (type: string, id: string) =>
  (await graph.relationships('acme', type, id, { direction: 'both', limit: 100 })).map(
    (e) => `${e.from_node} ${e.edge_type} ${e.to_node}`,
  );

describe('code_host ingestion', () => {
  it('repositories become nodes with their key properties', async () => {
    await observe(executed('code_host', 'get_repositories', {}, RESULTS.repositories));
    const repo = await graph.entity('acme', 'repository', 'acme/api');
    expect(repo).toMatchObject({
      node_type: 'repository',
      node_id: 'acme/api',
      source: 'code_host',
      properties: { full_name: 'acme/api', language: 'TypeScript', description: 'Payments API' },
    });
    expect((await graph.entity('acme', 'repository', 'acme/web')).properties).not.toHaveProperty('description');
  });

  it('issues link to their repository, author and assignees, and to mentioned tickets', async () => {
    await observe(executed('code_host', 'get_issues', { repo_id: 'acme/api' }, RESULTS.issues));
    expect((await graph.entity('acme', 'issue', 'acme/api#7')).properties).toMatchObject({
      key: 'acme/api#7',
      summary: 'Webhook deliveries time out',
      status: 'open',
      labels: ['bug'],
    });
    expect((await edgesOf('issue', 'acme/api#7')).sort()).toEqual([
      'issue:acme/api#7 ASSIGNED_TO user:grace-h',
      'issue:acme/api#7 AUTHORED_BY user:ada-l',
      'issue:acme/api#7 BELONGS_TO repository:acme/api',
      'issue:acme/api#7 LINKED_TO issue:PAY-102',
    ]);
    // The mentioned ticket exists with its project, so every edge has both ends.
    expect(await edgesOf('issue', 'PAY-102')).toContain('issue:PAY-102 BELONGS_TO project:PAY');
  });

  it('pull requests link to repository, author, reviewers, closed issues and ticket keys', async () => {
    await observe(executed('code_host', 'get_pull_requests', { repo_id: 'acme/api' }, RESULTS.pullRequests));
    const pr = await graph.entity('acme', 'pull_request', 'acme/api#12');
    expect(pr.properties).toMatchObject({
      number: 12,
      title: 'PAY-101 Idempotency keys',
      state: 'open',
      author: 'ada-l',
      head_ref: 'feature/idempotency',
    });
    expect((await edgesOf('pull_request', 'acme/api#12')).sort()).toEqual([
      'pull_request:acme/api#12 AUTHORED_BY user:ada-l',
      'pull_request:acme/api#12 BELONGS_TO repository:acme/api',
      'pull_request:acme/api#12 LINKED_TO issue:PAY-101',
      'pull_request:acme/api#12 LINKED_TO issue:PAY-103',
      'pull_request:acme/api#12 LINKED_TO issue:acme/api#7',
      'pull_request:acme/api#12 REVIEWED_BY user:grace-h',
      'pull_request:acme/api#12 REVIEWED_BY user:linus-t',
    ]);
    const review = (
      await graph.relationships('acme', 'pull_request', 'acme/api#12', {
        edgeType: 'REVIEWED_BY',
        direction: 'out',
        limit: 10,
      })
    ).find((e) => e.to_node === 'user:grace-h');
    expect(review?.properties).toEqual({ state: 'APPROVED', submitted_at: '2026-10-05T00:00:00Z' });
  });

  it('contributors contribute to the repository of the call', async () => {
    await observe(executed('code_host', 'get_contributors', { repo_id: 'acme/api' }, RESULTS.contributors));
    expect((await edgesOf('repository', 'acme/api')).sort()).toEqual([
      'user:ada-l CONTRIBUTES_TO repository:acme/api',
      'user:linus-t CONTRIBUTES_TO repository:acme/api',
    ]);
    expect((await graph.entity('acme', 'user', 'ada-l')).properties).toMatchObject({ login: 'ada-l' });
  });

  it('results of a tool without a graph reader add nothing, whatever their shape', async () => {
    await observe(
      executed('code_host', 'get_dora_metrics', {}, { repositories: [{ full_name: 'acme/api' }], issues: [] }),
    );
    expect((await graph.stats('acme')).total_nodes).toBe(0);
  });

  it('my work: reviews done and assigned issues tie to the user; a merge marks the pull request merged', async () => {
    const item = (repo: string, number: number, kind: 'pull' | 'issues', login = 'grace-h') => ({
      repo,
      number,
      title: `Item ${number}`,
      state: 'open',
      draft: false,
      user: { login, id: login === 'ada-l' ? 101 : 102 },
      labels: [],
      html_url: `https://github.com/${repo}/${kind}/${number}`,
      created_at: '2026-10-01T00:00:00Z',
      updated_at: '2026-10-02T00:00:00Z',
    });
    await observe(
      executed(
        'code_host',
        'get_my_code_host_work',
        { username: 'ada-l' },
        {
          user: { login: 'ada-l', resolved_from: 'username' },
          open_pull_requests: [item('acme/api', 30, 'pull', 'ada-l')],
          review_requests: [],
          reviews_done: [item('acme/web', 31, 'pull')],
          assigned_issues: [item('acme/api', 32, 'issues')],
        },
      ),
      executed(
        'code_host',
        'merge_pull_request',
        { repo_id: 'acme/api', pr_number: 30 },
        {
          repo: 'acme/api',
          pr_number: 30,
          html_url: 'https://github.com/acme/api/pull/30',
          merged: true,
          already_merged: false,
          sha: 'x',
          message: 'merged',
        },
      ),
    );
    expect((await edgesOf('user', 'ada-l')).sort()).toEqual([
      'issue:acme/api#32 ASSIGNED_TO user:ada-l',
      'pull_request:acme/api#30 AUTHORED_BY user:ada-l',
      'pull_request:acme/web#31 REVIEWED_BY user:ada-l',
    ]);
    expect((await graph.entity('acme', 'pull_request', 'acme/api#30')).properties).toMatchObject({
      title: 'Item 30',
      state: 'merged',
    });
  });
});

describe('merging and identity', () => {
  it('updates merge properties instead of replacing them', async () => {
    await observe(executed('code_host', 'get_issues', { repo_id: 'acme/api' }, RESULTS.issues));
    const before = await graph.entity('acme', 'issue', 'PAY-102');
    expect(before.properties).toEqual({ key: 'PAY-102', project: 'PAY' });
    clock.advance(MINUTE);
    const ticket = new GraphBatch();
    ticketNode(ticket, 'PAY-102', { summary: 'Webhook retries', status: 'In Review', priority: 'High' });
    await graph.ingest('acme', ticket, 'ticketing');
    const after = await graph.entity('acme', 'issue', 'PAY-102');
    expect(after.properties).toMatchObject({
      key: 'PAY-102',
      project: 'PAY',
      summary: 'Webhook retries',
      status: 'In Review',
    });
    expect(after.created_at).toBe(before.created_at);
    expect(after.updated_at).not.toBe(before.updated_at);
    // A later stub mention leaves the details in place.
    await observe(executed('code_host', 'get_issues', { repo_id: 'acme/api' }, RESULTS.issues));
    expect((await graph.entity('acme', 'issue', 'PAY-102')).properties.summary).toBe('Webhook retries');
  });

  it('unifies a person across systems when an email ties login and account id', async () => {
    await observe(executed('code_host', 'get_pull_requests', { repo_id: 'acme/api' }, RESULTS.pullRequests));
    // What a ticketing result says of Ada: an account id with her email, assigned PAY-101, reporter of PAY-103.
    const tickets = new GraphBatch();
    const jiraAda = tickets.person({ accountId: 'acc-ada', email: 'ada@acme.test' }, { name: 'Ada Lovelace' });
    tickets.edge(ticketNode(tickets, 'PAY-101'), 'ASSIGNED_TO', jiraAda);
    tickets.edge(ticketNode(tickets, 'PAY-103'), 'AUTHORED_BY', tickets.person({ accountId: 'acc-ada' }));
    await graph.ingest('acme', tickets, 'ticketing');
    // Two nodes so far: the GitHub login and the Jira account (with email).
    expect((await graph.entity('acme', 'user', 'ada-l')).node_id).toBe('ada-l');
    expect((await graph.entity('acme', 'user', 'ada@acme.test')).node_id).toBe('ada@acme.test');
    await observe(executed('code_host', 'get_user_by_email', { email: 'ada@acme.test' }, RESULTS.userByEmail));
    const ada = await graph.entity('acme', 'user', 'ada-l');
    for (const alias of ['ada@acme.test', 'ADA@acme.test', 'acc-ada', '101', 'ada-l'])
      expect((await graph.entity('acme', 'user', alias)).node_id).toBe(ada.node_id);
    expect(ada.properties).toMatchObject({
      login: 'ada-l',
      email: 'ada@acme.test',
      account_id: 'acc-ada',
      github_id: 101,
      name: 'Ada Lovelace',
    });
    expect(await graph.search('acme', 'user', { name: 'Ada Lovelace' }, 10)).toHaveLength(1);
    const edges = (await edgesOf('user', ada.node_id)).sort();
    expect(edges).toContain(`pull_request:acme/api#12 AUTHORED_BY user:${ada.node_id}`);
    expect(edges).toContain(`issue:PAY-101 ASSIGNED_TO user:${ada.node_id}`);
    expect(edges).toContain(`issue:PAY-103 AUTHORED_BY user:${ada.node_id}`);
  });

  it('keeps tenants apart: the same ids in two tenants are two nodes', async () => {
    await observe(
      executed('code_host', 'get_repositories', {}, RESULTS.repositories, caller('globex', 'hank@globex.test')),
    );
    await expect(graph.entity('acme', 'repository', 'acme/api')).rejects.toThrow(
      'Entity not found: repository:acme/api',
    );
    expect((await graph.entity('globex', 'repository', 'acme/api')).node_id).toBe('acme/api');
    expect((await graph.stats('acme')).total_nodes).toBe(0);
  });
});

describe('activity and failure handling', () => {
  it('writes the activity records of calls observed together in one write, in call order', async () => {
    const appends = vi.spyOn(graph.storage, 'appendActivity');
    const tools = ['get_repositories', 'get_issues', 'get_pull_requests', 'get_repository'];
    for (const tool of tools) pipeline.recordActivity(executed('code_host', tool, {}, {}));
    await pipeline.recorded();
    expect(appends.mock.calls.map(([records]) => records.length)).toEqual([tools.length]);
    expect((await graph.feed('acme', 10)).map((a) => a.action)).toEqual(tools.map((t) => `mcp.${t}`).reverse());
  });

  it('writes a call’s activity record once the caller has its answer, and reads of the feed still see it', async () => {
    const appends = vi.spyOn(graph.storage, 'appendActivity');
    pipeline.recordActivity(executed('code_host', 'get_repositories', {}, {}));
    // The hops a surface's answer takes from the executor to the transport are microtasks.
    for (let hop = 0; hop < 20; hop++) await Promise.resolve();
    expect(appends).not.toHaveBeenCalled();
    await pipeline.recorded();
    expect((await graph.feed('acme', 10)).map((a) => a.action)).toEqual(['mcp.get_repositories']);
  });

  it('records every execution in the feed, failures included', async () => {
    await observe(executed('code_host', 'get_repositories', {}, RESULTS.repositories));
    clock.advance(1000);
    const failure = failed(
      'code_host',
      'get_repository',
      { repo_id: 'acme/nope' },
      { tenantId: 'acme', connections: {} },
    );
    pipeline.recordActivity(failure);
    pipeline.queueResult(failure);
    await pipeline.recorded();
    const feed = await graph.feed('acme', 10);
    expect(feed).toHaveLength(2);
    expect(feed[0]).toEqual({
      action: 'mcp.get_repository',
      actor_type: 'user',
      actor_id: 'anonymous',
      target_type: 'repository',
      target_id: 'acme/nope',
      timestamp: new Date(clock.now()).toISOString(),
      properties: {
        system: 'code_host',
        tool: 'get_repository',
        success: false,
        duration_ms: 3,
        error_code: 'NOT_FOUND',
      },
    });
    expect(feed[1]).toMatchObject({
      action: 'mcp.get_repositories',
      actor_id: 'ada@acme.test',
      properties: { system: 'code_host', tool: 'get_repositories', success: true, duration_ms: 12.5 },
    });
  });

  it('a result that cannot be ingested is counted and logged, never thrown', async () => {
    const event = executed('code_host', 'get_repositories', {}, RESULTS.repositories);
    app.db.exec(
      "CREATE TRIGGER graph_nodes_fail BEFORE INSERT ON graph_nodes BEGIN SELECT RAISE(ABORT, 'disk on fire'); END;",
    );
    expect(() => pipeline.queueResult(event)).not.toThrow();
    await pipeline.drain();
    const metric = await (await app.telemetry.metrics()).ingestionErrors.get();
    expect(metric.values.find((v) => v.labels.system === 'code_host')?.value).toBe(1);
    expect((await graph.stats('acme')).total_nodes).toBe(0);
  });

  it('ingestion is deferred off the call path and drain() waits for it', async () => {
    pipeline.queueResult(executed('code_host', 'get_repositories', {}, RESULTS.repositories));
    expect((await graph.stats('acme')).total_nodes).toBe(0);
    await pipeline.drain();
    expect((await graph.stats('acme')).total_nodes).toBe(2);
  });

  it('results of systems without an extractor and failed calls are not ingested', async () => {
    await observe(
      executed('graph', 'search', {}, { results: [{ node_type: 'repository', node_id: 'x/y' }] }),
      failed('code_host', 'get_repository', { repo_id: 'acme/api' }),
    );
    expect((await graph.stats('acme')).total_nodes).toBe(0);
    expect((await graph.stats('acme')).global_feed_size).toBe(2);
  });
});
