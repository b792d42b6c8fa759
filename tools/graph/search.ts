import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { itemsWanted } from '../../src/toolkit/pagination.js';
import { AppError } from '../../src/toolkit/errors.js';
import { runQuery } from '../../src/graph/query/evaluate.js';
import { type GraphVocabulary, graphFor } from './fields.js';
import type { QueryResult, SearchResult } from './schemas.js';

export const search = ({ EntityType, SearchResultSchema }: GraphVocabulary) =>
  defineTool({
    system: 'graph',
    name: 'search',
    title: 'Search the knowledge graph',
    description:
      'Find entities by text (keyword search over titles, names, summaries and descriptions, best match first) or by exact property values of one entity type.',
    capability: { type: 'read', name: 'graph.entities.search' },
    input: z.object({
      query: z.string().min(1).max(500).optional().describe('Words to look for; omit to filter by properties only'),
      entity_type: EntityType.optional().describe('Only this entity type (required when no query is given)'),
      filters: z
        .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/), z.union([z.string(), z.number(), z.boolean()]))
        .optional()
        .describe('Exact property values, e.g. {"status": "In Progress"}'),
    }),
    list: { key: 'results', defaultLimit: 20 },
    item: SearchResultSchema.shape.results.element,
    extra: SearchResultSchema.pick({ mode: true }),
    hints: {
      aliases: ['find entity', 'graph search', 'look up in graph', 'semantic search'],
      when_to_use:
        'To find tickets, pull requests, pages or people the graph already knows by words or by a property such as status or priority.',
      not_for:
        'Listing live data from an upstream (use the system tools, e.g. code_host_get_issues); how entities connect (graph_traverse, graph_find_path).',
      examples: [
        { query: 'anything about webhook retries', tool: 'search', params: { query: 'webhook retries' } },
        {
          query: 'tickets in progress',
          tool: 'search',
          params: { entity_type: 'issue', filters: { status: 'In Progress' } },
        },
      ],
    },
    async run({ services, caller, args, page }): Promise<ListPage<SearchResult['results'][number]>> {
      const graph = graphFor(services, caller);
      // Both orders are stable, so a page is the same slice of the same ranking read up to its end.
      if (args.query) {
        const results = await graph.semanticSearch(caller.tenantId, args.query, {
          types: args.entity_type ? [args.entity_type] : [],
          limit: itemsWanted(page),
        });
        return { items: results, extra: { mode: graph.semanticMode } };
      }
      if (!args.entity_type)
        throw new AppError('VALIDATION_ERROR', 'Give a query, or an entity_type with optional filters');
      const results = await graph.search(caller.tenantId, args.entity_type, args.filters ?? {}, itemsWanted(page));
      return { items: results, extra: { mode: 'filter' } };
    },
  });

export const query = ({ QueryResultSchema }: GraphVocabulary) =>
  defineTool({
    system: 'graph',
    name: 'query',
    title: 'Run a graph query',
    description:
      "Run a query in the graph's Cypher-like language: MATCH (n:type) [WHERE n.prop = 'v'], MATCH (a:user)-[:AUTHORED_BY]-(b:pull_request) (with -> or <- for direction), PATH FROM type:id TO type:id; optional LIMIT n.",
    capability: { type: 'read', name: 'graph.query.run' },
    input: z.object({ query: z.string().min(1).max(2000).describe('The query text') }),
    output: QueryResultSchema,
    hints: {
      aliases: ['cypher', 'match query', 'graph query language', 'pattern match'],
      when_to_use:
        'For structural questions a pattern answers: every pull request a person authored, tickets with a given status, the path between two entities.',
      not_for:
        'Free-text search (graph_search); anything not yet in the graph (the system tools fetch it, and the graph learns it).',
      examples: [
        {
          query: 'pull requests authored by ada',
          tool: 'query',
          params: { query: "MATCH (a:user)-[:AUTHORED_BY]-(b:pull_request) WHERE a.id = 'ada@acme.test'" },
        },
        {
          query: 'high priority tickets',
          tool: 'query',
          params: { query: "MATCH (n:issue) WHERE n.priority = 'High' LIMIT 20" },
        },
      ],
    },
    async run({ services, caller, args }): Promise<QueryResult> {
      const answer = await runQuery(graphFor(services, caller), caller.tenantId, args.query);
      return { ...answer, node_count: answer.nodes.length, edge_count: answer.edges.length };
    },
  });
