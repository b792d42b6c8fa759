import type { GraphBatch } from '../../src/graph/ingest/batch.js';
import { extractorOf, readsResultsOf } from '../../src/graph/ingest/tool-readers.js';
import { getCalendar, listCalendars } from './calendars.js';
import { createEvent, getEvent, listEvents, updateEvent } from './events.js';
import { getFreeBusy } from './free-busy.js';
import type { UnifiedCalendar, UnifiedEvent } from './records.js';

/**
 * How the graph reads calendar results: calendars, and events `LINKED_TO` the people their attendees and
 * organizer name by email (the same person nodes as in the other systems); free/busy links nothing but
 * names the people whose calendars the provider could read.
 */
export const extractCalendar = extractorOf([
  readsResultsOf(listCalendars, ({ result }, batch) => result.calendars.forEach((c) => calendar(batch, c))),
  readsResultsOf(getCalendar, ({ result }, batch) => calendar(batch, result)),
  readsResultsOf(listEvents, ({ result }, batch) => result.events.forEach((e) => event(batch, e))),
  readsResultsOf(getEvent, ({ result }, batch) => event(batch, result)),
  readsResultsOf(createEvent, ({ result }, batch) => event(batch, result)),
  readsResultsOf(updateEvent, ({ result }, batch) => event(batch, result)),
  readsResultsOf(getFreeBusy, ({ result }, batch) =>
    result.attendees.filter((a) => a.error === null).forEach((a) => batch.person({ email: a.email })),
  ),
]);

function calendar(batch: GraphBatch, c: UnifiedCalendar): void {
  batch.node('calendar', c.id, { id: c.id, name: c.name, timezone: c.timezone });
}

function event(batch: GraphBatch, e: UnifiedEvent): void {
  const node = batch.node('calendar_event', e.id, {
    id: e.id,
    title: e.title,
    start_datetime: e.start_datetime,
    end_datetime: e.end_datetime,
    location: e.location,
  });
  if (e.organizer_email) batch.edge(node, 'CREATED_BY', batch.person({ email: e.organizer_email }));
  for (const attendee of e.attendees)
    if (attendee.email)
      batch.edge(
        node,
        'LINKED_TO',
        batch.person({ email: attendee.email }, attendee.name ? { name: attendee.name } : {}),
      );
}
