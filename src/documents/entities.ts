import { mentionedAs, type MentionPattern } from '../graph/ingest/mentions.js';
import type { Db } from '../store/db.js';
import { mentionsOf, MIN_LABEL_LENGTH, type EntityLabel, type TextMentions } from './mentions.js';

/**
 * Links text to the known graph entities it names (see mentionsOf). Only existing nodes are returned:
 * a document links to the graph, it never invents entities. Finding mentions needs no database, so an
 * upload's worker does it; confirming them here is one indexed lookup each.
 */
export class EntityLinker {
  private readonly byId;
  private readonly byAlias;
  private readonly named;
  /** The graph's people, and the node types the systems say texts name by label (JSON, for the query). */
  private readonly labelled: string;

  constructor(
    db: Db,
    /** How texts name the systems' nodes. */
    private readonly mentions: readonly MentionPattern[] = [],
    /** Node types a text names by their name or title, besides the graph's people. */
    labelledTypes: readonly string[] = [],
  ) {
    this.byId = db.prepare('SELECT id FROM graph_nodes WHERE tenant_id = ? AND node_type = ? AND node_id = ?').pluck();
    this.byAlias = db.prepare('SELECT node_rowid FROM graph_aliases WHERE tenant_id = ? AND alias = ?').pluck();
    this.labelled = JSON.stringify(['user', ...labelledTypes]);
    this.named = db.prepare(
      `SELECT id, coalesce(json_extract(properties, '$.name'), json_extract(properties, '$.title')) AS label FROM graph_nodes
       WHERE tenant_id = ? AND node_type IN (SELECT value FROM json_each(?)) AND length(coalesce(json_extract(properties, '$.name'), json_extract(properties, '$.title'), '')) >= ${MIN_LABEL_LENGTH}`,
    );
  }

  /** The tenant's people and labelled nodes by name or title, lower-cased. */
  labels(tenantId: string): EntityLabel[] {
    return (this.named.all(tenantId, this.labelled) as Array<{ id: number; label: string }>).map((r) => ({
      id: r.id,
      label: r.label.toLowerCase(),
    }));
  }

  /** The rowids of the entities of the tenant that the mentions name. */
  resolve(tenantId: string, mentions: TextMentions): number[] {
    const found = new Set<number>(mentions.named);
    // A mention names a node of its type, else (as its patterns say) of another type with the same id.
    const find = (type: string, id: string) => {
      for (const as of mentionedAs(this.mentions, type)) {
        const rowid = this.byId.get(tenantId, as, id) as number | undefined;
        if (rowid !== undefined) return rowid;
      }
      return undefined;
    };
    for (const [type, key] of mentions.lookups) {
      const rowid =
        type === 'email' ? (this.byAlias.get(tenantId, `email:${key}`) as number | undefined) : find(type, key);
      if (rowid !== undefined) found.add(rowid);
    }
    return [...found];
  }

  /** A function mapping text to the rowids of the entities it names (the tenant's names read once). */
  forTenant(tenantId: string): (text: string) => number[] {
    const labels = this.labels(tenantId);
    return (text) => this.resolve(tenantId, mentionsOf(text, labels, this.mentions));
  }
}
