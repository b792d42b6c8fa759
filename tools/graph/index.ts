import type { ToolDefinition } from '../../src/toolkit/define-tool.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { getFeed, injectContext } from './activity.js';
import { findPath, getEntityContext, traverse } from './explore.js';
import { query, search } from './search.js';

export const graphSystem: SystemRecord = {
  id: 'graph',
  name: 'Knowledge graph',
  description: 'The knowledge graph of people, repositories, pull requests, tickets and pages that fills itself as tools return data.',
  keywords: ['graph', 'relationships', 'who', 'connected', 'context', 'activity', 'path'],
  when_to_use: 'Questions about how people and work items relate, what someone worked on, recent activity, or remembered context.',
};

export const graphTools: ToolDefinition[] = [traverse, search, findPath, getEntityContext, getFeed, injectContext, query];
