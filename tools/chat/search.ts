import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { chatSession, type ChatSession } from './session.js';
import { isoOfTs, resolveMentions, senderOf, type Names, type RawMessage } from './shapes.js';

const SEARCH_CAP = 100;

export const MatchSchema = z.object({
  id: z.string().describe('The message ts'),
  provider: z.literal('slack'),
  channel_id: z.string(),
  channel_name: z.string().optional(),
  text: z.string(),
  sender: z.object({ id: z.string(), name: z.string(), email: z.string().optional() }),
  sent_at: z.string(),
  permalink: z.string().optional(),
});

interface RawMatch extends RawMessage {
  channel?: { id?: string; name?: string };
  permalink?: string;
}

export type Match = z.infer<typeof MatchSchema>;

/** One numbered page of Slack's search.messages, newest or oldest first by time or by score. */
export async function searchPage(
  session: ChatSession,
  query: { query: string; sort: 'timestamp' | 'score'; sort_dir: 'desc' | 'asc' },
  size: number,
  number: number,
): Promise<{ matches: RawMatch[]; total: number }> {
  const found = (await session.client.search.messages({ ...query, count: size, page: number })).messages ?? {};
  const matches = (found.matches ?? []) as RawMatch[];
  return { matches, total: found.paging?.total ?? found.total ?? matches.length };
}

/** A search hit as the tools show it: mentions resolved to names, the sender named. */
export const matchOf = (m: RawMatch, names: Names): Match => ({
  id: m.ts ?? '',
  provider: 'slack' as const,
  channel_id: m.channel?.id ?? '',
  ...(m.channel?.name ? { channel_name: m.channel.name } : {}),
  text: resolveMentions(m.text ?? '', names),
  sender: senderOf(m, names),
  sent_at: isoOfTs(m.ts),
  ...(m.permalink ? { permalink: m.permalink } : {}),
});

export const searchMessages = defineTool({
  system: 'chat',
  name: 'search_messages',
  title: 'Search Slack messages',
  description:
    'Searches every Slack message the user can see (channels, private channels, DMs) with Slack’s query syntax: words, from:<@U…>, in:#channel. Needs the user’s own token.',
  capability: { type: 'read', name: 'chat.messages.search' },
  input: z.object({
    query: z.string().min(1).max(500).describe('Words and Slack modifiers (from:<@U123>, in:#general)'),
    max_results: z.number().int().min(1).default(20).describe(`Matches per page (default 20, capped at ${SEARCH_CAP})`),
    page: z.number().int().min(1).max(100).default(1).describe('1-based page'),
    sort: z.enum(['timestamp', 'score']).default('timestamp').describe('Order by time (default) or relevance'),
    sort_dir: z.enum(['desc', 'asc']).default('desc').describe('Newest first (default) or oldest first'),
  }),
  list: { key: 'matches', defaultLimit: 20, limitAlias: 'max_results', pageNumberAlias: 'page' },
  item: MatchSchema,
  extra: z.object({
    total: z.number().int().describe('Matches in all, as Slack counts them'),
    paging: z
      .object({
        count: z.number().int(),
        total: z.number().int(),
        page: z.number().int(),
        pages: z.number().int(),
      })
      .describe('Slack’s own page numbers for this page size'),
  }),
  aliases: ['chatmessage:search', 'ChatMessage.search'],
  hints: {
    aliases: ['chatmessage:search', 'ChatMessage.search', 'search slack', 'find slack message', 'who said'],
    when_to_use: 'To find Slack messages by words, author or channel across the workspace.',
    not_for: 'Reading one channel in order (chat_list_messages); Google Chat (suite).',
    examples: [
      {
        query: 'find slack messages about the staging database',
        tool: 'search_messages',
        params: { query: 'staging database' },
      },
    ],
  },
  async run(ctx) {
    const { args, page } = ctx;
    const session = await chatSession(ctx, 'search');
    // Slack pages by number: read the numbered page holding the offset, and the next one when the
    // offset falls inside a page (a cursor from a page of another size).
    const size = Math.min(page.limit, SEARCH_CAP);
    const first = Math.floor(page.offset / size) + 1;
    const skip = page.offset - (first - 1) * size;
    const query = { query: args.query, sort: args.sort, sort_dir: args.sort_dir };
    const found = await searchPage(session, query, size, first);
    const total = found.total;
    let raw = found.matches;
    if (skip > 0 && first * size < total) raw = raw.concat((await searchPage(session, query, size, first + 1)).matches);
    const names = await session.names();
    const items = raw.slice(skip, skip + size).map((m) => matchOf(m, names));
    const paging = { count: size, total, page: first, pages: Math.max(1, Math.ceil(total / size)) };
    return { items, offsetApplied: true, total, extra: { total, paging } };
  },
});
