import type { ToolDefinition } from '../toolkit/define-tool.js';
import type { Registry } from '../toolkit/registry.js';

const STOPWORDS = new Set(['a', 'an', 'the', 'of', 'in', 'on', 'for', 'to', 'and', 'or', 'my', 'me', 'i', 'is', 'are', 'what', 'which', 'show', 'all', 'with', 'our', 'we', 'do', 'how', 'get', 'list']);

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

interface IndexedTool {
  tool: ToolDefinition;
  fields: Array<{ weight: number; words: Set<string> }>;
}

export interface SearchHit {
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

  constructor(registry: Registry, tools: readonly ToolDefinition[]) {
    this.index = tools.map((tool) => {
      const system = registry.system(tool.system);
      const fields = [
        { weight: 4, words: new Set(words(`${tool.name} ${tool.title ?? ''}`)) },
        { weight: 3, words: new Set(words(tool.hints.aliases.join(' '))) },
        { weight: 2, words: new Set(words(tool.hints.examples.map((e) => e.query).join(' '))) },
        { weight: 1.5, words: new Set(words(`${tool.description} ${tool.hints.when_to_use}`)) },
        { weight: 1, words: new Set(words(`${tool.system} ${system?.keywords.join(' ') ?? ''}`)) },
      ];
      return { tool, fields };
    });
    for (const entry of this.index) {
      const seen = new Set(entry.fields.flatMap((f) => [...f.words]));
      for (const word of seen) this.documentFrequency.set(word, (this.documentFrequency.get(word) ?? 0) + 1);
    }
  }

  search(query: string, options: { system?: string; limit?: number } = {}): SearchHit[] {
    const terms = [...new Set(words(query))];
    const n = this.index.length;
    const hits: SearchHit[] = [];
    for (const entry of this.index) {
      if (options.system && entry.tool.system !== options.system) continue;
      let score = 0;
      for (const term of terms) {
        const best = Math.max(0, ...entry.fields.filter((f) => f.words.has(term)).map((f) => f.weight));
        if (best > 0) score += best * Math.log(1 + n / (this.documentFrequency.get(term) ?? 1));
      }
      if (score > 0) hits.push({ tool: entry.tool, score });
    }
    return hits.sort((a, b) => b.score - a.score || a.tool.qualifiedName.localeCompare(b.tool.qualifiedName)).slice(0, options.limit ?? 8);
  }
}
