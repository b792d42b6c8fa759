import type pg from 'pg';
import { inPgTransaction } from '../../../store/pg/transaction.js';
import type { BatchWrite, BatchWritten } from '../graph-storage.js';
import { writePostingsPg } from './keyword-pg.js';
import { namedStatement } from './statement-pg.js';

// The function plans its own statements at each call (src/store/pg/schema/graph.ts): the call alone is named.
const WRITE_BATCH = namedStatement(
  'write_batch',
  `SELECT graph_write_batch($1, $2, $3, $4, $5::text[], $6::jsonb[], $7::integer[], $8::text[], $9::text[],
     $10::text[], $11::text[], $12::jsonb[], $13::text[], $14::integer[], $15::integer[], $16::text[], $17::jsonb[]) AS outcome`,
);

/** What `graph_write_batch` answers: NULL when refused (see the PG schema). */
type Outcome = { merge: true } | { edges: number; stale: Array<[number, string]> } | null;

/**
 * A tool result's write in one transaction: `graph_write_batch` of the PG schema (one statement), then the
 * keyword postings of the nodes it changed; four round trips with BEGIN and COMMIT, whatever the batch's size.
 */
export async function writeBatchPg(
  pool: pg.Pool,
  tenantId: string,
  epoch: string | undefined,
  batch: BatchWrite,
): Promise<BatchWritten> {
  const { people, nodes, edges } = batch;
  // Entities are numbered from 1 in SQL.
  const aliases = people.flatMap((person, index) =>
    person.aliases.map((alias) => ({
      person: index + 1,
      alias,
      method: person.directoryAliases.has(alias) ? 'directory' : null,
    })),
  );
  return inPgTransaction(pool, async (client) => {
    const { rows } = await client.query<{ outcome: Outcome }>(
      WRITE_BATCH([
        tenantId,
        epoch ?? null,
        batch.now,
        batch.peopleSource,
        people.map((p) => p.id),
        people.map((p) => p.properties),
        aliases.map((a) => a.person),
        aliases.map((a) => a.alias),
        aliases.map((a) => a.method),
        nodes.map((n) => n.type),
        nodes.map((n) => n.id),
        nodes.map((n) => n.properties),
        nodes.map((n) => n.source),
        edges.map((e) => e.from + 1),
        edges.map((e) => e.to + 1),
        edges.map((e) => e.type),
        edges.map((e) => e.properties),
      ]),
    );
    const { outcome } = rows[0];
    if (outcome === null) return 'refused';
    if ('merge' in outcome) return 'identity-merge';
    await writePostingsPg(
      client,
      tenantId,
      outcome.stale.map(([id, text]) => ({ id, text })),
    );
    return { edges: outcome.edges };
  });
}
