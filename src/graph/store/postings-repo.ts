import type { Statement } from 'better-sqlite3';
import type { Db } from '../../store/db.js';
import { keywordCountsOf } from '../../store/keywords/bm25.js';
import { MultiRowInsert } from './multi-row-insert.js';

/**
 * The keyword postings of written nodes (`graph_node_postings`, `graph_node_lengths` and the tenant's
 * `graph_keyword_totals`), written from the process in the write's transaction, a batch at a time: the terms are
 * the project's own (`store/keywords/terms.ts`), which SQL cannot make. A node's length row keeps its terms (the
 * postings' keys); a node's deletion takes its length with it (foreign key), and the length's trigger takes its
 * postings (by their key, through those terms) and takes it off the totals.
 */
export class PostingsRepo {
  private readonly postings: MultiRowInsert;
  private readonly lengths: MultiRowInsert;
  private readonly lengthsStmt: Statement;
  private readonly termsStmt: Statement;
  private readonly dropLengthStmt: Statement;
  private readonly addTotalsStmt: Statement;

  constructor(db: Db) {
    this.postings = new MultiRowInsert(
      db,
      'INSERT INTO graph_node_postings (tenant_id, term, node_rowid, tf, node_length)',
      5,
    );
    this.lengths = new MultiRowInsert(db, 'INSERT INTO graph_node_lengths (node_rowid, tenant_id, length, terms)', 4);
    this.lengthsStmt = db
      .prepare(
        'SELECT node_rowid, length, terms FROM graph_node_lengths WHERE node_rowid IN (SELECT value FROM json_each(?))',
      )
      .raw();
    this.termsStmt = db
      .prepare(
        'SELECT term, tf FROM graph_node_postings WHERE tenant_id = ? AND term IN (SELECT value FROM json_each(?)) AND node_rowid = ?',
      )
      .raw();
    this.dropLengthStmt = db.prepare('DELETE FROM graph_node_lengths WHERE node_rowid = ?');
    this.addTotalsStmt = db.prepare(`INSERT INTO graph_keyword_totals (tenant_id, nodes, terms) VALUES (?, ?, ?)
      ON CONFLICT (tenant_id) DO UPDATE SET nodes = nodes + excluded.nodes, terms = terms + excluded.terms`);
  }

  /**
   * Indexes the tenant's nodes by their searchable text (rowid to text): a node indexed already keeps its
   * postings when the text's terms are the same, else they are replaced (dropping its length drops them).
   */
  index(tenantId: string, texts: ReadonlyMap<number, string>): void {
    if (texts.size === 0) return;
    const postings: Array<[term: string, rowid: number, tf: number, length: number]> = [];
    const lengths: unknown[] = [];
    let terms = 0;
    // The lengths and terms of those indexed already, in one statement (most written nodes are new).
    const indexed = new Map(
      (this.lengthsStmt.all(JSON.stringify([...texts.keys()])) as Array<[number, number, string]>).map(
        ([rowid, length, terms]) => [rowid, { length, terms }],
      ),
    );
    for (const [rowid, text] of texts) {
      const { counts, length } = keywordCountsOf(text);
      const before = indexed.get(rowid);
      if (before !== undefined) {
        if (before.length === length && this.sameTerms(tenantId, rowid, before.terms, counts)) continue;
        this.dropLengthStmt.run(rowid);
      }
      for (const [term, tf] of counts) postings.push([term, rowid, tf, length]);
      lengths.push(rowid, tenantId, length, JSON.stringify([...counts.keys()]));
      terms += length;
    }
    if (lengths.length === 0) return;
    // In key order: each insert lands beside the one before, in the pages it already dirtied.
    postings.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x - y));
    const values: unknown[] = [];
    for (const [term, rowid, tf, length] of postings) values.push(tenantId, term, rowid, tf, length);
    this.postings.run(values);
    this.lengths.run(lengths);
    this.addTotalsStmt.run(tenantId, lengths.length / 4, terms);
  }

  /** Whether a node's postings (its `terms`, a JSON array, and their stored counts) are these counts. */
  private sameTerms(tenantId: string, rowid: number, terms: string, counts: ReadonlyMap<string, number>): boolean {
    const stored = this.termsStmt.all(tenantId, terms, rowid) as Array<[string, number]>;
    return stored.length === counts.size && stored.every(([term, tf]) => counts.get(term) === tf);
  }
}
