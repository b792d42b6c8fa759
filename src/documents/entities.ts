import { mentionedAs, type MentionPattern } from '../graph/ingest/mentions.js';
import type { GraphReadsForDocuments } from '../graph/store/document-reads.js';
import { mentionsOf, MIN_LABEL_LENGTH, type EntityLabel, type TextMentions } from './mentions.js';

/**
 * Links text to the known graph entities it names (see mentionsOf). Only existing nodes are returned:
 * a document links to the graph, it never invents entities. Finding mentions needs no database, so an
 * upload's worker does it; confirming them here is two batched lookups through the graph's reads.
 */
export class EntityLinker {
  /** The graph's people, and the node types the systems say texts name by label. */
  private readonly labelled: readonly string[];

  constructor(
    private readonly graph: GraphReadsForDocuments,
    /** How texts name the systems' nodes. */
    private readonly mentions: readonly MentionPattern[] = [],
    /** Node types a text names by their name or title, besides the graph's people. */
    labelledTypes: readonly string[] = [],
  ) {
    this.labelled = ['user', ...labelledTypes];
  }

  /** The tenant's people and labelled nodes by name or title, lower-cased. */
  async labels(tenantId: string): Promise<EntityLabel[]> {
    return (await this.graph.labelledNodes(tenantId, this.labelled, MIN_LABEL_LENGTH)).map((r) => ({
      id: r.id,
      label: r.label.toLowerCase(),
    }));
  }

  /** For each text's mentions, the rowids of the entities of the tenant they name. */
  async resolveAll<K>(tenantId: string, byText: ReadonlyMap<K, TextMentions>): Promise<Map<K, number[]>> {
    const aliases: string[] = [];
    // A mention names a node of its type, else (as its patterns say) of another type with the same id.
    const keys: Array<{ types: readonly string[]; id: string }> = [];
    for (const mentions of byText.values())
      for (const [type, key] of mentions.lookups)
        if (type === 'email') aliases.push(`email:${key}`);
        else keys.push({ types: mentionedAs(this.mentions, type), id: key });
    const [byAlias, byKey] = await Promise.all([
      this.graph.nodesByAlias(tenantId, aliases),
      this.graph.nodesByKey(tenantId, keys),
    ]);
    const out = new Map<K, number[]>();
    let next = 0;
    for (const [text, mentions] of byText) {
      const found = new Set<number>(mentions.named);
      for (const [type, key] of mentions.lookups) {
        const rowid = type === 'email' ? byAlias.get(`email:${key}`) : byKey[next++];
        if (rowid !== undefined) found.add(rowid);
      }
      out.set(text, [...found]);
    }
    return out;
  }

  /** The rowids of the entities of the tenant that a text names. */
  async linkText(tenantId: string, text: string): Promise<number[]> {
    const mentions = mentionsOf(text, await this.labels(tenantId), this.mentions);
    return (await this.resolveAll(tenantId, new Map([[0, mentions]]))).get(0) ?? [];
  }
}
