import { z } from 'zod';
import { PROPERTY_NAME } from '../store/rows.js';
import { CONTEXT_TYPES } from '../types.js';

/** Request schemas of the graph routes (spec Document 3: Graph queries, Context injection, Limits). */
const EntityType = z.string().min(1).max(50);
const EntityId = z.string().min(1).max(500);
const Direction = z.enum(['out', 'in', 'both']);
const EdgeTypes = z.array(z.string().min(1).max(50)).max(10);
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const MAX_TRAVERSAL_NODES = 5000;
export const DEFAULT_TRAVERSAL_NODES = 1000;

export const EntityRequest = z.object({ entity_type: EntityType, entity_id: EntityId });

export const TraverseRequest = EntityRequest.extend({
  depth: int(1, 5).default(2),
  edge_types: EdgeTypes.optional(),
  direction: Direction.default('both'),
  max_nodes: int(1, MAX_TRAVERSAL_NODES).default(DEFAULT_TRAVERSAL_NODES),
});

const FilterValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);
export const SearchRequest = z.object({
  entity_type: EntityType,
  filters: z
    .record(z.string().regex(PROPERTY_NAME, 'filter names are property names (letters, digits, underscores)'), FilterValue)
    .refine((f) => Object.keys(f).length <= 20, 'at most 20 filters')
    .default({}),
  limit: int(1, 100).default(50),
});

export const FindPathRequest = z.object({
  from_type: EntityType,
  from_id: EntityId,
  to_type: EntityType,
  to_id: EntityId,
  max_depth: int(1, 10).default(5),
  edge_types: EdgeTypes.optional(),
});

export const RelationshipsOptions = z.object({
  edge_type: z.string().min(1).max(50).optional(),
  direction: Direction.default('both'),
  limit: int(1, 1000).default(100),
});

export const FeedQuery = z.object({ limit: int(1, 500).default(50) });

export const ActivityRequest = EntityRequest.extend({ limit: int(1, 500).default(50) });

export const MeQuery = z.object({ depth: int(1, 3).default(1), max_nodes: int(1, MAX_TRAVERSAL_NODES).default(500) });

export const SemanticSearchRequest = z.object({
  query: z.string().trim().min(1).max(1000),
  entity_types: z.array(EntityType).max(11).default([]),
  limit: int(1, 100).default(10),
});

export const QueryRequest = z.object({ query: z.string().trim().min(1).max(2000) });

const TEN_YEARS_S = 10 * 365 * 24 * 3600;
export const InjectRequest = z.object({
  context_type: z.enum(CONTEXT_TYPES),
  value: z.unknown().refine((v) => v !== undefined, 'value is required'),
  key: z.string().max(200).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  ttl_seconds: z.number().int().min(1).max(TEN_YEARS_S).optional(),
  references: z.array(EntityRequest).max(50).optional(),
});

export const ContextQueryRequest = z.object({
  user_id: z.string().min(1).max(320).optional(),
  context_type: z.enum(CONTEXT_TYPES).optional(),
});
