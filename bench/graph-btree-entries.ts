import type { Db } from '../src/store/db.js';
import type { BenchResult } from './lib.js';

/** Tables and indexes shown by name in the figure's note (the rest are summed into it only). */
const SHOWN = 6;

/**
 * The B-tree entries the stored graph holds per node (each table's rows and each index's entries, leaf cells of
 * SQLite's `dbstat`), with the largest named: what every ingested node costs in B-tree inserts, a count that
 * does not move with the machine's load as throughput does.
 */
export function btreeEntriesPerNode(db: Db, suite: string): BenchResult {
  const nodes = db.prepare('SELECT count(*) FROM graph_nodes').pluck().get() as number;
  const trees = db
    .prepare(
      `SELECT name, sum(ncell) AS entries FROM dbstat
       WHERE pagetype = 'leaf' AND (name LIKE 'graph\\_%' ESCAPE '\\' OR name LIKE 'sqlite\\_autoindex\\_graph\\_%' ESCAPE '\\')
       GROUP BY name ORDER BY entries DESC`,
    )
    .all() as Array<{ name: string; entries: number }>;
  const perNode = (entries: number) => (nodes === 0 ? 0 : entries / nodes);
  const total = trees.reduce((sum, tree) => sum + tree.entries, 0);
  const shown = trees.slice(0, SHOWN).map((tree) => `${tree.name} ${perNode(tree.entries).toFixed(2)}`);
  return {
    suite,
    name: 'B-tree entries per ingested node',
    value: Number(perNode(total).toFixed(2)),
    unit: 'entries',
    note: `${nodes} nodes after the ingestion passes; ${shown.join(', ')}`,
  };
}
