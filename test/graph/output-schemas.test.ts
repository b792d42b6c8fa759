/**
 * Every graph tool declares its result shape, and what it really returns agrees with it. MCP clients
 * validate each structured result against the tool's outputSchema, so a result that disagrees (a
 * missing `properties`, an unknown edge type, a null where the schema says string) makes the tool
 * unusable.
 *
 * The graph is filled the way it is in production: code_host tools run against the sandbox and their
 * results are ingested. Each graph result is then checked twice: with Ajv against the JSON Schema
 * clients see (draft 2020-12, formats on, `required` stripped for the `fields` projection), and with
 * the tool's own zod schema, which also requires every declared field.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphBatch } from '../../src/graph/ingest/batch.js';
import type { ToolDefinition } from '../../src/toolkit/define-tool.js';
import type { Caller } from '../../src/toolkit/context.js';
import { OutputChecker } from '../helpers/output-schemas.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { listEveryTool } from '../helpers/mcp-session.js';

type Result = Record<string, any>;

const GRAPH_TOOLS = [
  'traverse',
  'search',
  'find_path',
  'get_entity_context',
  'get_feed',
  'inject_context',
  'query',
  'get_person',
];

let server: TestServer;
let caller: Caller;
const checker = new OutputChecker(() => server.app.registry);

const tool = (name: string, system = 'graph'): ToolDefinition => {
  const found = server.app.registry.find(name, system);
  if (!found) throw new Error(`no tool ${system}_${name}`);
  return found;
};

/** Runs a code_host tool, so its result feeds the graph. */
const codeHost = (name: string, args: Record<string, unknown>) =>
  server.app.executor.execute(caller, tool(name, 'code_host'), args) as Promise<Result>;

/** Runs a graph tool as the first acme user and checks the result against its schemas. */
async function run(
  name: string,
  args: Record<string, unknown> = {},
  options: { projected?: boolean } = {},
): Promise<Result> {
  const definition = tool(name);
  const result = (await server.app.executor.execute(caller, definition, args)) as Result;
  expect(checker.problems(definition, result, options), `${name} ${JSON.stringify(args)}`).toEqual([]);
  return result;
}

/** The graph as the code_host tools left it. */
const known = {
  person: { email: '', login: '' },
  /** A pull request with at least one review (a REVIEWED_BY edge with properties). */
  reviewed: '',
  /** Words of a pull request title, for text search. */
  words: '',
};

beforeAll(async () => {
  server = await startTestServer();
  caller = server.callerFor('acme');
  const { repositories } = await codeHost('get_repositories', { limit: 100 });
  expect(repositories.length).toBeGreaterThan(3);
  const { pull_requests } = await codeHost('get_pull_requests', { repo_id: 'acme/api', state: 'all', limit: 30 });
  await codeHost('get_pull_requests', { state: 'all', limit: 20 });
  await codeHost('get_issues', { state: 'all', limit: 40 });
  await codeHost('get_contributors', { repo_id: 'acme/api', limit: 100 });
  await codeHost('get_contributors', { repo_id: 'acme/web', limit: 100 });
  await codeHost('get_stale_prs', { limit: 20 });
  const person = server.sandbox.seeds.acme.people[0];
  await codeHost('get_user_by_email', { email: person.email });
  await server.app.services.graph.drain();

  const reviewed = pull_requests.find((pr: Result) => pr.reviews?.some((r: Result) => r.user));
  expect(reviewed, 'a reviewed pull request in acme/api').toBeDefined();
  known.reviewed = `acme/api#${reviewed.number}`;
  known.words = pull_requests[0].title.split(/\s+/).slice(0, 3).join(' ');
  known.person = { email: person.email, login: person.login };
  expect((await server.app.services.graph.stats('acme')).total_nodes).toBeGreaterThan(20);
});
afterAll(async () => server?.close());

describe('the catalog declares result shapes', () => {
  it('every graph tool has an outputSchema, with the shared pieces described for agents', () => {
    const graphTools = server.app.registry.toolsOf('graph');
    expect(graphTools.map((t) => t.name).sort()).toEqual([...GRAPH_TOOLS].sort());
    for (const definition of graphTools) {
      const schema = server.app.registry.outputJsonSchema(definition);
      expect(schema, definition.qualifiedName).not.toBeNull();
      expect(schema, definition.qualifiedName).toBeDefined();
      expect(schema!.type).toBe('object');
      expect(Object.keys(schema!.properties as object).length, definition.qualifiedName).toBeGreaterThan(1);
      expect(JSON.stringify(schema)).not.toContain('"required"');
      expect(definition.output ?? definition.item, definition.qualifiedName).toBeDefined();
      // Every schema compiles with formats on (as the MCP SDK's client compiles them).
      expect(() => checker.compile(schema!)).not.toThrow();
    }
    const traverse = server.app.registry.outputJsonSchema(tool('traverse')) as any;
    const node = traverse.properties.nodes.items;
    expect(node.properties.node_type.enum).toContain('pull_request');
    expect(node.properties.properties.type).toBe('object');
    expect(node.properties.properties.description).toMatch(/open/);
    // Open to properties beyond those listed (absent means the same as {}).
    expect(node.additionalProperties).not.toBe(false);
    expect(traverse.properties.edges.items.properties.from_node.description).toMatch(/<node_type>:<node_id>/);
    expect(traverse.properties.truncated.description).toMatch(/max_nodes/);
    const feed = server.app.registry.outputJsonSchema(tool('get_feed')) as any;
    expect(feed.properties.activity.items.properties.timestamp.format).toBe('date-time');
  });
});

