import { withoutUnsafeKeys } from '../../toolkit/safe-json.js';
import type { ActivityRecord, GraphNode, Properties } from '../types.js';

/** A `graph_nodes` row as both backends return it (properties as JSON text). */
export interface NodeRow {
  id: number;
  tenant_id: string;
  node_type: string;
  node_id: string;
  properties: string;
  source: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number | null;
}

/** One edge between node rowids, as traversals read it. */
export interface EdgeLink {
  from_id: number;
  to_id: number;
  edge_type: string;
}

/** An edge with both ends as references, for relationship listings. */
export interface EdgeRefRow {
  from_id: number;
  to_id: number;
  edge_type: string;
  from_type: string;
  from_node_id: string;
  to_type: string;
  to_node_id: string;
  properties: string | null;
}

export interface ActivityRow {
  id: number;
  action: string;
  actor_type: string;
  actor_id: string;
  target_type: string;
  target_id: string;
  timestamp: number;
  properties: string;
}

/** Scalar a property filter compares with (exact match). */
export type FilterValue = string | number | boolean | null;

export const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Text that may hold a prototype key: the key itself, or an escape that could spell it. Without one, a plain
 * parse (several times faster than one with a reviver) cannot produce such a key.
 */
const MAYBE_UNSAFE = /__proto__|constructor|prototype|\\u/;

export function parseProperties(json: string | null): Properties {
  if (!json) return {};
  try {
    const value: unknown = MAYBE_UNSAFE.test(json) ? JSON.parse(json, withoutUnsafeKeys) : JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Properties) : {};
  } catch {
    return {};
  }
}

export function toNode(row: NodeRow): GraphNode {
  return {
    node_type: row.node_type,
    node_id: row.node_id,
    properties: parseProperties(row.properties),
    ...(row.source ? { source: row.source } : {}),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function toActivity(row: ActivityRow): ActivityRecord {
  return {
    action: row.action,
    actor_type: row.actor_type,
    actor_id: row.actor_id,
    target_type: row.target_type,
    target_id: row.target_id,
    timestamp: iso(row.timestamp),
    properties: parseProperties(row.properties),
  };
}

/** Property names safe to inline into a JSON path (`$.name`): letters, digits and underscores. */
export const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** An exact-match condition on one property, or on the node id when `property` is null. */
export interface Condition {
  property: string | null;
  value: FilterValue;
}

/** SQL text of one condition on the node table aliased `alias`; its values come from `bindable`. */
export function conditionSql(alias: string, condition: Condition): string {
  const { property, value } = condition;
  if (property !== null && !PROPERTY_NAME.test(property)) throw new Error(`Invalid property name: ${property}`);
  const column = property === null ? `${alias}.node_id` : `json_extract(${alias}.properties, '$.${property}')`;
  return value === null ? `${column} IS NULL` : `${column} = ?`;
}

/** The bound values of conditions built by `conditionSql` (none for null). */
export function bindable(conditions: readonly Condition[]): Array<string | number> {
  const values: Array<string | number> = [];
  for (const { value } of conditions) {
    if (value === null) continue;
    values.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
  }
  return values;
}
