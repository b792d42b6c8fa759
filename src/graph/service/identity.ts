import { aliasesOf, type PersonIdentity } from '../ingest/batch.js';
import type { GraphStore } from '../store/index.js';
import type { Properties } from '../types.js';

/**
 * People across systems. A user node is keyed by a canonical id (the first identifier we learn:
 * email, else login, else account id) and the `graph_aliases` table maps every identifier it is known
 * by (`email:`, `login:`, `github:`, `account:`, `notion:`) to it. When one record ties identifiers
 * that point at two different user nodes, the nodes are merged into the older one.
 */
export class IdentityResolver {
  constructor(private readonly store: GraphStore) {}

  /** The canonical node id of a person seen for the first time. */
  static canonicalId(identity: PersonIdentity): string {
    return (
      identity.email?.trim().toLowerCase() ||
      identity.login ||
      identity.accountId ||
      identity.notionId ||
      (identity.githubId !== undefined ? `github-${identity.githubId}` : '')
    );
  }

  /** The aliases under which a raw identifier (as a caller types it) may be registered. */
  static candidateAliases(value: string): string[] {
    const lower = value.trim().toLowerCase();
    return [`email:${lower}`, `login:${lower}`, `account:${value}`, `notion:${value}`, `github:${value}`];
  }

  /** The user node rowid known under `value` as one of its identifiers, if any. */
  findByIdentifier(tenantId: string, value: string): number | undefined {
    const found = this.store.aliases.lookup(tenantId, IdentityResolver.candidateAliases(value));
    return found.values().next().value;
  }

  /**
   * Finds or creates the user node of a person, merging the nodes its identifiers tie together.
   * `aliases` defaults to the identity's own; a batch passes every identifier it tied to the person.
   */
  resolve(
    tenantId: string,
    identity: PersonIdentity,
    properties: Properties,
    source: string | null,
    now: number,
    aliases = aliasesOf(identity),
  ): number {
    const found = this.store.aliases.lookup(tenantId, aliases);
    const known = [...new Set(found.values())].sort((a, b) => a - b);
    const patch = JSON.stringify(userProperties(identity, properties));
    let rowid: number;
    if (known.length === 0) {
      rowid = this.store.nodes.upsert({
        tenantId,
        type: 'user',
        id: IdentityResolver.canonicalId(identity),
        properties: patch,
        source,
        now,
      });
    } else {
      rowid = known[0];
      for (const duplicate of known.slice(1)) this.merge(tenantId, duplicate, rowid, now);
      this.store.nodes.patch(tenantId, rowid, patch, now);
    }
    for (const alias of aliases) if (found.get(alias) !== rowid) this.store.aliases.set(tenantId, alias, rowid);
    return rowid;
  }

  /** Moves node `from` (edges, aliases, properties) into node `into` and deletes it. */
  private merge(tenantId: string, from: number, into: number, now: number): void {
    const row = this.store.nodes.getByRowid(tenantId, from);
    if (!row) return;
    this.store.edges.moveEdges(tenantId, from, into);
    this.store.aliases.repoint(tenantId, from, into);
    this.store.nodes.patch(tenantId, into, row.properties, now);
    this.store.nodes.deleteMany(tenantId, [from]);
  }
}

/** The user properties of an identity plus what the record said about the person. */
function userProperties(identity: PersonIdentity, properties: Properties): Properties {
  const out: Properties = { ...properties };
  if (identity.login) out.login = identity.login;
  if (identity.email) out.email = identity.email.trim().toLowerCase();
  if (identity.accountId) out.account_id = identity.accountId;
  if (identity.githubId !== undefined) out.github_id = identity.githubId;
  if (identity.notionId) out.notion_id = identity.notionId;
  return out;
}
