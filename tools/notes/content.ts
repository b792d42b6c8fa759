import type { Client } from '@notionhq/client';
import { z } from 'zod';
import { memoryOf } from '../../src/integrations/client-memory.js';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { appendMarkdown, markdownOf } from './blocks/markdown-body.js';
import type { BlockNode } from './blocks/types.js';
import { forPage, pageIdOf, peopleOf } from './notion.js';
import { PageId } from './pages.js';
import { AppendResultSchema, PageContentSchema } from './schemas.js';

interface ApiBlock {
  id: string;
  type: string;
  has_children?: boolean;
  [type: string]: unknown;
}

/**
 * Nested lists one call fetches at most: each block with children costs a request and Notion allows
 * about three a second, so a wide page stops descending here (truncated) instead of spending the budget.
 */
const NESTED_READS = 100;

interface ReadState {
  count: number;
  truncated: boolean;
  nestedReads: number;
}

/** A page's or block's children, every page of them, read down to `depth` levels. */
async function readTree(client: Client, parentId: string, depth: number, state: ReadState): Promise<BlockNode[]> {
  const nodes: BlockNode[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.blocks.children.list({ block_id: parentId, start_cursor: cursor, page_size: 100 });
    for (const block of page.results as unknown as ApiBlock[]) {
      state.count += 1;
      let children: BlockNode[] = [];
      if (block.has_children) {
        if (depth > 1 && state.nestedReads < NESTED_READS) {
          state.nestedReads += 1;
          children = await readTree(client, block.id, depth - 1, state);
        } else state.truncated = true;
      }
      nodes.push({ type: block.type, content: (block[block.type] ?? {}) as Record<string, unknown>, children });
    }
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor);
  return nodes;
}

export const getPageContent = defineTool({
  system: 'notes',
  name: 'get_page_content',
  title: 'Read a Notion page as Markdown',
  description:
    'A Notion page body as Markdown: headings, bold, italic, code and links, nested bulleted, numbered and to-do lists, code with its language, quotes, callouts, dividers and tables; mentions read as @Name. Nested blocks are read down to max_depth levels and under at most 100 parents per call (Notion allows ~3 requests a second); truncated says when some were left out.',
  capability: { type: 'read', name: 'notes.pages.content' },
  input: z.object({
    page_id: PageId,
    max_depth: z
      .number()
      .int()
      .min(1)
      .max(10)
      .default(5)
      .describe('Levels of nested blocks to read (1 reads only top-level blocks)'),
  }),
  output: PageContentSchema,
  hints: {
    aliases: ['read notion page', 'notion page text', 'notion content', 'open notion doc'],
    when_to_use: 'To read what a Notion page says: a handbook, meeting notes, a spec.',
    not_for: 'The page’s properties (notes_get_page); finding the page first (notes_search).',
    examples: [
      {
        query: 'read notion page dc9f13700ef34507a3e656065b36748b',
        tool: 'get_page_content',
        params: { page_id: 'dc9f13700ef34507a3e656065b36748b' },
      },
    ],
  },
  async run({ client, args }) {
    const id = pageIdOf(args.page_id);
    const state: ReadState = { count: 0, truncated: false, nestedReads: 0 };
    const tree = await forPage(id, readTree(client('notion'), id, args.max_depth, state));
    return {
      page_id: id,
      markdown: await markdownOf(tree),
      block_count: state.count,
      max_depth: args.max_depth,
      truncated: state.truncated,
    };
  },
});

export const addPageContent = defineTool({
  system: 'notes',
  name: 'add_page_content',
  title: 'Append Markdown to a Notion page',
  description:
    'Append Markdown to the end of a Notion page as blocks (headings, paragraphs, nested lists, to-dos, code with language, quotes, dividers, tables); @Name of a workspace person becomes a mention. Long text is split into runs Notion accepts and large documents into several requests, never cut. Returns how many blocks were added.',
  capability: { type: 'action', name: 'notes.pages.append', idempotent: false },
  input: z.object({
    page_id: PageId,
    markdown: z.string().min(1).max(200_000).describe('What to append, in Markdown'),
  }),
  output: AppendResultSchema,
  hints: {
    aliases: ['write to notion', 'append to notion page', 'add notes to notion', 'notion meeting notes'],
    when_to_use: 'To add text, a checklist or a table to the end of an existing Notion page.',
    not_for: 'Creating a new page (notes_create_page); changing properties (notes_update_page).',
    examples: [
      {
        query: 'add the action items to notion page dc9f13700ef34507a3e656065b36748b',
        tool: 'add_page_content',
        params: { page_id: 'dc9f13700ef34507a3e656065b36748b', markdown: '## Actions\n\n- [ ] Ship API-12' },
      },
    ],
  },
  verify: (result) => (result.blocks_added > 0 ? undefined : 'no block was added'),
  async run({ client, args }) {
    const id = pageIdOf(args.page_id);
    const notion = client('notion');
    // `@Name` of a workspace person becomes a mention, as the page reads it back; the people list costs a request, so only when asked.
    const people = args.markdown.includes('@') ? [...(await peopleOf(notion, memoryOf(notion))).values()] : [];
    const { blocks, requests } = await forPage(id, appendMarkdown(notion, id, args.markdown, people));
    return { page_id: id, blocks_added: blocks, requests };
  },
});
