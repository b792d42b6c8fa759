import { aliasesOf, type PersonIdentity } from '../ingest/batch.js';
import type { AliasWrite, GraphStorage, GraphWrites, NodePatch } from '../store/graph-storage.js';
import type { Properties } from '../types.js';

/** A person to resolve: who they are, what a record said about them, and the aliases it tied to them. */
export interface PersonToResolve {
  identity: PersonIdentity;
  properties: Properties;
  aliases?: readonly string[];
  /** Those of the aliases only a user directory tied to the person; default: all of them if the identity came `via` one. */
  directoryAliases?: ReadonlySet<string>;
}

/**
 * People across systems. A user node is keyed by a canonical id (the first identifier we learn:
 * email, else login, else account id) and the `graph_aliases` table maps every identifier it is known
 * by (`email:`, `login:`, `github:`, `account:`, `notion:`, `slack:`, `crm:`, and `gchat:` for an admin's link of a
 * Google Chat user) to it. When one record ties identifiers
 * that point at two different user nodes, the nodes are merged into the older one.
 */
export class IdentityResolver {
  constructor(private readonly storage: GraphStorage) {}

  /** The canonical node id of a person seen for the first time. */
  static canonicalId(identity: PersonIdentity): string {
    return (
      identity.email?.trim().toLowerCase() ||
      identity.login ||
      identity.accountId ||
      identity.notionId ||
      identity.slackId ||
      identity.crmUserId ||
      (identity.githubId !== undefined ? `github-${identity.githubId}` : '')
    );
  }

  /** The aliases under which a raw identifier (as a caller types it) may be registered. */
  static candidateAliases(value: string): string[] {
    const lower = value.trim().toLowerCase();
    const raw = value.trim();
    return [
      `email:${lower}`,
      `login:${lower}`,
      `account:${raw}`,
      `notion:${raw}`,
      `github:${raw}`,
      `slack:${raw}`,
      `gchat:${raw}`,
      `crm:${raw}`,
    ];
  }

  /** The user node rowid known under `value` as one of its identifiers, if any. */
  async findByIdentifier(tenantId: string, value: string): Promise<number | undefined> {
    const found = await this.storage.lookupAliases(tenantId, IdentityResolver.candidateAliases(value));
    return found.values().next().value;
  }

  /**
   * Finds or creates the user node of each person (in order), merging the nodes its identifiers tie
   * together. A person's `aliases` default to the identity's own; a batch passes every identifier it
   * tied to the person. One alias lookup, one node upsert and one alias write serve every person.
   * PostgreSQL's `graph_write_batch` (src/store/pg/schema/graph.ts) does the same in SQL when no merge is
   * needed: a change here belongs there too.
   */
  async resolveAll(writes: GraphWrites, people: readonly PersonToResolve[], source: string | null, now: number) {
    const aliasesOfPerson = people.map((person) => person.aliases ?? aliasesOf(person.identity));
    const found = await writes.lookupAliases([...new Set(aliasesOfPerson.flat())]);
    const pinned = await manualLinksInConflict(writes, aliasesOfPerson, found);
    // Nodes merged away by an earlier person of the batch, and the node each went into.
    const mergedInto = new Map<number, number>();
    const current = (rowid: number) => mergedInto.get(rowid) ?? rowid;
    const rowids: Array<number | undefined> = [];
    const patches: NodePatch[] = [];
    // The nodes (as they are now) of those aliases of a person that are pinned or not, in rowid order.
    const nodesOf = (aliases: readonly string[], ofPinned: boolean): number[] => {
      const nodes: number[] = [];
      for (const alias of aliases) {
        const rowid = found.get(alias);
        if (rowid === undefined || pinned.has(alias) !== ofPinned) continue;
        const node = current(rowid);
        if (!nodes.includes(node)) nodes.push(node);
      }
      return nodes.length > 1 ? nodes.sort((a, b) => a - b) : nodes;
    };
    for (let index = 0; index < people.length; index++) {
      const person = people[index];
      // An admin's link outweighs a record: a record naming it beside another person's identifiers is that person.
      const aliases = aliasesOfPerson[index];
      let known = nodesOf(aliases, false);
      if (known.length === 0) known = nodesOf(aliases, true).slice(0, 1);
      if (known.length === 0) continue;
      const rowid = known[0];
      for (const duplicate of known.slice(1)) {
        await writes.mergeNode(duplicate, rowid, now);
        mergedInto.set(duplicate, rowid);
        for (const [from, into] of mergedInto) if (into === duplicate) mergedInto.set(from, rowid);
      }
      rowids[index] = rowid;
      patches.push({ rowid, properties: JSON.stringify(userProperties(person.identity, person.properties)) });
    }
    if (patches.length) await writes.patchNodes(patches, now);
    const unknown = people.flatMap((person, index) => (rowids[index] === undefined ? [{ person, index }] : []));
    const created = await writes.upsertNodes(
      unknown.map(({ person }) => ({
        type: 'user',
        id: IdentityResolver.canonicalId(person.identity),
        properties: JSON.stringify(userProperties(person.identity, person.properties)),
        source,
        now,
      })),
    );
    unknown.forEach(({ index }, i) => (rowids[index] = created[i]));
    // How and when an alias came to point at its node: set when it is first pointed or repointed, kept when a
    // record only confirms it. An alias another person of the batch also names goes to the later one.
    const repoint = new Map<string, AliasWrite>();
    aliasesOfPerson.forEach((aliases, index) => {
      const directory = directoryAliasesOf(people[index], aliases);
      for (const alias of aliases) {
        if (pinned.has(alias)) continue;
        const was = found.get(alias);
        const rowid = rowids[index]!;
        if (was === undefined || current(was) !== rowid)
          repoint.set(alias, { alias, rowid, method: directory.has(alias) ? 'directory' : null, linkedAt: now });
      }
    });
    if (repoint.size) await writes.setAliases([...repoint.values()]);
    return rowids as number[];
  }
}

/** The aliases of `person` a user directory tied to them. */
export function directoryAliasesOf(person: PersonToResolve, aliases: readonly string[]): ReadonlySet<string> {
  return person.directoryAliases ?? new Set(person.identity.via === 'directory' ? aliases : []);
}

/**
 * The aliases an admin linked by hand among those of people whose aliases point at more than one node
 * (elsewhere a manual link decides nothing): ingestion neither merges by them nor repoints them.
 */
async function manualLinksInConflict(
  writes: GraphWrites,
  aliasesOfPerson: readonly (readonly string[])[],
  found: ReadonlyMap<string, number>,
): Promise<Set<string>> {
  const conflicting = aliasesOfPerson.flatMap((aliases) => {
    const known = aliases.filter((a) => found.has(a));
    return new Set(known.map((a) => found.get(a))).size > 1 ? known : [];
  });
  return conflicting.length ? writes.manualAliases([...new Set(conflicting)]) : new Set();
}

/** The user properties of an identity plus what the record said about the person. */
export function userProperties(identity: PersonIdentity, properties: Properties): Properties {
  const out: Properties = { ...properties };
  if (identity.login) out.login = identity.login;
  if (identity.email) out.email = identity.email.trim().toLowerCase();
  if (identity.accountId) out.account_id = identity.accountId;
  if (identity.githubId !== undefined) out.github_id = identity.githubId;
  if (identity.notionId) out.notion_id = identity.notionId;
  if (identity.slackId) out.slack_id = identity.slackId;
  return out;
}
