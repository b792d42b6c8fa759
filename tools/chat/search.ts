import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { chatSession } from './session.js';
import { isoOfTs, resolveMentions, senderOf, type RawMessage } from './shapes.js';

const SEARCH_CAP = 100;

const MatchSchema = z.object({
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
  output: z.object({
    matches: z.array(MatchSchema),
    total: z.number().int(),
    paging: z.object({
      count: z.number().int(),
      total: z.number().int(),
      page: z.number().int(),
      pages: z.number().int(),
    }),
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
    const { args } = ctx;
    const session = await chatSession(ctx, 'search');
    const count = Math.min(args.max_results, SEARCH_CAP);
    const answer = await session.client.search.messages({
      query: args.query,
      count,
      page: args.page,
      sort: args.sort,
      sort_dir: args.sort_dir,
    });
    const names = await session.names();
    const found = answer.messages ?? {};
    const matches = ((found.matches ?? []) as RawMatch[]).map((m) => ({
      id: m.ts ?? '',
      provider: 'slack' as const,
      channel_id: m.channel?.id ?? '',
      ...(m.channel?.name ? { channel_name: m.channel.name } : {}),
      text: resolveMentions(m.text ?? '', names),
      sender: senderOf(m, names),
      sent_at: isoOfTs(m.ts),
      ...(m.permalink ? { permalink: m.permalink } : {}),
    }));
    const total = found.paging?.total ?? found.total ?? matches.length;
    return {
      matches,
      total,
      paging: {
        count,
        total,
        page: found.paging?.page ?? args.page,
        pages: found.paging?.pages ?? Math.max(1, Math.ceil(total / count)),
      },
    };
  },
});
