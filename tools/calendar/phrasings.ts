import type { ToolPhrasings } from '../../src/toolkit/registry.js';

/**
 * Requests a person might type for each tool, for the tool search only (see SystemSearchHints.phrasings):
 * the company's shared calendar through the tenant's connection, never the user's own Google account.
 */
export const phrasings: ToolPhrasings = {
  list_calendars: [
    'which calendars does the company have connected',
    'show the team calendars we share',
    'what shared calendars are on our workspace',
    'list every calendar in the connected account',
    'the org calendars the tenant hooked up',
    'what team calendars can we see',
  ],
  get_calendar: [
    'details of the engineering team calendar',
    'what time zone is the company calendar in',
    'is the shared ops calendar read only',
    'describe that team calendar',
    'info on the connected calendar by its id',
    'settings of the shared marketing calendar',
    'who can edit the company calendar',
  ],
  list_events: [
    "what's on the team calendar this week",
    'company meetings tomorrow on the shared calendar',
    'upcoming events in the connected calendar',
    'show the all-hands dates on the workspace calendar',
    'what is scheduled for the team on friday',
    'agenda of the shared engineering calendar next week',
    'find the offsite on the company calendar',
  ],
  get_event: [
    'details of that team event',
    'who is going to the company all-hands',
    'where is the team offsite held',
    'attendees of the shared calendar meeting',
    'show the event on the connected calendar by id',
    'when does the team planning event start',
    'show the connected calendar event and its responses',
    'which attendees accepted or declined the team event',
    'has everyone responded to the shared calendar invite',
  ],
  create_event: [
    'put a team retro on the shared calendar for thursday',
    'add the all-hands to the company calendar',
    'schedule a planning session on the team calendar',
    'book a slot on the connected calendar for the launch review',
    'create a company holiday on the workspace calendar',
    'new meeting on the team calendar with ada and grace',
  ],
  update_event: [
    'move the team retro to 3pm on the shared calendar',
    'push the company all-hands to next week',
    'rename the team sync on the connected calendar',
    'change the location of the team offsite',
    'shift the planning meeting on the team calendar by an hour',
    'change the time of the company all-hands',
    'invite ada to the team retro on the shared calendar',
  ],
  delete_event: [
    'cancel the team offsite on the company calendar',
    'remove the all-hands from the shared calendar',
    'drop the team sync from the connected calendar',
    'call off friday team lunch on the workspace calendar',
    'scrap that event on the team calendar',
    'the team offsite is off, take it out of the shared calendar',
    'remove the all-hands on the connected calendar',
  ],
  get_free_busy: [
    'when are ada and grace both free tomorrow',
    'find a time everyone on the team is available',
    'is linus busy thursday afternoon',
    'check availability of the team for a meeting',
    'open slots for ada@acme.test and grace@acme.test next week',
    'when can we all meet this week',
  ],
};
