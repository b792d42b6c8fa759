import { isUnsafeKey } from '../../toolkit/safe-json.js';
import { privateNodeId, privateProperties, type PrivateNodeType } from '../service/private-visibility.js';
import type { EdgeType, NodeType, Properties } from '../types.js';
import { linkMentions, type MentionPattern } from './mentions.js';

/** The identifiers a person is known by in each system; any one shared identifier ties two records. */
export interface PersonIdentity {
  email?: string;
  /** code_host login. */
  login?: string;
  /** code_host numeric id. */
  githubId?: number | string;
  /** ticketing / wiki (Atlassian) account id. */
  accountId?: string;
  /** notes (Notion) user id. */
  notionId?: string;
  /** chat (Slack) member id. */
  slackId?: string;
  /** crm user id (the connected CRM's). */
  crmUserId?: string;
  /** suite (Google Chat) user resource name, `users/<id>`. */
  googleChatId?: string;
  /** `directory` where the email came from the upstream's user directory rather than the record itself. */
  via?: 'directory';
}

/** `identity` as a user directory tied it: by the email the directory gave, when it gave one. */
export function viaDirectory(identity: PersonIdentity): PersonIdentity {
  return identity.email ? { ...identity, via: 'directory' } : identity;
}

interface BatchNode {
  type: NodeType;
  id: string;
  properties: Properties;
  /** Only mentioned (as the other end of an edge): the record does not speak for the entity's source. */
  reference: boolean;
}

interface BatchPerson {
  /** The first value seen of each identifier. */
  identity: PersonIdentity;
  /** Every identifier the result tied to this person (may hold two logins when the data conflicts). */
  aliases: Set<string>;
  /** Those of `aliases` only a user directory tied to the person (no record of the batch named them itself). */
  directoryAliases: Set<string>;
  properties: Properties;
}

/** A node of the batch: `n:<type>:<id>` for keyed nodes, `p:<index>` for people. */
export type Handle = string;

interface BatchEdge {
  from: Handle;
  to: Handle;
  type: EdgeType;
  properties?: Properties;
}

/** The alias strings of an identity (`email:`, `login:`, `github:`, `account:`, `notion:`, `slack:`, `crm:`, `gchat:`). */
export function aliasesOf(identity: PersonIdentity): string[] {
  const aliases: string[] = [];
  if (identity.email) aliases.push(`email:${identity.email.trim().toLowerCase()}`);
  if (identity.login) aliases.push(`login:${identity.login.toLowerCase()}`);
  if (identity.githubId !== undefined && identity.githubId !== '') aliases.push(`github:${identity.githubId}`);
  if (identity.accountId) aliases.push(`account:${identity.accountId}`);
  if (identity.notionId) aliases.push(`notion:${identity.notionId}`);
  if (identity.slackId) aliases.push(`slack:${identity.slackId}`);
  if (identity.crmUserId) aliases.push(`crm:${identity.crmUserId}`);
  if (identity.googleChatId) aliases.push(`gchat:${identity.googleChatId}`);
  return aliases;
}

/** Drops undefined and null values, so a merge never erases what another system told us. */
export function compact(properties: Properties): Properties {
  return mergeInto({}, properties);
}

/** Copies `properties` into `into` as `compact` keeps them (read key by key: no entry pairs allocated); returns `into`. */
function mergeInto(into: Properties, properties: Properties): Properties {
  for (const key of Object.keys(properties)) {
    const value = properties[key];
    if (value !== undefined && value !== null && !isUnsafeKey(key)) into[key] = value;
  }
  return into;
}

/** The identifiers of an identity that have a value (`via` is how they were learnt, not one of them). */
function identifiersOf(identity: PersonIdentity): PersonIdentity {
  const ids: PersonIdentity = {};
  addMissingIdentifiers(ids, identity);
  return ids;
}

/** Copies into `into` each identifier of `identity` that it lacks: the first value seen of each is kept. */
function addMissingIdentifiers(into: PersonIdentity, identity: PersonIdentity): void {
  const target = into as Record<string, unknown>;
  const source = identity as Record<string, unknown>;
  for (const key of Object.keys(identity)) {
    const value = source[key];
    if (key !== 'via' && value !== undefined && value !== null && !isUnsafeKey(key) && target[key] === undefined)
      target[key] = value;
  }
}