describe('results agree with the schemas', () => {
  it('traverse: a neighbourhood, a truncated one, along some edge types only, projected', async () => {
    const around = await run('traverse', { entity_type: 'repository', entity_id: 'acme/api', depth: 2 });
    expect(around).toMatchObject({
      truncated: false,
      node_count: around.nodes.length,
      edge_count: around.edges.length,
    });
    expect(around.nodes[0]).toMatchObject({ node_type: 'repository', node_id: 'acme/api', source: 'code_host' });
    expect(around.edges.length).toBeGreaterThan(5);
    expect(
      (await run('traverse', { entity_type: 'repository', entity_id: 'acme/api', depth: 3, max_nodes: 4 })).truncated,
    ).toBe(true);
    const reviewers = await run('traverse', {
      entity_type: 'pull_request',
      entity_id: known.reviewed,
      depth: 1,
      direction: 'out',
      edge_types: ['REVIEWED_BY', 'AUTHORED_BY'],
    });
    expect(reviewers.edges.every((e: Result) => ['REVIEWED_BY', 'AUTHORED_BY'].includes(e.edge_type))).toBe(true);
    await run('traverse', { entity_type: 'user', entity_id: known.person.login, depth: 1, direction: 'in' });
    await run(
      'traverse',
      { entity_type: 'repository', entity_id: 'acme/web', fields: ['node_count', 'nodes.node_id', 'edges.edge_type'] },
      { projected: true },
    );
  });

  it('search: by words, by words within a type, by property filters, with no match', async () => {
    const words = await run('search', { query: known.words });
    expect(words.mode).toBe('hybrid');
    expect(words.count).toBeGreaterThan(0);
    expect(typeof words.results[0].score).toBe('number');
    await run('search', { query: known.words, entity_type: 'pull_request', limit: 5 });
    const open = await run('search', { entity_type: 'pull_request', filters: { state: 'open' }, limit: 50 });
    expect(open).toMatchObject({ mode: 'filter' });
    expect(open.count).toBeGreaterThan(0);
    expect(open.results[0]).not.toHaveProperty('score');
    await run('search', { entity_type: 'user', limit: 100 });
    expect(await run('search', { query: 'zzqxj nonexistentword' })).toMatchObject({ count: 0, results: [] });
  });

  it('find_path: connected, not connected within max_depth, the same entity', async () => {
    const path = await run('find_path', {
      from_type: 'user',
      from_id: known.person.email,
      to_type: 'repository',
      to_id: 'acme/web',
    });
    expect(path.path_found).toBe(true);
    expect(path.nodes[path.nodes.length - 1]).toBe('repository:acme/web');
    expect(path.length).toBe(path.edges.length);
    // Repositories are never linked to each other directly.
    expect(
      await run('find_path', {
        from_type: 'repository',
        from_id: 'acme/api',
        to_type: 'repository',
        to_id: 'acme/web',
        max_depth: 1,
      }),
    ).toEqual({
      nodes: [],
      edges: [],
      length: 0,
      path_found: false,
    });
    expect(
      await run('find_path', {
        from_type: 'repository',
        from_id: 'acme/api',
        to_type: 'repository',
        to_id: 'acme/api',
      }),
    ).toMatchObject({ length: 0, path_found: true });
  });

  it('get_entity_context: a reviewed pull request, a person (by login), a repository', async () => {
    const pr = await run('get_entity_context', { entity_type: 'pull_request', entity_id: known.reviewed });
    const review = pr.outgoing_relationships.find((e: Result) => e.edge_type === 'REVIEWED_BY');
    expect(review.properties).toHaveProperty('state');
    expect(pr.connected_entities.length).toBeGreaterThan(1);
    const person = await run('get_entity_context', { entity_type: 'user', entity_id: known.person.login });
    expect(person.entity.properties).toMatchObject({ login: known.person.login });
    expect(person.recent_activity.length).toBeGreaterThan(0);
    const repo = await run('get_entity_context', { entity_type: 'repository', entity_id: 'acme/api' });
    expect(repo.incoming_relationships.length).toBeGreaterThan(0);
    expect(repo.recent_activity[0]).toMatchObject({
      actor_id: caller.userEmail,
      target_type: 'repository',
      target_id: 'acme/api',
    });
  });

  it('inject_context: text with a TTL and references, an object value', async () => {
    const injected = await run('inject_context', {
      context_type: 'focus',
      key: 'weekly_focus',
      value: 'webhook reliability',
      ttl_seconds: 604800,
      references: [
        { entity_type: 'repository', entity_id: 'acme/api' },
        { entity_type: 'pull_request', entity_id: known.reviewed },
      ],
    });
    expect(injected).toMatchObject({
      context_id: expect.stringMatching(/^ctx_/),
      user_id: caller.userEmail,
      context_type: 'focus',
    });
    await run('inject_context', { context_type: 'preference', value: { format: 'table', verbose: false } });
    // The context node reads back through the other tools.
    const context = await run('get_entity_context', { entity_type: 'context', entity_id: injected.context_id });
    expect(context.entity).toMatchObject({
      node_type: 'context',
      source: 'context',
      properties: { value: 'webhook reliability', user_id: caller.userEmail },
    });
  });

  it('get_feed: the whole feed, the timeline of a repository and of a person, a failed call in it', async () => {
    await expect(
      server.app.executor.execute(caller, tool('get_entity_context'), { entity_type: 'issue', entity_id: 'NOPE-1' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const feed = await run('get_feed', { limit: 100 });
    expect(feed.count).toBe(feed.activity.length);
    expect(feed.activity[0]).toMatchObject({
      action: 'mcp.get_entity_context',
      properties: { success: false, error_code: 'NOT_FOUND' },
    });
    expect(feed.activity.map((a: Result) => a.action)).toContain('mcp.get_pull_requests');
    expect(
      (await run('get_feed', { entity_type: 'repository', entity_id: 'acme/api', limit: 10 })).count,
    ).toBeGreaterThan(0);
    await run('get_feed', { entity_type: 'user', entity_id: caller.userEmail, limit: 5 });
    await run('get_feed', { entity_type: 'issue', entity_id: 'NOPE-2' });
  });

  it('query: single-node MATCH, a pattern, a PATH, one without matches', async () => {
    const open = await run('query', { query: "MATCH (n:pull_request) WHERE n.state = 'open' LIMIT 5" });
    expect(open).toMatchObject({ kind: 'match', edge_count: 0 });
    expect(open.node_count).toBeGreaterThan(0);
    expect(open).not.toHaveProperty('path_found');
    const authored = await run('query', { query: 'MATCH (p:pull_request)-[:AUTHORED_BY]->(u:user) LIMIT 10' });
    expect(authored.edge_count).toBeGreaterThan(0);
    const path = await run('query', { query: `PATH FROM user:${known.person.login} TO repository:acme/web` });
    expect(path).toMatchObject({ kind: 'path', path_found: true });
    expect(await run('query', { query: "MATCH (n:issue) WHERE n.status = 'no-such-status'" })).toMatchObject({
      node_count: 0,
      nodes: [],
      edges: [],
    });
  });
});

describe('through a real MCP client (it validates structured results against outputSchema)', () => {
  it('get_person: one person with identities, work and activity; an ambiguous name with its candidates', async () => {
    const one = await run('get_person', { person: known.person.login });
    expect(one.match).toBe('one');
    expect(one.identities).toContainEqual(expect.objectContaining({ kind: 'email', value: known.person.email }));
    expect(one.work.authored.length).toBeGreaterThan(0);
    const twins = new GraphBatch();
    for (const email of ['sam.one@acme.test', 'sam.two@acme.test']) twins.person({ email }, { name: 'Sam Twin' });
    await server.app.services.graph.ingest('acme', twins, 'test');
    expect(await run('get_person', { person: 'sam twin' })).toMatchObject({ match: 'several', count: 2 });
  });

  it('lists every graph tool with an outputSchema and accepts traverse and get_entity_context results', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.surface.createServer(() => caller).connect(serverSide);
    const client = new Client({ name: 'graph-schema-check', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      // Listing compiles every outputSchema; callTool then validates each result against it.
      const { tools } = await listEveryTool(client);
      const listed = tools.filter((t) => t.name.startsWith('graph_'));
      expect(listed.map((t) => t.name).sort()).toEqual(GRAPH_TOOLS.map((n) => `graph_${n}`).sort());
      for (const t of listed) expect(t.outputSchema, t.name).toBeDefined();
      const call = async (name: string, args: Record<string, unknown>) => {
        const result = await client.callTool({ name: `graph_${name}`, arguments: args });
        expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
        return result.structuredContent as Result;
      };
      const around = await call('traverse', {
        entity_type: 'repository',
        entity_id: 'acme/api',
        depth: 2,
        max_nodes: 50,
      });
      expect(around.node_count).toBeGreaterThan(1);
      const context = await call('get_entity_context', { entity_type: 'pull_request', entity_id: known.reviewed });
      expect(context.entity).toMatchObject({ node_type: 'pull_request', node_id: known.reviewed });
    } finally {
      await client.close();
    }
  });
});

// Coverage: once every test of the file has run, in whatever order, each graph tool had a result checked.
afterAll(() => {
  expect(GRAPH_TOOLS.filter((name) => !checker.checked.has(name))).toEqual([]);
});
