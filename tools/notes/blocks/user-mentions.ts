import type { BlockNode, RichText } from './types.js';

/** Someone who can be mentioned: a workspace user's id and display name. */
export interface Mentionable {
  id: string;
  name: string;
}

const escape = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text run cut around `@Name` of known people, the names becoming user mentions with the run's style. */
function splitRun(item: RichText, pattern: RegExp, byName: ReadonlyMap<string, string>): RichText[] {
  const content = item.text?.content;
  if (content === undefined || item.annotations?.code || item.text?.link) return [item];
  const out: RichText[] = [];
  let last = 0;
  for (const match of content.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) out.push({ ...item, text: { content: content.slice(last, start), link: null } });
    out.push({
      type: 'mention',
      mention: { type: 'user', user: { id: byName.get(match[1].toLowerCase()) ?? '' } },
      annotations: item.annotations,
    });
    last = start + match[0].length;
  }
  if (out.length === 0) return [item];
  if (last < content.length) out.push({ ...item, text: { content: content.slice(last), link: null } });
  return out;
}

/**
 * Blocks whose `@Name` texts of workspace people become user mentions (as the page reads them back:
 * `@Name`); code, inline code and link texts are left alone, and names not in the workspace stay text.
 */
export function withUserMentions(nodes: readonly BlockNode[], people: readonly Mentionable[]): BlockNode[] {
  const named = people.filter((p) => p.name.trim());
  if (named.length === 0) return [...nodes];
  const byName = new Map(named.map((p) => [p.name.toLowerCase(), p.id]));
  // Longest names first, so "@Ada Lovelace" wins over "@Ada"; a name ends at a non-word character.
  const alternatives = [...byName.keys()].sort((a, b) => b.length - a.length).map(escape);
  const pattern = new RegExp(`(?<![\\w@])@(${alternatives.join('|')})(?![\\w])`, 'giu');
  const runs = (items: unknown): RichText[] => (items as RichText[]).flatMap((item) => splitRun(item, pattern, byName));
  return nodes.map((node) => {
    if (node.type === 'code') return node;
    const content = { ...node.content };
    if (Array.isArray(content.rich_text)) content.rich_text = runs(content.rich_text);
    if (Array.isArray(content.cells)) content.cells = (content.cells as unknown[]).map(runs);
    return { ...node, content, children: withUserMentions(node.children, named) };
  });
}
