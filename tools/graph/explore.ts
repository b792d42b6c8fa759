import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { Direction, EdgeType, EntityId, type GraphVocabulary, graphFor } from './fields.js';
import { PathResultSchema, type EntityContext, type PathResult, type TraverseResult } from './schemas.js';

const entityTarget = (args: { entity_type: string; entity_id: string }) => ({
  type: args.entity_type,
  id: args.entity_id,
});

export const traverse = ({ EntityType, TraverseResultSchema }: GraphVocabulary) =>
  defineTool({
    system: 'graph',
    name: 'traverse',
    title: 'Traverse the knowledge graph',
    description:
      'Entities within 1-5 hops of one entity, with the relationships between them, optionally along some relationship types only. Stops at max_nodes and says so.',
    capability: { type: 'read', name: 'graph.traversal.neighbourhood' },
    input: z.object({
      entity_type: EntityType,
      entity_id: EntityId,
      depth: z.number().int().min(1).max(5).default(2).describe('Hops to follow'),
      direction: Direction,
      edge_types: z.array(EdgeType).max(10).optional().describe('Only these relationship types'),
      max_nodes: z.number().int().min(1).max(1000).default(200).describe('Most entities to return'),
    }),
    output: TraverseResultSchema,
    target: entityTarget,
    hints: {
      aliases: ['neighbourhood', 'related entities', 'what is connected to', 'graph neighbors', 'explore graph'],
      when_to_use:
        'To see what surrounds an entity: the people, tickets, pull requests and pages linked to a repository, ticket or person, a few hops out.',
      not_for:
        'The single shortest connection between two entities (graph_find_path); one entity with its direct relationships and activity (graph_get_entity_context); live upstream data (the system tools).',
      examples: [
        {
          query: 'what is connected to PAY-101?',
          tool: 'traverse',
          params: { entity_type: 'issue', entity_id: 'PAY-101', depth: 1 },
        },
        {
          query: 'who reviews pull requests in acme/api',
          tool: 'traverse',
          params: {
            entity_type: 'repository',
            entity_id: 'acme/api',
            depth: 2,
            edge_types: ['BELONGS_TO', 'REVIEWED_BY'],
          },
        },
      ],
    },
    async run({ services, caller, args }): Promise<TraverseResult> {
      const { nodes, edges, truncated } = await graphFor(services, caller).traverse(
        caller.tenantId,
        args.entity_type,
        args.entity_id,
        {
          depth: args.depth,
          direction: args.direction,
          edgeTypes: args.edge_types,
          maxNodes: args.max_nodes,
          allowTruncated: true,
        },
      );
      return { nodes, edges, node_count: nodes.length, edge_count: edges.length, truncated };
    },
  });

export const findPath = ({ EntityType }: GraphVocabulary) =>
  defineTool({
    system: 'graph',
    name: 'find_path',
    title: 'Shortest path between two entities',
    description:
      'The shortest chain of relationships (in either direction) between two entities, up to max_depth hops: how a person relates to a repository, a page to a pull request, and so on.',
    capability: { type: 'read', name: 'graph.traversal.shortest_path' },
    input: z.object({
      from_type: EntityType,
      from_id: EntityId,
      to_type: EntityType,
      to_id: EntityId,
      max_depth: z.number().int().min(1).max(10).default(5).describe('Longest path to look for (default 5)'),
    }),
    output: PathResultSchema,
    target: (args) => ({ type: args.from_type, id: args.from_id }),
    hints: {
      aliases: ['how are they connected', 'shortest path', 'connection between', 'relationship chain'],
      when_to_use:
        'When asked how two known entities relate, e.g. how a person is connected to a repository or a design page to a pull request.',
      not_for: 'Everything around one entity (graph_traverse); searching entities by text (graph_search).',
      examples: [
        {
          query: 'how is ada@acme.test connected to acme/infra?',
          tool: 'find_path',
          params: { from_type: 'user', from_id: 'ada@acme.test', to_type: 'repository', to_id: 'acme/infra' },
        },
      ],
    },
    async run({ services, caller, args }): Promise<PathResult> {
      return graphFor(services, caller).findPath(
        caller.tenantId,
        { type: args.from_type, id: args.from_id },
        { type: args.to_type, id: args.to_id },
        args.max_depth,
      );
    },
  });

export const getEntityContext = ({ EntityType, EntityContextSchema }: GraphVocabulary) =>
  defineTool({
    system: 'graph',
    name: 'get_entity_context',
    title: 'One entity with its context',
    description:
      'One entity with its properties, its outgoing and incoming relationships, the entities at their other ends and its recent activity.',
    capability: { type: 'read', name: 'graph.entities.context' },
    input: z.object({ entity_type: EntityType, entity_id: EntityId }),
    output: EntityContextSchema,
    target: entityTarget,
    hints: {
      aliases: ['entity details', 'what do we know about', 'entity relationships', 'unified context'],
      when_to_use:
        'To gather everything the graph knows about one ticket, pull request, page, repository or person before answering about it.',
      not_for:
        'Multi-hop exploration (graph_traverse); fresh upstream fields such as current CI status (the system tools).',
      examples: [
        {
          query: 'what do we know about PAY-103',
          tool: 'get_entity_context',
          params: { entity_type: 'issue', entity_id: 'PAY-103' },
        },
        {
          query: 'context on Grace',
          tool: 'get_entity_context',
          params: { entity_type: 'user', entity_id: 'grace@acme.test' },
        },
      ],
    },
    async run({ services, caller, args }): Promise<EntityContext> {
      return graphFor(services, caller).entityContext(caller.tenantId, args.entity_type, args.entity_id);
    },
  });
