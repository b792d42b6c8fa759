import type { WorkspaceSeed } from '../../fake-upstream.js';
import type { Person } from '../../seed/people.js';
import type { Random } from '../../seed/random.js';
import type { AccessRole, CalendarRecord, CalendarStore, EventAttendee, StoredEvent } from './model.js';
import { isoDate, wallTimeToInstant, zonedDateTime, zoneOfLocation } from './zones.js';

const DAY = 86_400_000;
const HISTORY_DAYS = 60;
const AHEAD_DAYS = 30;
const MEETINGS = [
  'Design review',
  'Sprint planning',
  'Incident retro',
  'Roadmap sync',
  'Architecture deep dive',
  'Customer call',
  'Hiring debrief',
  'Demo prep',
];
const ALL_DAY = ['Out of office', 'Team offsite', 'Conference', 'Public holiday'];
const RESPONSES: EventAttendee['responseStatus'][] = [
  'accepted',
  'accepted',
  'accepted',
  'tentative',
  'declined',
  'needsAction',
];

/** The team calendar's id, shared by the workspace's people. */
export const teamCalendarId = (domain: string): string => `c_team.${domain.split('.')[0]}@group.calendar.google.com`;

const identity = (person: Person) => ({ email: person.email, displayName: person.name });

function calendarOf(
  id: string,
  summary: string,
  timeZone: string,
  access: Array<[number, AccessRole]>,
  colorId: string,
  primaryOf?: number,
): CalendarRecord {
  return { id, summary, timeZone, access: new Map(access), primaryOf, colorId };
}

/**
 * Every person's primary calendar (id = email, in the zone of their location); a team calendar owned by
 * the lead and shared with everyone (writers) but the last person; with `scale > 1` nine more calendars
 * each so ten calendars per user can be listed. Events: a weekday standup (recurring) and weekly 1:1s
 * with the lead, meetings with attendees and answers, and all-day events, ~60 days back and 30 ahead.
 */
