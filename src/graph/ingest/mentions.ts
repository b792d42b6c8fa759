import type { GraphBatch, Handle } from './batch.js';

/**
 * How free text names a node of some system (a ticket key, a repository link), declared by the system
 * whose node it is (its manifest's `mentions`). Plain data, so a worker thread can be handed it too.
 */
export interface MentionPattern {
  /** The node type a mention names; the node's id is the mention's key. */
  nodeType: string;
  /** A global regular expression; its capture groups, joined by `join`, are the key. */
  pattern: RegExp;
  join: string;
  /** A match that matches any of these whole is prose, not a mention. */
  notWhole?: readonly RegExp[];
  /** A match whose capture group `i + 1` matches `notGroups[i]` is not a mention. */
  notGroups?: ReadonlyArray<RegExp | undefined>;
  /** Removed in order from capture group `i + 1` before the key is made; an emptied group is no mention. */
  trimGroups?: ReadonlyArray<readonly RegExp[] | undefined>;
  /** The property of the mentioned node that holds its key (none holds a pull request's `owner/repo#12`). */
  keyProperty?: string;
  /**
   * Node types a mention names when no `nodeType` node has its key, tried in order (GitHub numbers a
   * repository's issues and pull requests alike, so `owner/repo#12` may be either).
   */
  alsoNodeTypes?: readonly string[];
  /** The node the mentioned one belongs to, keyed by one capture group (a ticket's project). */
  belongsTo?: { nodeType: string; group: number; property: string; keyProperty: string };
}

/** One mention found: the node's key, the key of the node it belongs to, and the pattern that found it. */
interface Mention {
  key: string;
  parent?: string;
  pattern: MentionPattern;
}

function mentionOf(pattern: MentionPattern, match: RegExpMatchArray): Mention | undefined {
  if (pattern.notWhole?.some((prose) => prose.test(match[0]))) return undefined;
  const parts: string[] = [];
  for (let group = 1; group < match.length; group++) {
    let part = match[group] ?? '';
    if (pattern.notGroups?.[group - 1]?.test(part)) return undefined;
    for (const trailing of pattern.trimGroups?.[group - 1] ?? []) part = part.replace(trailing, '');
    if (!part) return undefined;
    parts.push(part);
  }
  const parent = pattern.belongsTo && match[pattern.belongsTo.group];
  return { key: parts.join(pattern.join), parent: parent || undefined, pattern };
}

/** The patterns of each node type, by the list they were picked from (a few lists serve every record). */
const patternsByType = new WeakMap<readonly MentionPattern[], Map<string, readonly MentionPattern[]>>();

/** Those of `patterns` that name `nodeType` nodes. */
function patternsOf(patterns: readonly MentionPattern[], nodeType: string): readonly MentionPattern[] {
  let byType = patternsByType.get(patterns);
  if (!byType) patternsByType.set(patterns, (byType = new Map<string, readonly MentionPattern[]>()));
  let own = byType.get(nodeType);
  if (!own) byType.set(nodeType, (own = patterns.filter((p) => p.nodeType === nodeType)));
  return own;
}

/**
 * The mentions of `nodeType` nodes in the texts, each once, in order of appearance (text by text, and
 * within a text pattern by pattern).
 */
function mentionsIn(
  patterns: readonly MentionPattern[],
  nodeType: string,
  texts: ReadonlyArray<string | undefined>,
): Mention[] {
  const found = new Map<string, Mention>();
  const own = patternsOf(patterns, nodeType);
  for (const text of texts) {
    if (!text) continue;
    for (const pattern of own)
      for (const match of text.matchAll(pattern.pattern)) {
        const mention = mentionOf(pattern, match);
        if (mention && !found.has(mention.key)) found.set(mention.key, mention);
      }
  }
  return [...found.values()];
}

/** The keys of the `nodeType` nodes the texts mention, each once, in order of appearance. */
export function mentionedKeys(
  patterns: readonly MentionPattern[],
  nodeType: string,
  ...texts: Array<string | undefined>
): string[] {
  return mentionsIn(patterns, nodeType, texts).map((m) => m.key);
}

/** The node types a mention of `nodeType` names: that type, then those its patterns fall back to, each once. */
export const mentionedAs = (patterns: readonly MentionPattern[], nodeType: string): string[] => [
  ...new Set([nodeType, ...patterns.flatMap((p) => (p.nodeType === nodeType ? (p.alsoNodeTypes ?? []) : []))]),
];

/** The node types the patterns name, each once, in declaration order. */
export const mentionedTypes = (patterns: readonly MentionPattern[]): string[] => [
  ...new Set(patterns.map((p) => p.nodeType)),
];

/**
 * LINKED_TO edges from `from` to every node of the given types that the texts mention (other than
 * `self`), each written as a reference with the node it belongs to.
 */
export function linkMentions(
  batch: GraphBatch,
  patterns: readonly MentionPattern[],
  from: Handle | undefined,
  texts: Array<string | undefined>,
  nodeTypes: readonly string[],
  self?: string,
): void {
  if (!from) return;
  for (const nodeType of nodeTypes)
    for (const { key, parent, pattern } of mentionsIn(patterns, nodeType, texts)) {
      if (key === self) continue;
      const { belongsTo } = pattern;
      const handle = batch.ref(nodeType, key, {
        ...(pattern.keyProperty ? { [pattern.keyProperty]: key } : {}),
        ...(belongsTo && parent ? { [belongsTo.property]: parent } : {}),
      });
      if (belongsTo && parent)
        batch.edge(handle, 'BELONGS_TO', batch.ref(belongsTo.nodeType, parent, { [belongsTo.keyProperty]: parent }));
      batch.edge(from, 'LINKED_TO', handle);
    }
}
