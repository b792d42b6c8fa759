/** One tool as the catalog search indexes it: its words by field, its phrases, and its hints' evidence. */
import type { ToolDefinition } from '../../toolkit/define-tool.js';
import type { SystemRecord, SystemSearchHints } from '../../toolkit/registry.js';
import { idsAsOne } from './evidence.js';
import type { Weights } from './factors.js';
import { pairsAcross, phraseText, termsOf, tokens, type Synonyms } from './text.js';

export interface IndexedTool {
  tool: ToolDefinition;
  /**
   * Each field's own words, and apart the words its synonyms add: those count less, so a tool's text
   * saying "available" does not make it a tool for availability.
   */
  fields: Array<{ weight: number; words: Set<string>; echoes: Set<string>; requests?: boolean }>;
  /** The terms of its name: a request holding all of them names the tool itself ("get ticket"). */
  name: string[];
  /** Consecutive term pairs of its name, aliases and examples: a phrase match outweighs two loose words. */
  pairs: Set<string>;
  /** The terms of each alias and of each example query. */
  aliases: Array<Set<string>>;
  examples: Array<Set<string>>;
  /** The terms of each request its system's phrasing list holds for it. */
  phrasings: Array<{ text: string; terms: Set<string> }>;
  hints: SystemSearchHints;
  phrases: readonly string[];
}

export const asPhrase = (words: string): string => phraseText(tokens(words));

/** A tool's index entry; `learn` is told every text, for the vocabulary typos are corrected to. */
export function indexTool(
  tool: ToolDefinition,
  system: SystemRecord | undefined,
  synonyms: Synonyms,
  weights: Weights,
  learn: (text: string) => void,
): IndexedTool {
  const examples = tool.hints.examples.map((e) => e.query);
  const phrasings = system?.search?.phrasings?.[tool.name] ?? [];
  const texts = [
    `${tool.name.replace(/_/g, ' ')} ${tool.title ?? ''}`,
    tool.hints.aliases.join(' '),
    examples.join(' '),
    `${tool.description} ${tool.hints.when_to_use}`,
    phrasings.join(' '),
  ];
  texts.forEach(learn);
  const fieldOf = (weight: number, text: string, requests = false) => {
    const words = new Set(termsOf(tokens(text)));
    const echoes = new Set(termsOf(tokens(text), synonyms).filter((t) => !words.has(t)));
    return { weight, words, echoes, requests };
  };
  const termSet = (text: string) => new Set(idsAsOne(termsOf(tokens(text), synonyms)));
  const pairs = [texts[0], ...tool.hints.aliases, ...examples, ...phrasings].flatMap((t) =>
    pairsAcross(tokens(t), synonyms),
  );
  return {
    tool,
    fields: [
      fieldOf(4, texts[0]),
      fieldOf(3, texts[1]),
      fieldOf(2, texts[2], true),
      fieldOf(1.5, texts[3]),
      fieldOf(weights.phrasingWords, texts[4], true),
      fieldOf(1, `${tool.system} ${system?.keywords.join(' ') ?? ''}`),
    ],
    pairs: new Set(pairs),
    name: termsOf(tool.name.split('_')),
    aliases: tool.hints.aliases.map((a) => new Set(termsOf(tokens(a), synonyms))),
    examples: examples.map(termSet),
    phrasings: phrasings.map((text) => ({ text, terms: termSet(text) })),
    hints: system?.search ?? {},
    phrases: (system?.search?.phrases?.[tool.name] ?? []).map(asPhrase),
  };
}
