import type { GoogleState } from '../src/sandbox/google/index.js';
import { SANDBOX_EPOCH } from '../src/sandbox/server.js';
import { startDemoBench } from './demo-app.js';
import { median, percentile, time, type BenchResult } from './lib.js';

/**
 * calendar_get_free_busy through the executor: `@apideck/unify`'s Proxy API to the Apideck fake, which
 * forwards to the Google Calendar fake over HTTP; 10 attendees (the workspace's people and outside
 * guests) over a 5-day window, with the Apideck
 * and Google requests one call costs.
 */
const SUITE = 'calendar';
const ATTENDEES = 10;
const DAYS = 5;

export async function run(): Promise<BenchResult[]> {
  const { app, demo, caller } = await startDemoBench();
  // Everyone in the workspace, then outside guests (the provider answers notFound for those) up to 10.
  const colleagues = demo.sandbox
    .state<GoogleState>('/google', 'acme')
    .people.slice(0, ATTENDEES)
    .map((p) => p.email);
  const emails = [
    ...colleagues,
    ...Array.from({ length: ATTENDEES - colleagues.length }, (_, i) => `guest${i + 1}@partner.test`),
  ];
  const tool = app.registry.find('get_free_busy', 'calendar')!;
  const args = {
    startDateTime: new Date(SANDBOX_EPOCH).toISOString(),
    endDateTime: new Date(SANDBOX_EPOCH + DAYS * 86_400_000).toISOString(),
    attendees: emails,
  };
  const ask = async () =>
    (await app.executor.execute(caller, tool, args)) as { attendees: Array<{ busy: unknown[]; error: string | null }> };
  try {
    // The tenant's first call also looks up its connected provider, which is then remembered.
    await ask();
    const before = demo.sandbox.faults.log.length;
    const answer = await ask();
    const known = answer.attendees.filter((a) => a.error === null).length;
    const busy = answer.attendees.reduce((sum, a) => sum + a.busy.length, 0);
    const log = demo.sandbox.faults.log.slice(before);
    const apideck = log.filter((r) => r.path.startsWith('/unify')).length;
    const google = log.filter((r) => r.path.startsWith('/google')).length;
    const samples = (await time(ask, 50, 5)).sort((a, b) => a - b);
    const note = `${known}/${ATTENDEES} calendars visible, ${busy} busy intervals; ${apideck} Apideck + ${google} Google requests per call after the tenant's first`;
    return [
      {
        suite: SUITE,
        name: `free-busy of ${ATTENDEES} attendees over ${DAYS} days (median)`,
        value: median(samples),
        unit: 'ms',
        note,
      },
      {
        suite: SUITE,
        name: `free-busy of ${ATTENDEES} attendees over ${DAYS} days (p90)`,
        value: percentile(samples, 90),
        unit: 'ms',
      },
      { suite: SUITE, name: 'Apideck requests per free-busy call', value: apideck, unit: 'requests' },
    ];
  } finally {
    await app.close();
  }
}