/**
 * What one tool result says about the graph: nodes, people (resolved to user nodes by identity when
 * written) and edges between them. Repeated mentions within a batch are merged here.
 */
export class GraphBatch {
  readonly nodes = new Map<Handle, BatchNode>();
  readonly people: BatchPerson[] = [];
  readonly edges: BatchEdge[] = [];
  private readonly personByAlias = new Map<string, number>();

  /** `mentions`: how texts name the systems' nodes (see `linkMentions`). */
  constructor(private readonly mentions: readonly MentionPattern[] = []) {}

  /** This batch (the same nodes, people and edges) recognising these mention patterns. */
  recognising(mentions: readonly MentionPattern[]): GraphBatch {
    return Object.create(this, { mentions: { value: mentions } }) as GraphBatch;
  }

  /**
   * LINKED_TO edges from `from` to every node of `nodeTypes` the texts mention (other than `self`), as the
   * systems' mention patterns recognise them.
   */
  linkMentions(
    from: Handle | undefined,
    texts: Array<string | undefined>,
    nodeTypes: readonly NodeType[],
    self?: string,
  ): void {
    linkMentions(this, this.mentions, from, texts, nodeTypes, self);
  }

  /** An entity the result describes. */
  node(type: NodeType, id: string | number | undefined | null, properties: Properties = {}): Handle | undefined {
    return this.add(type, id, properties, false);
  }

  /** An entity the result only mentions (created when missing so edges have both ends). */
  ref(type: NodeType, id: string | number | undefined | null, properties: Properties = {}): Handle | undefined {
    return this.add(type, id, properties, true);
  }

  private add(
    type: NodeType,
    id: string | number | undefined | null,
    properties: Properties,
    reference: boolean,
  ): Handle | undefined {
    if (id === undefined || id === null || id === '') return undefined;
    const key = String(id);
    const handle = `n:${type}:${key}`;
    const existing = this.nodes.get(handle);
    if (existing) {
      mergeInto(existing.properties, properties);
      existing.reference &&= reference;
    } else {
      this.nodes.set(handle, { type, id: key, properties: compact(properties), reference });
    }
    return handle;
  }

  /**
   * `owner`'s private record of `key` (see private-visibility.ts): a node of its own per owner, which no other
   * user sees, nor any edge touching it. Never merged with a shared node, nor with another owner's record.
   */
  privateNode(owner: string, type: PrivateNodeType, key: string, properties: Properties = {}): Handle | undefined {
    return this.node(type, privateNodeId(owner, key), { ...properties, ...privateProperties(owner) });
  }

  /** A person; returns undefined when the identity carries no identifier at all. */
  person(identity: PersonIdentity, properties: Properties = {}): Handle | undefined {
    const aliases = aliasesOf(identity);
    if (aliases.length === 0) return undefined;
    const fromDirectory = identity.via === 'directory';
    let index = this.knownPerson(aliases);
    if (index === undefined) {
      index =
        this.people.push({
          identity: identifiersOf(identity),
          aliases: new Set(aliases),
          directoryAliases: new Set(fromDirectory ? aliases : []),
          properties: compact(properties),
        }) - 1;
    } else {
      const person = this.people[index];
      addMissingIdentifiers(person.identity, identity);
      for (const alias of aliases) {
        // A record naming the identifier itself outweighs a directory's word for it.
        if (!fromDirectory) person.directoryAliases.delete(alias);
        else if (!person.aliases.has(alias)) person.directoryAliases.add(alias);
        person.aliases.add(alias);
      }
      mergeInto(person.properties, properties);
    }
    for (const alias of aliases) if (!this.personByAlias.has(alias)) this.personByAlias.set(alias, index);
    return `p:${index}`;
  }

  /** The person of the batch the first of these aliases already names. */
  private knownPerson(aliases: readonly string[]): number | undefined {
    for (const alias of aliases) {
      const index = this.personByAlias.get(alias);
      if (index !== undefined) return index;
    }
    return undefined;
  }

  edge(from: Handle | undefined, type: EdgeType, to: Handle | undefined, properties?: Properties): void {
    if (!from || !to || from === to) return;
    this.edges.push({ from, to, type, ...(properties ? { properties: compact(properties) } : {}) });
  }

  get isEmpty(): boolean {
    return this.nodes.size === 0 && this.people.length === 0;
  }

  /** Entities the batch describes (nodes plus people). */
  get entityCount(): number {
    return this.nodes.size + this.people.length;
  }
}
