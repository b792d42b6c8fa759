import type pg from 'pg';
import { keywordCountsOf } from '../../../store/keywords/bm25.js';
import type { KeywordHit, KeywordQuery } from '../graph-storage.js';
import { keywordLookupOf, pgGraphKeywordSql } from '../keyword-sql.js';
import { NODE_COLUMNS, nodeRowOf, type PgNodeRow } from './rows-pg.js';
import { namedStatement } from './statement-pg.js';

const KEYWORD_SEARCH = namedStatement('keyword_search', pgGraphKeywordSql(NODE_COLUMNS));

/** Nodes holding any of the words, best BM25 (over the tenant's own nodes) first, as on SQLite. */
export async function keywordSearchPg(pool: pg.Pool, tenantId: string, query: KeywordQuery): Promise<KeywordHit[]> {
  const { terms, prefix, prefixEnd } = keywordLookupOf(query);
  if (terms.length === 0 && prefix === null) return [];
  const { rows } = await pool.query<PgNodeRow & { score: number }>(
    KEYWORD_SEARCH([tenantId, terms, prefix, prefixEnd, query.types, query.limit]),
  );
  return rows.map(({ score, ...row }) => ({ row: nodeRowOf(row), score: Number(score) }));
}

// The nodes this transaction wrote (and any a writer outside the graph's transactions left, such as a store copy).
const TAKE_STALE = namedStatement(
  'keyword_take_stale',
  `WITH stale AS (DELETE FROM graph_keyword_stale WHERE tenant_id = $1 RETURNING node_rowid)
   SELECT n.id, graph_node_text(n.node_id, n.properties) AS text FROM graph_nodes n
   WHERE n.id IN (SELECT node_rowid FROM stale) AND n.tenant_id = $1`,
);
const DROP_POSTINGS = namedStatement(
  'keyword_drop_postings',
  'DELETE FROM graph_node_postings WHERE node_rowid = ANY($2::bigint[]) AND tenant_id = $1',
);
const WRITE_POSTINGS = namedStatement(
  'keyword_write_postings',
  `WITH lengths AS (
     INSERT INTO graph_node_lengths (node_rowid, tenant_id, length) SELECT r.node_rowid, $1, r.length FROM unnest($2::bigint[], $3::int[]) AS r (node_rowid, length)
     ON CONFLICT (node_rowid) DO UPDATE SET length = excluded.length
   )
   INSERT INTO graph_node_postings (tenant_id, term, node_rowid, tf, node_length)
   SELECT $1, * FROM unnest($4::text[], $5::bigint[], $6::int[], $7::int[])`,
);

/**
 * Writes the keyword postings and lengths of the nodes whose text the transaction changed, before it
 * commits: the terms are the project's (`store/keywords/terms.ts`, as SQLite's), which SQL cannot make.
 */
export async function indexStaleNodesPg(client: pg.PoolClient, tenantId: string): Promise<void> {
  const { rows } = await client.query<{ id: string; text: string }>(TAKE_STALE([tenantId]));
  if (rows.length === 0) return;
  await client.query(DROP_POSTINGS([tenantId, rows.map((row) => Number(row.id))]));
  await writePostingsPg(client, tenantId, rows);
}

/** Writes the postings and lengths of nodes taken from the stale list, whose old postings are dropped. */
export async function writePostingsPg(
  client: pg.PoolClient,
  tenantId: string,
  rows: ReadonlyArray<{ id: string | number; text: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  const nodes = rows.map((row) => Number(row.id));
  const lengths: number[] = [];
  const postings = { terms: [] as string[], nodes: [] as number[], tfs: [] as number[], lengths: [] as number[] };
  for (const [i, row] of rows.entries()) {
    const { counts, length } = keywordCountsOf(row.text);
    lengths.push(length);
    for (const [term, tf] of counts) {
      postings.terms.push(term);
      postings.nodes.push(nodes[i]);
      postings.tfs.push(tf);
      postings.lengths.push(length);
    }
  }
  await client.query(
    WRITE_POSTINGS([tenantId, nodes, lengths, postings.terms, postings.nodes, postings.tfs, postings.lengths]),
  );
}
