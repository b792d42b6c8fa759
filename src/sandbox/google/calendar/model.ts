/** Calendar v3 as the fake stores it: calendars with their sharing, and events in Google's own shape. */

export type AccessRole = 'owner' | 'writer' | 'reader' | 'freeBusyReader';

export interface CalendarRecord {
  id: string;
  summary: string;
  description?: string;
  timeZone: string;
  /** Who may see it and how: the owner, and people it is shared with (by person index). */
  access: Map<number, AccessRole>;
  /** The person whose primary calendar it is, if it is one. */
  primaryOf?: number;
  colorId: string;
}

interface EventDateTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

export interface EventAttendee {
  email: string;
  displayName?: string;
  organizer?: boolean;
  self?: boolean;
  optional?: boolean;
  responseStatus: 'needsAction' | 'declined' | 'tentative' | 'accepted';
}

/** An event as stored; instants are kept beside Google's rendering so filters need no parsing. */
export interface StoredEvent {
  id: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  summary: string;
  description?: string;
  location?: string;
  start: EventDateTime;
  end: EventDateTime;
  startMs: number;
  endMs: number;
  /** `RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=n` style; expanded when `singleEvents=true`. */
  recurrence?: string[];
  attendees?: EventAttendee[];
  organizer: { email: string; displayName?: string };
  creator: { email: string; displayName?: string };
  conferenceData?: Record<string, unknown>;
  created: number;
  updated: number;
  sequence: number;
}

export interface CalendarStore {
  calendars: Map<string, CalendarRecord>;
  /** Events by calendar id, in insertion order. */
  events: Map<string, StoredEvent[]>;
  /** Counter for ids of events created through the API. */
  nextEventNumber: number;
}
