import type { ToolRunContext } from '../../../src/toolkit/define-tool.js';
import { DAY_MS, isoSeconds } from '../../../src/analytics/stats.js';
import { clip } from '../../../src/graph/ingest/read.js';
import { matchOf, searchPage } from '../../chat/search.js';
import { chatSession } from '../../chat/session.js';
import { eventsIn } from '../../suite/calendar/events.js';
import { eventOf } from '../../suite/calendar/schemas.js';
import type { SystemWork, WorkItem } from './schemas.js';

type Context = Pick<ToolRunContext<unknown>, 'client' | 'clock'>;

/** Most events of a day and most messages of a search read. */
const READ_MAX = 100;
const MENTION_TEXT = 200;

/** Google Calendar: the caller's own primary calendar, events overlapping today (UTC), with the caller's answer. */
export async function suiteWork(ctx: Context, email: string | undefined, limit: number): Promise<SystemWork> {
  const calendar = await ctx.client('google').calendar();
  const dayStart = Math.floor(ctx.clock.now() / DAY_MS) * DAY_MS;
  const day = { time_min: isoSeconds(dayStart), time_max: isoSeconds(dayStart + DAY_MS) };
  const { window, summary } = await eventsIn(calendar, 'primary', day, { offset: 0, limit: READ_MAX }, 'startTime');
  const events = window.records.map((e) => eventOf(e, 'primary', summary)).filter((e) => e.status !== 'cancelled');
  const items = events.slice(0, limit).map((event): WorkItem => ({
    kind: 'meeting',
    title: event.summary,
    status: event.attendees.find((a) => a.email.toLowerCase() === email?.toLowerCase())?.responseStatus ?? null,
    where: event.calendar_name ?? event.calendar_id,
    at: event.start.dateTime ?? event.start.date,
    url: event.htmlLink,
    node: { type: 'calendar_event', id: event.id },
  }));
  return { status: 'ok', items, total: events.length };
}

/**
 * Slack: messages of the last `days` by someone else that mention the caller, in a conversation where
 * the caller has posted nothing since (judged by their latest READ_MAX messages).
 */
export async function chatWork(ctx: Context, limit: number, days: number): Promise<SystemWork> {
  const session = await chatSession(ctx, 'search');
  const me = session.installation.authedUserId;
  if (!me) return { status: 'no_account', items: [], total: null, message: 'The Slack installation names no user' };
  const newestFirst = { sort: 'timestamp', sort_dir: 'desc' } as const;
  const [mentions, mine] = await Promise.all([
    searchPage(session, { query: `<@${me}>`, ...newestFirst }, READ_MAX, 1),
    searchPage(session, { query: `from:<@${me}>`, ...newestFirst }, READ_MAX, 1),
  ]);
  const lastPost = new Map<string, number>();
  for (const m of mine.matches) {
    const channel = m.channel?.id ?? '';
    lastPost.set(channel, Math.max(lastPost.get(channel) ?? 0, Number(m.ts)));
  }
  const since = (ctx.clock.now() - days * DAY_MS) / 1000;
  const unanswered = mentions.matches.filter(
    (m) => m.user !== me && Number(m.ts) >= since && Number(m.ts) > (lastPost.get(m.channel?.id ?? '') ?? 0),
  );
  const names = await session.names();
  const items = unanswered.slice(0, limit).map((raw): WorkItem => {
    const match = matchOf(raw, names);
    return {
      kind: 'mention',
      title: `${match.sender.name}: ${clip(match.text, MENTION_TEXT) ?? ''}`,
      status: null,
      where: match.channel_name ?? match.channel_id,
      at: match.sent_at,
      url: match.permalink ?? null,
      node: { type: 'chat_message', id: `${match.channel_id}/${match.id}` },
    };
  });
  return { status: 'ok', items, total: unanswered.length };
}
