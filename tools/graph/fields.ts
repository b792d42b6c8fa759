import { z } from 'zod';
import { CONTEXT_TYPES, EDGE_TYPES, nodeVocabulary } from '../../src/graph/types.js';
import type { GraphService } from '../../src/graph/service/graph-service.js';
import type { Caller } from '../../src/toolkit/context.js';
import type { ServiceMap } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { nodeResultSchemas } from './schemas.js';

/**
 * The schemas that name node types, for the graph's vocabulary: its own node types and every system's
 * (each manifest's `entityTypes`). The graph tools are built from it.
 */
export function graphVocabulary(systemNodeTypes: readonly string[]) {
  const nodeTypes = nodeVocabulary(systemNodeTypes);
  return { EntityType: z.enum(nodeTypes).describe('Entity (node) type'), ...nodeResultSchemas(nodeTypes) };
}
export type GraphVocabulary = ReturnType<typeof graphVocabulary>;

/** Field schemas shared by the graph tools. */
export const EntityId = z
  .string()
  .min(1)
  .max(500)
  .describe(
    'owner/repo, owner/repo#123 (pull request or issue), PROJ-123 (ticket), a page id, or a user’s email, login or account id',
  );
export const EdgeType = z.enum(EDGE_TYPES);
export const Direction = z
  .enum(['out', 'in', 'both'])
  .default('both')
  .describe('Edges leaving the entity (out), entering it (in) or both');
export const ContextType = z.enum(CONTEXT_TYPES);

/** The graph service; present whenever the app installed the graph. */
export function graphOf(services: ServiceMap): GraphService {
  if (!services.graph) throw new AppError('NOT_CONFIGURED', 'The knowledge graph is not available on this server');
  return services.graph;
}

/** The graph as the caller sees it: other users' contexts are hidden (see GraphService.viewedBy). */
export function graphFor(services: ServiceMap, caller: Caller): GraphService {
  return graphOf(services).viewedBy(caller.userEmail);
}
