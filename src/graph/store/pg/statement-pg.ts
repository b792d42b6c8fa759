import type pg from 'pg';

/**
 * A named statement: each pooled connection parses and plans it once, then only binds values, which
 * is most of the cost of the small statements a traversal or an ingestion repeats. The name must be
 * unique to its text.
 */
export const namedStatement =
  (name: string, text: string) =>
  (values: unknown[]): pg.QueryConfig => ({ name: `graph_${name}`, text, values });
