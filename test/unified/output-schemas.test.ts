import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EPOCH } from '../../src/sandbox/server.js';
import { HOUR } from '../helpers/clock.js';
import { OutputChecker } from '../helpers/output-schemas.js';
import { checkedRunner, type Runner } from '../helpers/sandbox.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * What every tool of the unified families (crm, calendar, team_chat, unified_notes) returns through the sandbox's
 * unified API agrees with the output schema the catalog publishes, list tools' pages included.
 */
const SYSTEMS = ['crm', 'calendar', 'team_chat', 'unified_notes'] as const;
type System = (typeof SYSTEMS)[number];

let server: TestServer;
const checkers = {} as Record<System, OutputChecker>;
const runners = {} as Record<System, Runner>;
beforeAll(async () => {
  server = await startTestServer();
  for (const system of SYSTEMS) {
    checkers[system] = new OutputChecker(() => server.app.registry);
    runners[system] = checkedRunner(server, system, checkers[system]);
  }
}, 30_000);
afterAll(() => server.close());

type Row = Record<string, any>;
const idsOf = (rows: Row[]): string[] => rows.map((row) => row.id as string);

describe('unified family results match their output schemas', () => {
  it('crm: accounts, contacts, leads and opportunities, as listed, read, created and updated', async () => {
    const run = runners.crm;
    const { accounts, pagination } = await run('list_accounts', { limit: 10 });
    expect(pagination.has_more).toBe(true);
    await run('list_accounts', { limit: 100, cursor: pagination.next_cursor });
    await run('list_accounts', { name: accounts[0].name, limit: 5 });
    const [accountId] = idsOf(accounts);
    await run('get_account', { id: accountId });
    const bare = await run('create_account', { name: 'Schema Check Bare' });
    await run('create_account', {
      name: 'Schema Check Full',
      description: 'Checked',
      industry: 'Software',
      website: 'https://schema-check.example',
    });
    await run('update_account', { id: bare.id, industry: 'Fintech' });

    const { contacts } = await run('list_contacts', { limit: 100 });
    await run('list_contacts', { company_id: accountId });
    await run('get_contact', { id: contacts[0].id });
    const contact = await run('create_contact', { lastName: 'Bare' });
    await run('create_contact', {
      firstName: 'Jo',
      lastName: 'Check',
      email: 'jo@schema-check.example',
      title: 'CTO',
      companyId: accountId,
    });
    await run('update_contact', { id: contact.id, title: 'CEO' });

    const { leads } = await run('list_leads', { limit: 100 });
    await run('get_lead', { id: leads[0].id });
    const lead = await run('create_lead', { name: 'Sam Bare' });
    await run('create_lead', {
      name: 'Sam Check',
      email: 'sam@schema-check.example',
      companyName: 'Hooli',
      status: 'New',
      leadSource: 'Web',
      monetaryAmount: 1200.5,
      currency: 'EUR',
    });
    await run('update_lead', { id: lead.id, status: 'Qualified' });

    const { opportunities } = await run('list_opportunities', { limit: 100 });
    await run('list_opportunities', { status: 'Open', company_id: accountId });
    await run('get_opportunity', { id: opportunities[0].id });
    const deal = await run('create_opportunity', { title: 'Schema check deal' });
    await run('create_opportunity', {
      title: 'Schema check full deal',
      monetaryAmount: 25_000,
      currency: 'USD',
      winProbability: 40,
      closeDate: '2026-12-31',
      companyId: accountId,
    });
    await run('update_opportunity', { id: deal.id, status: 'Won', winProbability: 100, closeDate: '2026-12-01' });
  });

  it('crm: the other tenant’s CRM (another provider behind the unified API) reads back in the same shapes', async () => {
    for (const plural of ['accounts', 'contacts', 'leads', 'opportunities']) {
      const listed = (await runners.crm(`list_${plural}`, { limit: 100 }, 'globex'))[plural] as Row[];
      expect(listed.length, plural).toBeGreaterThan(0);
      await runners.crm(
        `get_${plural === 'opportunities' ? 'opportunity' : plural.slice(0, -1)}`,
        { id: listed[0].id },
        'globex',
      );
    }
  });

  it('calendar: calendars, events (timed, all-day, local) and free/busy', async () => {
    const run = runners.calendar;
    const { calendars } = await run('list_calendars');
    for (const calendar of calendars as Row[]) {
      await run('get_calendar', { calendar_id: calendar.id });
      await run('list_events', { calendar_id: calendar.id, limit: 100 });
    }
    const { events } = await run('list_events', { calendar_id: 'primary', limit: 50 });
    expect(events.length).toBeGreaterThan(0);
    const week = {
      time_min: new Date(SANDBOX_EPOCH).toISOString(),
      time_max: new Date(SANDBOX_EPOCH + 7 * 24 * HOUR).toISOString(),
    };
    await run('list_events', { calendar_id: 'primary', ...week });
    await run('list_events', { calendar_id: 'primary', q: 'no event says this', limit: 5 });
    await run('get_event', { calendar_id: 'primary', event_id: events[0].id });

    const attendees = [
      ...new Set((events as Row[]).flatMap((e) => (e.attendees as Row[]).map((a) => a.email as string))),
    ].slice(0, 3);
    const timed = await run('create_event', {
      calendar_id: 'primary',
      title: 'Schema check',
      description: 'Checked',
      location: 'Room 1',
      startDateTime: '2026-12-02T10:00:00Z',
      endDateTime: '2026-12-02T10:30:00Z',
      attendees,
    });
    const allDay = await run('create_event', {
      calendar_id: 'primary',
      title: 'Schema check day',
      startDateTime: '2026-12-03',
      endDateTime: '2026-12-04',
    });
    await run('create_event', {
      calendar_id: 'primary',
      title: 'Schema check local',
      startDateTime: '2026-12-05T09:00:00',
      endDateTime: '2026-12-05T10:00:00',
      timezone: 'Europe/Paris',
    });
    await run('update_event', { calendar_id: 'primary', event_id: timed.id, location: 'Room 2' });
    await run('delete_event', { calendar_id: 'primary', event_id: allDay.id });

    await run('get_free_busy', {
      startDateTime: '2026-12-01T00:00:00Z',
      endDateTime: '2026-12-08T00:00:00Z',
      attendees: [...attendees, 'nobody@unknown.example'],
    });
  });

  it('team_chat: channels, messages and members', async () => {
    const run = runners.team_chat;
    const { channels } = await run('list_channels', { limit: 100 });
    await run('list_channels', { exclude_archived: true, limit: 2 });
    const seeded = (channels as Row[]).reduce((most, c) =>
      (c.member_count ?? 0) > (most.member_count ?? 0) ? c : most,
    );
    await run('get_channel', { channel_id: seeded.id });
    await run('list_messages', { channel_id: seeded.id, limit: 20 });
    const { members } = await run('list_members', { channel_id: seeded.id });

    const room = await run('create_channel', { name: 'schema-check-room', description: 'Output schema checks' });
    await run('send_message', { channel_id: room.id, content: 'Plain message' });
    await run('send_message', { channel_id: room.id, subject: 'Subject line', content: 'With a subject' });
    await run('list_messages', { channel_id: room.id });
    const inRoom = new Set(idsOf((await run('list_members', { channel_id: room.id })).members));
    const newcomer = (members as Row[]).find((m) => !inRoom.has(m.id));
    await run('add_member', { channel_id: room.id, user_id: newcomer!.id });
  });

  it('unified_notes: databases, pages, folders and comments', async () => {
    const run = runners.unified_notes;
    const { databases } = await run('list_databases');
    const projects = (databases as Row[]).find((d) => d.name === 'Projects')!;
    const { pages, pagination } = await run('list_pages', { database_id: projects.id, limit: 2 });
    await run('list_pages', { database_id: projects.id, cursor: pagination.next_cursor });
    const at = { database_id: projects.id, page_id: pages[0].id };
    await run('get_page', at);
    const created = await run('create_page', {
      database_id: projects.id,
      name: 'Schema check',
      description: 'Checked',
      properties: { Status: 'Planning' },
    });
    await run('create_page', { database_id: projects.id, name: 'Schema check bare' });
    await run('update_page', {
      database_id: projects.id,
      page_id: created.id,
      description: 'Rechecked',
      archived: true,
    });
    const { folders } = await run('list_folders', { limit: 100 });
    const folder = await run('create_folder', { name: 'Schema check folder', parent_id: folders[0].id });
    await run('list_folders', { parent_id: folder.parent_id });
    const { comments } = await run('list_comments', at);
    await run('add_comment', { ...at, content: 'Schema check' });
    await run('add_comment', { ...at, content: 'Schema check reply', discussion_id: comments[0].discussion_id });
  });

  it('every tool of the unified systems had a result checked', () => {
    const unchecked = SYSTEMS.flatMap((system) =>
      server.app.registry
        .toolsOf(system)
        .filter((tool) => !checkers[system].checked.has(tool.name))
        .map((tool) => `${system}_${tool.name}`),
    );
    expect(unchecked).toEqual([]);
    for (const system of SYSTEMS) expect(server.app.registry.toolsOf(system).length, system).toBeGreaterThan(0);
  });
});
