import { defineTool } from '../../src/toolkit/define-tool.js';
import { FreeBusyBody } from './bodies.js';
import { GoogleCalendarProxy } from './google.js';
import { freeBusyOf, FreeBusySchema } from './records.js';

export const getFreeBusy = defineTool({
  system: 'calendar',
  name: 'get_free_busy',
  title: 'Free/busy of people in the connected calendar',
  description:
    'Busy intervals of each attendee (by email) between startDateTime and endDateTime, from the tenant’s connected calendar provider (unified calendar): one call for up to 50 people. An attendee whose calendar the provider cannot see carries an error instead.',
  capability: { type: 'read', name: 'calendar.free_busy' },
  input: FreeBusyBody,
  output: FreeBusySchema,
  hints: {
    aliases: ['free busy', 'availability', 'when are they free', 'find a meeting slot', 'busy times of colleagues'],
    when_to_use: 'To find when people are busy or free before scheduling a meeting.',
    not_for: 'Listing the events themselves (calendar_list_events).',
    examples: [
      {
        query: 'when are katherine and karen busy tomorrow',
        tool: 'get_free_busy',
        params: {
          startDateTime: '2026-11-24T08:00:00Z',
          endDateTime: '2026-11-24T18:00:00Z',
          attendees: ['katherined@acme.test', 'karenc@acme.test'],
        },
      },
    ],
  },
  async run({ client, args }) {
    const google = new GoogleCalendarProxy(client('unify'));
    const answer = await google.freeBusy({
      timeMin: args.startDateTime,
      timeMax: args.endDateTime,
      items: args.attendees.map((id) => ({ id })),
    });
    return freeBusyOf(answer, args.attendees);
  },
});
