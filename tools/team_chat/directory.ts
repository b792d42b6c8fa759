import { directoryRead } from '../../src/graph/service/identity-directory.js';
import type { UnifyClient } from '../../src/integrations/apideck/client.js';
import type { Clock } from '../../src/toolkit/context.js';
import { nextCursorOf, slackCall } from './slack.js';

const DIRECTORY_PAGE = 200;

type SlackMember = { id?: string; deleted?: boolean; is_bot?: boolean; profile?: { email?: string } };

/**
 * The email of each member of the tenant's Slack workspace (users.list, which gives emails with the
 * `users:read.email` scope), read once per few minutes per tenant. A failed read answers no emails: an author
 * stays a member id rather than being guessed.
 */
export function memberEmails(unify: UnifyClient, clock: Clock): Promise<ReadonlyMap<string, string>> {
  return directoryRead(unify, clock, 'slack-members', () => readDirectory(unify)).catch(
    () => new Map<string, string>(),
  );
}

async function readDirectory(unify: UnifyClient): Promise<ReadonlyMap<string, string>> {
  const emails = new Map<string, string>();
  let cursor: string | null = null;
  do {
    const answer = await slackCall(unify, 'users.list', { limit: DIRECTORY_PAGE, cursor: cursor ?? undefined });
    for (const member of (answer.members ?? []) as SlackMember[]) {
      const email = member.profile?.email?.trim().toLowerCase();
      if (member.id && email && !member.is_bot && !member.deleted) emails.set(member.id, email);
    }
    cursor = nextCursorOf(answer);
  } while (cursor);
  return emails;
}
