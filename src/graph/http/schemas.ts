import { z } from 'zod';
import { CONTEXT_TYPES } from '../types.js';

/**
 * Request schemas of the graph routes no tool answers (spec Document 3: Graph queries, Context
 * injection, Limits). Routes answered by a tool are validated by the tool's own schema.
 */
const EntityType = z.string().min(1).max(50);
const EntityId = z.string().min(1).max(500);
const Direction = z.enum(['out', 'in', 'both']);
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The largest `max_nodes` of `GET /graph/me`. */
const MAX_TRAVERSAL_NODES = 5000;

export const EntityRequest = z.object({ entity_type: EntityType, entity_id: EntityId });

export const RelationshipsOptions = z.object({
  edge_type: z.string().min(1).max(50).optional(),
  direction: Direction.default('both'),
  limit: int(1, 1000).default(100),
});

export const MeQuery = z.object({ depth: int(1, 3).default(1), max_nodes: int(1, MAX_TRAVERSAL_NODES).default(500) });

export const ContextQueryRequest = z.object({
  user_id: z.string().min(1).max(320).optional(),
  context_type: z.enum(CONTEXT_TYPES).optional(),
});
