import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphService } from '../../src/graph/service/graph-service.js';
import type { Caller } from '../../src/toolkit/context.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Tool calls through the real executor against the sandbox GitHub fill the graph and the feed. */
let server: TestServer;
let graph: GraphService;
let acme: Caller;

beforeAll(async () => {
  server = await startTestServer();
  graph = server.app.services.graph;
  acme = server.callerFor('acme');
});
afterAll(() => server.close());

const tool = (name: string) => {
  const found = server.app.registry.find(name, 'code_host');
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

describe('ingestion from executed tools', () => {
  it('get_repositories and get_issues add repositories, issues, people and their edges', async () => {
    const repos = (await server.app.executor.execute(acme, tool('get_repositories'), { limit: 100 })) as {
      repositories: Array<{ full_name: string; language: string | null }>;
    };
    const repoId = repos.repositories[0].full_name;
    const issues = (await server.app.executor.execute(acme, tool('get_issues'), {
      repo_id: repoId,
      state: 'all',
      limit: 20,
    })) as {
      issues: Array<{
        number: number;
        title: string;
        user: { login: string } | null;
        assignees: Array<{ login: string }>;
      }>;
    };
    await graph.drain();

    for (const repo of repos.repositories)
      expect((await graph.entity('acme', 'repository', repo.full_name)).properties.full_name).toBe(repo.full_name);
    expect(issues.issues.length).toBeGreaterThan(0);
    for (const issue of issues.issues) {
      const key = `${repoId}#${issue.number}`;
      expect((await graph.entity('acme', 'issue', key)).properties).toMatchObject({ key, title: issue.title });
      const edges = await graph.relationships('acme', 'issue', key, { direction: 'out', limit: 50 });
      expect(edges).toContainEqual({
        from_node: `issue:${key}`,
        to_node: `repository:${repoId}`,
        edge_type: 'BELONGS_TO',
      });
      if (issue.user)
        expect((await graph.entity('acme', 'user', issue.user.login)).properties.login).toBe(issue.user.login);
      for (const assignee of issue.assignees) {
        const user = await graph.entity('acme', 'user', assignee.login);
        expect(edges).toContainEqual({
          from_node: `issue:${key}`,
          to_node: `user:${user.node_id}`,
          edge_type: 'ASSIGNED_TO',
        });
      }
    }
    // Nothing leaked into the other tenant.
    expect((await graph.stats('globex')).total_nodes).toBe(0);
  });

  it('get_pull_requests, get_contributors and get_user_by_email add reviews, contributions and tie identities', async () => {
    const { repositories } = (await server.app.executor.execute(acme, tool('get_repositories'), { limit: 1 })) as {
      repositories: Array<{ full_name: string }>;
    };
    const repoId = repositories[0].full_name;
    const prs = (await server.app.executor.execute(acme, tool('get_pull_requests'), {
      repo_id: repoId,
      state: 'all',
      limit: 10,
    })) as {
      pull_requests: Array<{
        number: number;
        user: { login: string } | null;
        reviews: Array<{ user: { login: string } | null; state: string }> | null;
      }>;
    };
    const contributors = (await server.app.executor.execute(acme, tool('get_contributors'), { repo_id: repoId })) as {
      contributors: Array<{ login: string }>;
    };
    await graph.drain();
    expect(prs.pull_requests.length).toBeGreaterThan(0);
    let reviews = 0;
    for (const pr of prs.pull_requests) {
      const edges = await graph.relationships('acme', 'pull_request', `${repoId}#${pr.number}`, {
        direction: 'out',
        limit: 50,
      });
      expect(edges).toContainEqual({
        from_node: `pull_request:${repoId}#${pr.number}`,
        to_node: `repository:${repoId}`,
        edge_type: 'BELONGS_TO',
      });
      if (pr.user)
        expect(edges.map((e) => e.edge_type === 'AUTHORED_BY' && e.to_node)).toContain(
          `user:${(await graph.entity('acme', 'user', pr.user.login)).node_id}`,
        );
      for (const review of pr.reviews ?? []) {
        if (!review.user) continue;
        reviews++;
        const reviewer = (await graph.entity('acme', 'user', review.user.login)).node_id;
        expect(edges.some((e) => e.edge_type === 'REVIEWED_BY' && e.to_node === `user:${reviewer}`)).toBe(true);
      }
    }
    expect(reviews).toBeGreaterThan(0);
    for (const c of contributors.contributors) {
      const edges = await graph.relationships('acme', 'user', c.login, {
        edgeType: 'CONTRIBUTES_TO',
        direction: 'out',
        limit: 50,
      });
      expect(edges.map((e) => e.to_node)).toContain(`repository:${repoId}`);
    }

    // The sandbox person behind a login, found by email: afterwards the email reaches the same node.
    const found = await Promise.all(
      server.sandbox.seeds.acme.people.map((p) => graph.findRow('acme', 'user', p.login)),
    );
    const person = server.sandbox.seeds.acme.people.find((_, i) => found[i]);
    expect(person).toBeDefined();
    const profile = (await server.app.executor.execute(acme, tool('get_user_by_email'), { email: person!.email })) as {
      login: string;
    };
    await graph.drain();
    expect(profile.login).toBe(person!.login);
    expect((await graph.entity('acme', 'user', person!.email)).node_id).toBe(
      (await graph.entity('acme', 'user', person!.login)).node_id,
    );
  });

  it('every execution, failed or not, is in the feed with its actor and target', async () => {
    await server.app.executor.execute(acme, tool('get_repositories'), { limit: 1 });
    await server.app.executor.execute(acme, tool('get_contributors'), { repo_id: 'acme/api' });
    const before = (await graph.stats('acme')).global_feed_size;
    await expect(
      server.app.executor.execute(acme, tool('get_repository'), { repo_id: 'acme/does-not-exist' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const feed = await graph.feed('acme', 10);
    expect((await graph.stats('acme')).global_feed_size).toBe(before + 1);
    expect(feed[0]).toMatchObject({
      action: 'mcp.get_repository',
      actor_type: 'user',
      actor_id: acme.userEmail,
      target_type: 'repository',
      target_id: 'acme/does-not-exist',
      properties: { system: 'code_host', tool: 'get_repository', success: false, error_code: 'NOT_FOUND' },
    });
    expect(typeof feed[0].properties.duration_ms).toBe('number');
    expect(feed.slice(1, 3).map((r) => r.action)).toEqual(['mcp.get_contributors', 'mcp.get_repositories']);
  });
});
