import { addressParser } from 'postal-mime';
import type { GraphBatch, Handle } from '../../src/graph/ingest/batch.js';
import type { Viewer } from '../../src/graph/ingest/extractor.js';
import type { Event } from './calendar/schemas.js';
import type { Message } from './mail/schemas.js';

/** A person a user's own record names by email (a mail's correspondent, a meeting's attendee). */
interface Named {
  email: string | null | undefined;
  name?: string | null;
}

/**
 * How the graph reads the people named in the mail and calendar of the user who called: one outside the
 * organisation is a `contact` private to that user (one node per user and address: never merged with a
 * colleague, nor by name, nor with the tenant's CRM contact of the same email, which stays as the CRM wrote
 * it), linked to the user in their view only; one inside it is the colleague's person node, joined by email,
 * with no edge, so that who meets or writes to whom stays with the user. A call without a user writes nothing.
 */
function readOwnPeople(batch: GraphBatch, viewer: Viewer | undefined, people: readonly Named[]): void {
  if (!viewer) return;
  const own = viewer.email.trim().toLowerCase();
  let user: Handle | undefined;
  for (const person of people) {
    const email = person.email?.trim().toLowerCase();
    if (!email || !email.includes('@') || email === own) continue;
    const name = person.name?.trim();
    const properties = name ? { name } : {};
    if (viewer.inOrganization(email)) {
      batch.person({ email }, properties);
      continue;
    }
    user ??= batch.person({ email: own });
    batch.edge(batch.privateNode(own, 'contact', email, { email, ...properties }), 'LINKED_TO', user);
  }
}

const ADDRESS_HEADERS = ['from', 'to', 'cc'] as const;

/** The mailboxes a message names in From, To and Cc: from its decoded view, else its headers (format metadata). */
function mailboxesOf(message: Message): Named[] {
  const header = (name: (typeof ADDRESS_HEADERS)[number]) =>
    message.decoded?.[name] ?? message.payload?.headers?.find((h) => h.name.toLowerCase() === name)?.value ?? null;
  return ADDRESS_HEADERS.flatMap((name) => {
    const value = header(name);
    return value ? addressParser(value, { flatten: true }) : [];
  }).map(({ address, name }) => ({ email: address, name }));
}

/** The correspondents of the caller's mail messages (see `readOwnPeople`). */
export const readCorrespondents = (batch: GraphBatch, viewer: Viewer | undefined, messages: readonly Message[]) =>
  readOwnPeople(batch, viewer, messages.flatMap(mailboxesOf));

/** The organizers and attendees of the caller's calendar events (see `readOwnPeople`). */
export const readAttendees = (batch: GraphBatch, viewer: Viewer | undefined, events: readonly Event[]) =>
  readOwnPeople(
    batch,
    viewer,
    events.flatMap((event) => [
      { email: event.organizer.email, name: event.organizer.displayName },
      ...event.attendees.map((a) => ({ email: a.email, name: a.displayName })),
    ]),
  );
