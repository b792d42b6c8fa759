import type { chat_v1 } from '@googleapis/chat';
import { directoryRead } from '../../../src/graph/service/identity-directory.js';
import type { ToolRunContext } from '../../../src/toolkit/define-tool.js';
import { spaceName, type Message } from './schemas.js';

/**
 * At most this many emails are asked of a space's membership per directory life, this many at once: the first
 * read of a space waits for them, and they count against the user's Chat quota (60 reads a minute).
 */
export const MAX_CANDIDATES = 10;
const AT_ONCE = 5;
/** An email that can stand as the `{member}` segment of a membership's name as it is. */
const ASKABLE_EMAIL = /^[^\s/?#@]+@[^\s/?#@]+$/;

/**
 * The email of each sender (`users/<id>`) of a space among the caller's known colleagues. Google Chat gives no
 * email on a user, but answers a membership asked by a member's email with that member's `users/<id>`; so the
 * caller's own email, then the tenant's people already in the graph, are asked of the space (once per directory
 * life per client, which is the caller's own). Only an email Google confirmed is kept: nobody is guessed.
 */
export function senderEmails(
  ctx: Pick<ToolRunContext<unknown>, 'caller' | 'client' | 'clock' | 'services'>,
  space: string,
): Promise<ReadonlyMap<string, string>> {
  const google = ctx.client('google');
  return directoryRead(google, ctx.clock, `chat-members:${space}`, async () =>
    matchMembers(await google.chat(), space, await candidateEmails(ctx)),
  ).catch(() => new Map<string, string>());
}

/** `message` with its sender's email where Google gave none and the space's membership matched one. */
export const withSenderEmail = (message: Message, senders: ReadonlyMap<string, string>): Message =>
  message.sender.email || !senders.has(message.sender.name)
    ? message
    : { ...message, sender: { ...message.sender, email: senders.get(message.sender.name)! } };

async function candidateEmails(ctx: Pick<ToolRunContext<unknown>, 'caller' | 'services'>): Promise<string[]> {
  const known = await ctx.services.graph.search(ctx.caller.tenantId, 'user', {}, MAX_CANDIDATES).catch(() => []);
  const emails = [ctx.caller.userEmail, ...known.map((person) => person.properties.email)]
    .filter((email): email is string => typeof email === 'string')
    .map((email) => email.trim().toLowerCase())
    .filter((email) => ASKABLE_EMAIL.test(email));
  return [...new Set(emails)].slice(0, MAX_CANDIDATES);
}

async function matchMembers(
  chat: chat_v1.Chat,
  space: string,
  emails: readonly string[],
): Promise<ReadonlyMap<string, string>> {
  const senders = new Map<string, string>();
  for (let start = 0; start < emails.length; start += AT_ONCE) {
    const batch = emails.slice(start, start + AT_ONCE);
    const users = await Promise.all(batch.map((email) => memberByEmail(chat, space, email)));
    users.forEach((user, i) => {
      if (user && !senders.has(user)) senders.set(user, batch[i]);
    });
  }
  return senders;
}

/** The `users/<id>` of the space's member with `email`, or undefined when no member has it. */
async function memberByEmail(chat: chat_v1.Chat, space: string, email: string): Promise<string | undefined> {
  try {
    const { data } = await chat.spaces.members.get({ name: `${spaceName(space)}/members/${email}` });
    return data.member?.type === 'BOT' ? undefined : (data.member?.name ?? undefined);
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
}

/** A gaxios failure's HTTP status. */
const statusOf = (error: unknown): number | undefined =>
  (error as { response?: { status?: number } } | null)?.response?.status;
