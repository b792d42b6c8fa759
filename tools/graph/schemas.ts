import { z } from 'zod';
import { CONTEXT_TYPES, EDGE_TYPES } from '../../src/graph/types.js';

/**
 * Output schemas of the graph tools: what each returns, field by field. They follow the shapes of
 * src/graph/types.ts (GraphNode, GraphEdge, ActivityRecord) as the graph service returns them, and
 * `defineTool` checks every tool's result type against its `output`, so they cannot drift apart. The
 * registry turns them into MCP `outputSchema`s, which clients validate every structured result against.
 *
 * Objects are loose (extra fields allowed) so a field added later never breaks a client. Node and edge
 * properties are open records: each system's ingestion writes its own fields.
 */

/** An ISO 8601 timestamp (UTC). */
export const Timestamp = z.string().meta({ format: 'date-time' });
/** A whole number: counts, lengths. */
export const Int = z.number().int();

/** An open record of JSON values. */
const Properties = z.record(z.string(), z.unknown());

/** `<node_type>:<node_id>`, how edges and paths name a node. */
const NodeRef = z
  .string()
  .describe('A node as "<node_type>:<node_id>", e.g. "repository:acme/api" or "user:ada@acme.test"');

// ---- nodes and edges ---------------------------------------------------------------------------

/** One directed relationship between two nodes. */
const EdgeSchema = z.looseObject({
  from_node: NodeRef.describe('Start of the edge, as "<node_type>:<node_id>"'),
  to_node: NodeRef.describe('End of the edge, as "<node_type>:<node_id>"'),
  edge_type: z
    .enum(EDGE_TYPES)
    .describe(
      'Relationship, read from_node -> to_node: e.g. pull_request AUTHORED_BY user, pull_request REVIEWED_BY user, issue BELONGS_TO repository, user CONTRIBUTES_TO repository, user HAS_CONTEXT context',
    ),
  properties: Properties.optional().describe(
    "Facts about the relationship when any were recorded (a review's state and submitted_at, a contributor's contributions); absent otherwise",
  ),
});

/** One recorded tool execution (or seeded event) in the activity feed. */
const ActivitySchema = z.looseObject({
  action: z.string().describe('What was done; a tool call is recorded as "mcp." followed by the tool short name'),
  actor_type: z.string().describe('Kind of actor, "user" for tool calls'),
  actor_id: z.string().describe('Who acted: the caller\'s email, or "anonymous"'),
  target_type: z.string().describe('Kind of entity acted on (a node type, or "system" when the call named no entity)'),
  target_id: z.string().describe('Id of the entity acted on (or the system id)'),
  timestamp: Timestamp,
  properties: Properties.describe(
    'Details of the call: system, tool, success, duration_ms, and error_code when it failed',
  ),
});

// ---- tool results ------------------------------------------------------------------------------

/** graph_find_path */
export const PathResultSchema = z.looseObject({
  nodes: z
    .array(NodeRef)
    .describe('The path from the first entity to the second, as "<node_type>:<node_id>"; empty when no path was found'),
  edges: z
    .array(EdgeSchema)
    .describe('The edges along the path, in order; each keeps its stored direction, which may run against the path'),
  length: Int.describe('Hops along the path; 0 when no path was found (or both ends are the same entity)'),
  path_found: z.boolean().describe('False when the entities are not connected within max_depth'),
});
export type PathResult = z.infer<typeof PathResultSchema>;

/** graph_get_feed */
export const FeedResultSchema = z.looseObject({
  activity: z.array(ActivitySchema).describe('Newest first'),
  count: Int,
});
export type FeedResult = z.infer<typeof FeedResultSchema>;

/** graph_inject_context */
export const InjectedContextSchema = z.looseObject({
  context_id: z.string().describe('Id of the new context node ("ctx_..."; entity_type context)'),
  user_id: z.string().describe("The user it belongs to: the caller's email, lower-cased"),
  context_type: z.enum(CONTEXT_TYPES),
});
export type InjectedContextResult = z.infer<typeof InjectedContextSchema>;

