import type { SystemManifest } from '../../src/catalog/manifest.js';
import { graphRoutes } from '../../src/graph/http/routes.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { getFeed, injectContext } from './activity.js';
import { graphVocabulary } from './fields.js';
import { findPath, getEntityContext, traverse } from './explore.js';
import { getPerson } from './person.js';
import { query, search } from './search.js';
import { phrasings } from './phrasings.js';

const graphSystem: SystemRecord = {
  id: 'graph',
  name: 'Knowledge graph',
  description:
    'The knowledge graph of people, repositories, pull requests, tickets and pages that fills itself as tools return data.',
  keywords: ['graph', 'relationships', 'who', 'connected', 'context', 'activity', 'path'],
  when_to_use:
    'Questions about how people and work items relate, what someone worked on, recent activity, or remembered context.',
  search: {
    phrasings,
    names: ['knowledge graph'],
    across: true,
    relations: {
      path: 'find_path',
      around: 'traverse',
      about: 'get_entity_context',
      match: 'query',
      person: 'get_person',
      activity: 'get_feed',
    },
    phrases: {
      inject_context: [
        'note that',
        'remember that',
        'remember i',
        'keep in mind',
        'i prefer',
        'i m focusing',
        'i am focusing',
        'i m focused',
        'i am focused',
      ],
    },
  },
};

/** The knowledge graph: local state only, so no integration and nothing to extract from its own results. */
export const manifest: SystemManifest = {
  system: graphSystem,
  tools: [],
  // Every tool names node types: built for the graph's vocabulary once every system's types are known.
  toolsOfNodeTypes: (systemNodeTypes) => {
    const vocabulary = graphVocabulary(systemNodeTypes);
    return [
      ...[traverse, search, findPath, getEntityContext, getFeed, injectContext, query].map((tool) => tool(vocabulary)),
      getPerson,
    ];
  },
  integrations: [],
  // The graph family's routes (src/graph/http) own `/graph/...`: its methods are `/v1/graph/...`.
  rest: { routes: [graphRoutes], ownsBarePaths: true },
};
