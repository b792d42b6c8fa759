import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { Registry } from '../toolkit/registry.js';

const STOPWORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'in',
  'on',
  'for',
  'to',
  'and',
  'or',
  'my',
  'me',
  'i',
  'is',
  'are',
  'what',
  'which',
  'all',
  'with',
  'our',
  'we',
  'do',
  'how',
  'this',
  'that',
  'there',
  'any',
  'by',
  'from',
  'about',
]);

/** A crude stem: enough to make review/reviews/reviewed and merge/merged/merging meet. */
function stem(word: string): string {
  let w = word;
  if (w.length > 4) w = w.replace(/(ing|ed|ies|es|s)$/, (m) => (m === 'ies' ? 'y' : ''));
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** The words of a text, synonyms expanded (`pr` → pull request), stop words dropped, stemmed. */
export function words(text: string, synonyms: Readonly<Record<string, readonly string[]>> = {}): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .flatMap((w) => synonyms[w] ?? [w])
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map(stem);
}

const QUESTION_WORDS = new Set([
  'how',
  'what',
  'which',
  'who',
  'whose',
  'when',
  'where',
  'why',
  'is',
  'are',
  'do',
  'does',
  'did',
  'can',
]);
const READ_VERBS = new Set(
  ['list', 'show', 'find', 'get', 'see', 'who', 'search', 'view', 'read', 'fetch', 'count'].map(stem),
);
/** Whether the query reads before it writes ("read the email and reply": read; "mark as read": write). */
function readVerbFirst(terms: readonly string[]): boolean {
  const read = terms.findIndex((t) => READ_VERBS.has(t));
  const write = terms.findIndex((t) => WRITE_VERBS.has(t));
  return read !== -1 && read < write;
}

const WRITE_VERBS = new Set(
  [
    'create',
    'file',
    'add',
    'new',
    'make',
    'merge',
    'close',
    'reopen',
    'update',
    'edit',
    'delete',
    'remove',
    'post',
    'send',
    'upload',
    'write',
    'assign',
    'transition',
    // "mark as read", "mark as done": a change of state, whatever state word follows.
    'mark',
    'inject',
    'commit',
  ].map(stem),
);

interface IndexedTool {
  tool: ToolDefinition;
  fields: Array<{ weight: number; words: Set<string> }>;
}

interface SearchHit {
  tool: ToolDefinition;
  score: number;
}

/**
 * Word search over the catalog using names, aliases, descriptions, `when_to_use` and example queries:
 * how an agent in discovery mode finds the tool for a task without loading every schema.
 */
export class CatalogSearch {
  private readonly index: IndexedTool[];
  private readonly documentFrequency = new Map<string, number>();
  private readonly synonyms: Readonly<Record<string, readonly string[]>>;

  constructor(registry: Registry, tools: readonly ToolDefinition[]) {
    this.synonyms = registry.synonyms;
    this.index = tools.map((tool) => {
      const system = registry.system(tool.system);
      const fields = [
        { weight: 4, words: new Set(words(`${tool.name} ${tool.title ?? ''}`, this.synonyms)) },
        { weight: 3, words: new Set(words(tool.hints.aliases.join(' '), this.synonyms)) },
        { weight: 2, words: new Set(words(tool.hints.examples.map((e) => e.query).join(' '), this.synonyms)) },
        { weight: 1.5, words: new Set(words(`${tool.description} ${tool.hints.when_to_use}`, this.synonyms)) },
        { weight: 1, words: new Set(words(`${tool.system} ${system?.keywords.join(' ') ?? ''}`, this.synonyms)) },
      ];
      return { tool, fields };
    });
    for (const entry of this.index) {
      const seen = new Set(entry.fields.flatMap((f) => [...f.words]));
      for (const word of seen) this.documentFrequency.set(word, (this.documentFrequency.get(word) ?? 0) + 1);
    }
  }

  /**
   * Scores each tool by the query words it carries (weighted by field and rarity), scaled by how many
   * of the words it covers, then nudged by intent: a query that reads ("list", "show", "who") prefers
   * read and analytical tools, one that writes ("create", "merge", "close") prefers actions.
   */
  search(
    query: string,
    options: { system?: string; limit?: number; include?: (tool: ToolDefinition) => boolean } = {},
  ): SearchHit[] {
    const terms = [...new Set(words(query, this.synonyms))];
    // A question ("how long do PRs take to merge", "which statuses...") asks to read, whatever verbs it holds.
    const question = QUESTION_WORDS.has(
      query
        .trim()
        .toLowerCase()
        .split(/[^a-z]+/)[0] ?? '',
    );
    const writeIntent = !question && terms.some((t) => WRITE_VERBS.has(t));
    // "mark as read" names a state to set, not a wish to read: a write verb before it wins.
    const readIntent =
      question || (!writeIntent && terms.some((t) => READ_VERBS.has(t))) || (writeIntent && readVerbFirst(terms));
    const n = this.index.length;
    const hits: SearchHit[] = [];
    for (const entry of this.index) {
      if (options.system && entry.tool.system !== options.system) continue;
      if (options.include && !options.include(entry.tool)) continue;
      let score = 0;
      let matched = 0;
      for (const term of terms) {
        const best = Math.max(0, ...entry.fields.filter((f) => f.words.has(term)).map((f) => f.weight));
        if (best === 0) continue;
        matched++;
        score += best * Math.log(1 + n / (this.documentFrequency.get(term) ?? 1));
      }
      if (score === 0) continue;
      score *= Math.sqrt(matched / terms.length);
      const isAction = entry.tool.capability.type === 'action';
      if (readIntent !== writeIntent) score *= readIntent === !isAction ? 1.5 : 0.6;
      else if (!writeIntent && isAction) score *= 0.8;
      hits.push({ tool: entry.tool, score });
    }
    return hits
      .sort((a, b) => b.score - a.score || a.tool.qualifiedName.localeCompare(b.tool.qualifiedName))
      .slice(0, options.limit ?? 8);
  }
}
