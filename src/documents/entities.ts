import { repositoryNames, ticketKeys } from '../graph/ingest/mentions.js';
import type { Db } from '../store/db.js';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const MIN_NAME_LENGTH = 5;

/**
 * Finds the known graph entities a text names: tickets by key and repositories by name (the graph's
 * own mention readers), pull requests as `owner/repo#12`, people by email or full name, pages by
 * title. Only existing nodes are returned: a document links to the graph, it never invents entities.
 */
export class EntityLinker {
  private readonly byId;
  private readonly byAlias;
  private readonly named;

  constructor(db: Db) {
    this.byId = db.prepare('SELECT id FROM graph_nodes WHERE tenant_id = ? AND node_type = ? AND node_id = ?').pluck();
    this.byAlias = db.prepare('SELECT node_rowid FROM graph_aliases WHERE tenant_id = ? AND alias = ?').pluck();
    this.named = db.prepare(
      `SELECT id, coalesce(json_extract(properties, '$.name'), json_extract(properties, '$.title')) AS label FROM graph_nodes
       WHERE tenant_id = ? AND node_type IN ('user', 'page') AND length(coalesce(json_extract(properties, '$.name'), json_extract(properties, '$.title'), '')) >= ${MIN_NAME_LENGTH}`,
    );
  }

  /** A function mapping text to the rowids of the entities it names (the tenant's names read once). */
  forTenant(tenantId: string): (text: string) => number[] {
    const labels = (this.named.all(tenantId) as Array<{ id: number; label: string }>).map((r) => ({ id: r.id, label: r.label.toLowerCase() }));
    const find = (type: string, id: string) => this.byId.get(tenantId, type, id) as number | undefined;
    return (text) => {
      const found = new Set<number>();
      const add = (rowid: number | undefined) => rowid !== undefined && found.add(rowid);
      for (const key of ticketKeys(text)) add(find('issue', key));
      for (const repo of repositoryNames(text)) add(find('repository', repo));
      for (const [, repo, number] of text.matchAll(/\b([\w.-]+\/[\w.-]+)#(\d+)\b/g)) add(find('pull_request', `${repo}#${number}`) ?? find('issue', `${repo}#${number}`));
      for (const [email] of text.matchAll(EMAIL)) add(this.byAlias.get(tenantId, `email:${email.toLowerCase()}`) as number | undefined);
      const lower = text.toLowerCase();
      for (const { id, label } of labels) if (lower.includes(label) && wordBounded(lower, label)) found.add(id);
      return [...found];
    };
  }
}

function wordBounded(text: string, label: string): boolean {
  for (let at = text.indexOf(label); at >= 0; at = text.indexOf(label, at + 1)) {
    const before = text[at - 1];
    const after = text[at + label.length];
    if ((!before || !/[\p{L}\p{N}]/u.test(before)) && (!after || !/[\p{L}\p{N}]/u.test(after))) return true;
  }
  return false;
}
