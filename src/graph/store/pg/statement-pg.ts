import type pg from 'pg';

/**
 * A named statement: each pooled connection parses and plans it once, then only binds values, which
 * is most of the cost of the small statements a traversal or an ingestion repeats. The name must be
 * unique to its text.
 */
export const namedStatement =
  (name: string, text: string) =>
  (values: unknown[]): pg.QueryConfig => ({ name: `graph_${name}`, text, values });

/**
 * A statement planned at each execution, for a write whose tables grow under it: a plan cached on a
 * connection while they were small (a new tenant's first batches) keeps scanning them whole once they are
 * large.
 */
export const replannedStatement =
  (text: string) =>
  (values: unknown[]): pg.QueryConfig => ({ text, values });
