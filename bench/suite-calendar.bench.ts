import { loadConfig } from '../src/config/config.js';
import { silentLogger } from '../src/config/logger.js';
import { createDemoApp } from '../src/demo/start-demo.js';
import type { StoredEvent } from '../src/sandbox/google/calendar/model.js';
import type { GoogleState } from '../src/sandbox/google/index.js';
import { SANDBOX_EPOCH } from '../src/sandbox/server.js';
import { median, percentile, time, type BenchResult } from './lib.js';

/**
 * suite_list_all_events through the executor, googleapis talking to the Google fake over HTTP: the
 * calendar list, one events page per calendar (fan-out) and the merge by start time, over 10 calendars
 * of 100 events each; against suite_list_events reading the same 1,000 events from one calendar in the
 * same run, so the ratio is the cost of the fan-out and merge.
 */
const SUITE = 'suite';
const CALENDARS = 10;
const PER_CALENDAR = 100;
const HOUR = 3_600_000;

function eventsFor(
  calendarId: string,
  owner: { email: string; name: string },
  count: number,
  offset: number,
): StoredEvent[] {
  const base = SANDBOX_EPOCH + 24 * HOUR;
  return Array.from({ length: count }, (_, i) => {
    // Interleaved across calendars, so the merge really sorts.
    const startMs = base + (i * CALENDARS + offset) * HOUR;
    const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
    return {
      id: `bench${offset}x${i}`,
      status: 'confirmed',
      summary: `Bench event ${i} of ${calendarId}`,
      start: { dateTime: iso(startMs), timeZone: 'UTC' },
      end: { dateTime: iso(startMs + HOUR / 2), timeZone: 'UTC' },
      startMs,
      endMs: startMs + HOUR / 2,
      attendees: [{ email: owner.email, displayName: owner.name, responseStatus: 'accepted', organizer: true }],
      organizer: { email: owner.email, displayName: owner.name },
      creator: { email: owner.email, displayName: owner.name },
      created: SANDBOX_EPOCH,
      updated: SANDBOX_EPOCH,
      sequence: 0,
    };
  });
}

export async function run(): Promise<BenchResult[]> {
  const config = loadConfig(
    {
      CONSTELLATION_ENV: 'test',
      CONSTELLATION_API_KEY: 'bench-api-key-0123456789',
      CONSTELLATION_JWT_SECRET: 'bench-jwt-secret-0123456789-0123456789',
    },
    { databaseFile: ':memory:', demo: true, port: 0, logLevel: 'error' },
  );
  const { app, demo } = await createDemoApp(
    config,
    { clock: { now: () => SANDBOX_EPOCH + 12 * HOUR }, log: silentLogger },
    { rateLimits: 'count' },
  );
  const caller = demo.callerOf('acme');
  const google = demo.sandbox.state<GoogleState>('/google', 'acme');
  const index = google.people.findIndex((p) => p.email === caller.userEmail);
  const owner = google.people[index];
  const store = google.calendar;
  // The bench user sees exactly the bench calendars: the seed's are hidden from them.
  for (const calendar of store.calendars.values()) calendar.access.delete(index);
  const add = (id: string, events: StoredEvent[]) => {
    store.calendars.set(id, { id, summary: id, timeZone: 'UTC', access: new Map([[index, 'owner']]), colorId: '1' });
    store.events.set(id, events);
  };
  for (let c = 0; c < CALENDARS; c++)
    add(`bench-${c}@group.calendar.google.com`, eventsFor(`bench-${c}`, owner, PER_CALENDAR, c));
  const window = {
    time_min: new Date(SANDBOX_EPOCH).toISOString(),
    time_max: new Date(SANDBOX_EPOCH + 2000 * HOUR).toISOString(),
  };
  const execute = (tool: string, args: Record<string, unknown>) =>
    app.executor.execute(caller, app.registry.find(tool, 'suite')!, args);
  try {
    const merged = (await execute('list_all_events', { ...window, max_results_per_calendar: PER_CALENDAR })) as {
      events: unknown[];
    };
    if (merged.events.length !== CALENDARS * PER_CALENDAR)
      throw new Error(`expected ${CALENDARS * PER_CALENDAR} events, got ${merged.events.length}`);
    const all = (
      await time(() => execute('list_all_events', { ...window, max_results_per_calendar: PER_CALENDAR }), 30, 5)
    ).sort((a, b) => a - b);

    const single = 'bench-single@group.calendar.google.com';
    add(single, eventsFor('bench-single', owner, CALENDARS * PER_CALENDAR, 0));
    const one = (
      await time(
        () => execute('list_events', { calendar_id: single, ...window, max_results: CALENDARS * PER_CALENDAR }),
        30,
        5,
      )
    ).sort((a, b) => a - b);
    const note = `${CALENDARS} calendars x ${PER_CALENDAR} events`;
    return [
      {
        suite: SUITE,
        name: `list_all_events, ${CALENDARS} calendars, ${CALENDARS * PER_CALENDAR} events (median)`,
        value: median(all),
        unit: 'ms',
        note,
      },
      {
        suite: SUITE,
        name: `list_all_events, ${CALENDARS} calendars, ${CALENDARS * PER_CALENDAR} events (p90)`,
        value: percentile(all, 90),
        unit: 'ms',
      },
      {
        suite: SUITE,
        name: `list_events, 1 calendar, ${CALENDARS * PER_CALENDAR} events (median)`,
        value: median(one),
        unit: 'ms',
      },
      {
        suite: SUITE,
        name: `list_events, 1 calendar, ${CALENDARS * PER_CALENDAR} events (p90)`,
        value: percentile(one, 90),
        unit: 'ms',
      },
      {
        suite: SUITE,
        name: 'all-calendars merge / single calendar, same events (median ratio)',
        value: median(all) / median(one),
        unit: 'x',
      },
    ];
  } finally {
    await app.close();
  }
}