export function seedCalendar(workspace: WorkspaceSeed): CalendarStore {
  const random = workspace.random.fork('google-calendar');
  const { people } = workspace;
  const lead = people.find((p) => p.role === 'lead') ?? people[0];
  const store: CalendarStore = { calendars: new Map(), events: new Map(), nextEventNumber: 1 };
  const add = (calendar: CalendarRecord) => {
    store.calendars.set(calendar.id, calendar);
    store.events.set(calendar.id, []);
  };
  for (const person of people) {
    add(
      calendarOf(
        person.email,
        person.email,
        zoneOfLocation(person.location),
        [[person.index, 'owner']],
        String(1 + (person.index % 24)),
        person.index,
      ),
    );
    for (let extra = 1; workspace.scale > 1 && extra <= 9; extra++)
      add(
        calendarOf(
          `c_${person.login}.${extra}@group.calendar.google.com`,
          `${person.first}'s calendar ${extra}`,
          zoneOfLocation(person.location),
          [[person.index, 'owner']],
          String(extra),
        ),
      );
  }
  const team = calendarOf(
    teamCalendarId(workspace.identity.domain),
    `${workspace.identity.orgName} team`,
    zoneOfLocation(lead.location),
    people.slice(0, -1).map((p) => [p.index, p.index === lead.index ? 'owner' : 'writer']),
    '9',
  );
  team.description = 'Rituals of the whole team';
  add(team);

  const today = Math.floor(workspace.now / DAY) * DAY;
  const first = today - HISTORY_DAYS * DAY;
  const created = first - 7 * DAY;
  const ids = idMaker(random);
  const place = (calendarId: string, event: StoredEvent) => store.events.get(calendarId)!.push(event);
  const timed = (organizer: Person, zone: string, day: number, minutes: number, length: number) => {
    const startMs = wallTimeToInstant(day, minutes, zone);
    return {
      startMs,
      endMs: startMs + length * 60_000,
      start: { dateTime: zonedDateTime(startMs, zone), timeZone: zone },
      end: { dateTime: zonedDateTime(startMs + length * 60_000, zone), timeZone: zone },
      organizer: identity(organizer),
      creator: identity(organizer),
    };
  };
  const attendeesOf = (
    organizer: Person,
    guests: Person[],
    answers: () => EventAttendee['responseStatus'],
  ): EventAttendee[] => [
    { ...identity(organizer), organizer: true, responseStatus: 'accepted' },
    ...guests.map((g) => ({ ...identity(g), responseStatus: answers() })),
  ];

  const standupZone = team.timeZone;
  place(team.id, {
    id: ids(),
    status: 'confirmed',
    summary: 'Daily standup',
    description: 'What moved, what is stuck.',
    ...timed(lead, standupZone, first, 9 * 60 + 30, 15),
    recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    attendees: attendeesOf(lead, people.filter((p) => p !== lead).slice(0, -1), () => 'accepted'),
    created,
    updated: created,
    sequence: 0,
  });
  for (const person of people) {
    if (person === lead) continue;
    const zone = zoneOfLocation(lead.location);
    place(lead.email, {
      id: ids(),
      status: 'confirmed',
      summary: `${lead.first} / ${person.first} 1:1`,
      ...timed(lead, zone, first + (person.index % 5) * DAY, 14 * 60 + (person.index % 4) * 30, 30),
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=13'],
      attendees: attendeesOf(lead, [person], () => 'accepted'),
      created,
      updated: created,
      sequence: 0,
    });
  }
  for (const organizer of people) {
    const zone = zoneOfLocation(organizer.location);
    for (let n = 0; n < 8; n++) {
      const day = first + random.int(0, HISTORY_DAYS + AHEAD_DAYS - 1) * DAY;
      const guests = random.sample(
        people.filter((p) => p !== organizer),
        random.int(1, 3),
      );
      const withMeet = random.chance(0.5);
      const id = ids();
      place(organizer.email, {
        id,
        status: 'confirmed',
        summary: random.pick(MEETINGS),
        location: withMeet ? undefined : `Room ${random.int(1, 9)}`,
        ...timed(organizer, zone, day, random.int(10, 16) * 60, random.pick([30, 45, 60])),
        attendees: attendeesOf(organizer, guests, () => random.pick(RESPONSES)),
        conferenceData: withMeet ? meetConference(random) : undefined,
        created: day - 3 * DAY,
        updated: day - 2 * DAY,
        sequence: 0,
      });
    }
    const day = first + random.int(0, HISTORY_DAYS + AHEAD_DAYS - 3) * DAY;
    const length = random.int(1, 3);
    place(organizer.email, {
      id: ids(),
      status: 'confirmed',
      summary: random.pick(ALL_DAY),
      start: { date: isoDate(day) },
      end: { date: isoDate(day + length * DAY) },
      startMs: day,
      endMs: day + length * DAY,
      organizer: identity(organizer),
      creator: identity(organizer),
      created: day - 10 * DAY,
      updated: day - 10 * DAY,
      sequence: 0,
    });
  }
  return store;
}

function idMaker(random: Random): () => string {
  const base32hex = '0123456789abcdefghijklmnopqrstuv';
  return () => Array.from({ length: 26 }, () => base32hex[random.int(0, 31)]).join('');
}

function meetConference(random: Random): Record<string, unknown> {
  const letters = () => Array.from({ length: 3 }, () => 'abcdefghijklmnopqrstuvwxyz'[random.int(0, 25)]).join('');
  const code = `${letters()}-${letters()}${letters().slice(0, 1)}-${letters()}`;
  return {
    conferenceId: code,
    conferenceSolution: {
      key: { type: 'hangoutsMeet' },
      name: 'Google Meet',
      iconUri:
        'https://fonts.gstatic.com/s/i/productlogos/meet_2020q4/v6/web-512dp/logo_meet_2020q4_color_2x_web_512dp.png',
    },
    entryPoints: [
      { entryPointType: 'video', uri: `https://meet.google.com/${code}`, label: `meet.google.com/${code}` },
    ],
  };
}
