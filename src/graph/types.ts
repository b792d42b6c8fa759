/**
 * The vocabulary of the knowledge graph (spec Document 3: node types, edge types, records). Node types
 * are the graph's own (people, whom identity resolution merges, and remembered context) plus those each
 * system declares in its manifest (`entityTypes`), given to the graph when it is built.
 */
const GRAPH_NODE_TYPES = ['user', 'context'] as const;
export type NodeType = string;

/** Every node type the graph accepts: its own, then the systems' (each once, in the order given). */
export const nodeVocabulary = (systemTypes: readonly string[]): readonly string[] => [
  ...new Set([...GRAPH_NODE_TYPES, ...systemTypes]),
];

export const EDGE_TYPES = [
  'AUTHORED_BY',
  'ASSIGNED_TO',
  'BELONGS_TO',
  'DEPLOYED_TO',
  'CREATED_BY',
  'CONTRIBUTES_TO',
  'LINKED_TO',
  'REVIEWED_BY',
  'HAS_CONTEXT',
  'REFERENCES',
] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];

export const CONTEXT_TYPES = ['focus', 'preference', 'session', 'activity'] as const;
export type ContextType = (typeof CONTEXT_TYPES)[number];

export type Direction = 'out' | 'in' | 'both';

const edgeTypeSet: ReadonlySet<string> = new Set(EDGE_TYPES);
export const isEdgeType = (value: unknown): value is EdgeType => typeof value === 'string' && edgeTypeSet.has(value);

export type Properties = Record<string, unknown>;

/** A node as every surface shows it. */
export type GraphNode = {
  node_type: NodeType;
  node_id: string;
  properties: Properties;
  source?: string;
  created_at?: string;
  updated_at?: string;
};

/** An edge as every surface shows it; ends are `<node_type>:<node_id>` references. */
export type GraphEdge = {
  from_node: string;
  to_node: string;
  edge_type: EdgeType;
  properties?: Properties;
};

export type ActivityRecord = {
  action: string;
  actor_type: string;
  actor_id: string;
  target_type: string;
  target_id: string;
  timestamp: string;
  properties: Properties;
};

export type Subgraph = {
  nodes: GraphNode[];
  edges: GraphEdge[];
};

/** `<node_type>:<node_id>`, the reference form of a node. */
export const refOf = (type: string, id: string): string => `${type}:${id}`;