/**
 * The result schemas that show node types, for one vocabulary: the graph's node types are the union of
 * every system's (see `graphTools`), known once the catalog is.
 */
export function nodeResultSchemas(nodeTypes: readonly string[]) {
  const NodeType = z.enum(nodeTypes).describe('Entity (node) type');

  /** One entity of the graph. */
  const NodeSchema = z.looseObject({
    node_type: NodeType,
    node_id: z
      .string()
      .describe(
        'Id within its type: owner/repo, owner/repo#123 (pull requests, code_host issues), PROJ-123 (tickets), a page id, for a user the first identifier learned (email, else login or account id), ctx_... (contexts)',
      ),
    properties: Properties.describe(
      'What the systems told about the entity (open: title, state, repo, html_url... as each system provides them). A context node holds context_type, key, value, user_id, expires_at and metadata',
    ),
    source: z
      .string()
      .optional()
      .describe(
        'System whose record last described the entity (code_host, ticketing, wiki, notes, context); absent when it was only mentioned by other records',
      ),
    created_at: Timestamp.optional().describe('When the graph first learned of the entity'),
    updated_at: Timestamp.optional().describe('When the graph last updated the entity'),
  });

  /** graph_traverse */
  const TraverseResultSchema = z.looseObject({
    nodes: z.array(NodeSchema).describe('The start entity first, then the entities reached, nearest first'),
    edges: z.array(EdgeSchema).describe('Edges followed between the returned nodes'),
    node_count: Int,
    edge_count: Int,
    truncated: z
      .boolean()
      .describe('True when max_nodes stopped the traversal before every entity within depth was reached'),
  });

  /** One hit of graph_search. */
  const SearchHitSchema = NodeSchema.extend({
    score: z
      .number()
      .optional()
      .describe(
        'Text relevance, higher is better, comparable within one result only; present for text searches (not in filter mode)',
      ),
  });

  /** graph_search */
  const SearchResultSchema = z.looseObject({
    results: z
      .array(SearchHitSchema)
      .describe('Matching entities: best match first for text searches, most recently updated first in filter mode'),
    count: Int,
    mode: z
      .string()
      .describe(
        '"hybrid" (text search by meaning and keywords over titles, names and descriptions), "keyword" (keywords only), or "filter" (exact property values)',
      ),
  });

  /** graph_get_entity_context */
  const EntityContextSchema = z.looseObject({
    entity: NodeSchema,
    outgoing_relationships: z.array(EdgeSchema).describe('Edges leaving the entity (at most 100)'),
    incoming_relationships: z.array(EdgeSchema).describe('Edges entering the entity (at most 100)'),
    connected_entities: z.array(NodeSchema).describe('The entities at the other end of those edges'),
    recent_activity: z
      .array(ActivitySchema)
      .describe('Newest first, at most 20: calls on the entity and, for a person, calls they made'),
  });

  /** graph_query */
  const QueryResultSchema = z.looseObject({
    kind: z.enum(['match', 'path']).describe('match for MATCH queries, path for PATH FROM ... TO ...'),
    nodes: z.array(NodeSchema).describe('Matching entities (for a path, in path order)'),
    edges: z
      .array(EdgeSchema)
      .describe('Edges matched by the pattern, or along the path; empty for a single-node MATCH'),
    path_found: z.boolean().optional().describe('PATH queries only: false when the entities are not connected'),
    node_count: Int,
    edge_count: Int,
  });

  return { NodeSchema, TraverseResultSchema, SearchResultSchema, EntityContextSchema, QueryResultSchema };
}

type NodeResultSchemas = ReturnType<typeof nodeResultSchemas>;
export type TraverseResult = z.infer<NodeResultSchemas['TraverseResultSchema']>;
export type SearchResult = z.infer<NodeResultSchemas['SearchResultSchema']>;
export type EntityContext = z.infer<NodeResultSchemas['EntityContextSchema']>;
export type QueryResult = z.infer<NodeResultSchemas['QueryResultSchema']>;
