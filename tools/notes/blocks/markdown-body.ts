import type { Client } from '@notionhq/client';
import type { BlockNode } from './types.js';
import { withUserMentions, type Mentionable } from './user-mentions.js';

// The Markdown parser and printer are the largest packages the notes tools use, and only the calls that
// read or write a page's body need them: they load on the first such call, not with the tools (an MCP
// host waits for those at start-up).

/** Appends Markdown under a page or block as Notion blocks; `@Name` of one of `people` becomes a mention. */
export async function appendMarkdown(
  client: Client,
  parentId: string,
  markdown: string,
  people: readonly Mentionable[],
): Promise<{ blocks: number; requests: number }> {
  const [{ markdownToBlocks }, { appendBlocks }] = await Promise.all([
    import('./from-markdown.js'),
    import('./append.js'),
  ]);
  return appendBlocks(client, parentId, withUserMentions(markdownToBlocks(markdown), people));
}

/** Blocks as Markdown. */
export async function markdownOf(blocks: readonly BlockNode[]): Promise<string> {
  return (await import('./to-markdown.js')).blocksToMarkdown(blocks);
}
