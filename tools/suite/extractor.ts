import { viaDirectory, type GraphBatch } from '../../src/graph/ingest/batch.js';
import { extractorOf, readsResultsOf } from '../../src/graph/ingest/tool-readers.js';
import { getCalendar, listCalendars } from './calendar/calendars.js';
import { getEvent, listAllEvents, listEvents } from './calendar/events.js';
import { getMessage, listMessages } from './chat/messages.js';
import type { Message } from './chat/schemas.js';
import { getMember, getSpace, listMembers, listSpaces } from './chat/spaces.js';
import * as mail from './mail/read.js';
import { readAttendees, readCorrespondents } from './own-people.js';

/**
 * How the graph reads Google Chat messages: each sender whose email the space's membership confirmed is that
 * colleague's person node, known by their Chat user id (`users/<id>`) too; a sender without one stays unlinked.
 * Mail messages and calendar events name the caller's correspondents and attendees (see `own-people.ts`:
 * outsiders are the caller's private contacts). Calendars, mail labels and the spaces themselves are not read
 * into the graph (yet).
 */
export const extractSuite = extractorOf(
  [
    readsResultsOf(listMessages, ({ result }, batch) => result.messages.forEach((m) => sender(batch, m))),
    readsResultsOf(getMessage, ({ result }, batch) => sender(batch, result)),
    readsResultsOf(mail.listMessages, ({ result, viewer }, batch) =>
      readCorrespondents(batch, viewer, result.messages),
    ),
    readsResultsOf(mail.getMessage, ({ result, viewer }, batch) => readCorrespondents(batch, viewer, [result])),
    readsResultsOf(mail.getThread, ({ result, viewer }, batch) => readCorrespondents(batch, viewer, result.messages)),
    readsResultsOf(listEvents, ({ result, viewer }, batch) => readAttendees(batch, viewer, result.events)),
    readsResultsOf(listAllEvents, ({ result, viewer }, batch) => readAttendees(batch, viewer, result.events)),
  ],
  [
    listCalendars,
    getCalendar,
    // Its example's id is not one of the demo calendar's events; its attendees are those the lists read.
    getEvent,
    // Summaries without addresses: the messages of a thread are read from suite_get_mail_thread.
    mail.listThreads,
    mail.listLabels,
    mail.getLabel,
    listSpaces,
    getSpace,
    listMembers,
    getMember,
  ],
);

function sender(batch: GraphBatch, message: Message): void {
  const { name, email, displayName } = message.sender;
  if (name.startsWith('users/') && email)
    batch.person(viaDirectory({ email, googleChatId: name }), { name: displayName ?? undefined });
}
