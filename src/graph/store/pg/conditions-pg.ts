import { PROPERTY_NAME, type Condition } from '../rows.js';

/** Bound values of a PostgreSQL statement, numbered as they are added. */
export class PgParams {
  readonly values: unknown[] = [];

  constructor(...initial: unknown[]) {
    this.values.push(...initial);
  }

  /** The placeholder (`$n`) of a new value. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * SQL of one exact-match condition on the node table aliased `alias`, as SQLite's `json_extract(...) = ?`
 * reads it: a property equal to a string, number or boolean (the expression the property indexes of
 * migration 017 hold), a missing or null property for null, or the node id.
 */
export function conditionPg(alias: string, condition: Condition, params: PgParams): string {
  const { property, value } = condition;
  if (property === null) return value === null ? 'false' : `${alias}.node_id = ${params.add(String(value))}`;
  if (!PROPERTY_NAME.test(property)) throw new Error(`Invalid property name: ${property}`);
  if (value === null) return `coalesce(${alias}.properties -> '${property}', 'null') = 'null'`;
  return `(${alias}.properties -> '${property}') = ${params.add(JSON.stringify(value))}::jsonb`;
}

/** Every condition of a node constraint, ANDed (with a leading ` AND `), or ''. */
export function conditionsPg(alias: string, conditions: readonly Condition[], params: PgParams): string {
  return conditions.map((c) => ` AND ${conditionPg(alias, c, params)}`).join('');
}
