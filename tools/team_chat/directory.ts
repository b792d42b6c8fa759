import type { UnifyClient } from '../../src/integrations/apideck/client.js';
import type { Clock } from '../../src/toolkit/context.js';
import { nextCursorOf, slackCall } from './slack.js';

/** How long a workspace's member directory is kept: short, so that a new member or a changed email shows soon. */
const DIRECTORY_TTL_MS = 5 * 60_000;
const DIRECTORY_PAGE = 200;

interface Directory {
  expiresAt: number;
  emails: Promise<ReadonlyMap<string, string>>;
}

// Keyed by the tenant's client (one per tenant and credentials), so two tenants never share a directory.
const directories = new WeakMap<UnifyClient, Directory>();

type SlackMember = { id?: string; deleted?: boolean; is_bot?: boolean; profile?: { email?: string } };

/**
 * The email of each member of the tenant's Slack workspace (users.list, which gives emails with the
 * `users:read.email` scope), read once per few minutes per tenant. A failed read is not kept, and
 * answers no emails: an author stays a member id rather than being guessed.
 */
export function memberEmails(unify: UnifyClient, clock: Clock): Promise<ReadonlyMap<string, string>> {
  const cached = directories.get(unify);
  if (cached && cached.expiresAt > clock.now()) return cached.emails;
  const emails = readDirectory(unify);
  const entry = { expiresAt: clock.now() + DIRECTORY_TTL_MS, emails };
  directories.set(unify, entry);
  return emails.catch(() => {
    if (directories.get(unify) === entry) directories.delete(unify);
    return new Map<string, string>();
  });
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
