import type { User } from '@apideck/unify/models/components/user.js';
import { directoryRead } from '../../src/graph/service/identity-directory.js';
import type { UnifyClient } from '../../src/integrations/apideck/client.js';
import type { Clock } from '../../src/toolkit/context.js';
import { AppError } from '../../src/toolkit/errors.js';
import { pageOf } from './apideck.js';

/** Apideck's largest page. */
const USERS_PAGE = 200;

/** The email of each user of the tenant's connected CRM (`GET /crm/users`, every page), by user id. */
async function readUsers(unify: UnifyClient): Promise<ReadonlyMap<string, string>> {
  const { crmUsersList } = await import('@apideck/unify/funcs/crmUsersList.js');
  const emails = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = pageOf<User>(
      (await unify.call((core) => crmUsersList(core, { cursor, limit: USERS_PAGE }))).getUsersResponse,
      'users',
    );
    for (const user of page.records) {
      const email = (user.emails.find((e) => e.type === 'primary') ?? user.emails[0])?.email?.trim().toLowerCase();
      if (user.id && email) emails.set(user.id, email);
    }
    cursor = page.next ?? undefined;
  } while (cursor);
  return emails;
}

/** A connector that offers no user list answers so for as long as a directory is kept: no read each call. */
async function readUsersIfOffered(unify: UnifyClient): Promise<ReadonlyMap<string, string>> {
  try {
    return await readUsers(unify);
  } catch (error) {
    if (error instanceof AppError && (error.upstreamStatus === 501 || error.upstreamStatus === 404))
      return new Map<string, string>();
    throw error;
  }
}

/**
 * The CRM users' emails, from the tenant's short-lived user directory: what ties a record's owner id to a
 * colleague. A failed read answers none, so an owner stays an id rather than being guessed.
 */
export function ownerEmails(unify: UnifyClient, clock: Clock): Promise<ReadonlyMap<string, string>> {
  return directoryRead(unify, clock, 'crm-users', () => readUsersIfOffered(unify)).catch(
    () => new Map<string, string>(),
  );
}
