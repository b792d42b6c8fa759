import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutputChecker } from '../helpers/output-schemas.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** What the suite calendar and chat tools really return agrees with the output schemas the catalog publishes. */
let server: TestServer;
const checker = new OutputChecker(() => server.app.registry);
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Result = Record<string, unknown>;
async function run(name: string, args: Record<string, unknown> = {}): Promise<Result> {
  const definition = server.app.registry.find(name, 'suite');
  if (!definition) throw new Error(`no tool suite_${name}`);
  const result = (await server.app.executor.execute(server.callerFor('acme'), definition, args)) as Result;
  expect(checker.problems(definition, result), `${name} ${JSON.stringify(args)}`).toEqual([]);
  return result;
}

const CALENDAR_AND_CHAT = [
  'list_calendars',
  'get_calendar',
  'list_events',
  'list_all_events',
  'get_event',
  'create_event',
  'update_event',
  'delete_event',
  'list_spaces',
  'get_space',
  'list_messages',
  'get_message',
  'create_message',
  'update_message',
  'delete_message',
  'list_members',
  'get_member',
];

describe('suite calendar and chat results match their output schemas', () => {
  it('calendar tools', async () => {
    await run('list_calendars');
    await run('get_calendar', { calendar_id: 'primary' });
    const { events } = (await run('list_events', { max_results: 50 })) as { events: Array<{ id: string }> };
    await run('list_events', { order_by: 'updated', max_results: 50 });
    await run('list_all_events', { max_results_per_calendar: 20 });
    await run('get_event', { event_id: events[0].id });
    const created = (await run('create_event', {
      summary: 'Schema check',
      start_datetime: '2026-12-02T10:00:00Z',
      end_datetime: '2026-12-02T10:30:00Z',
    })) as { id: string };
    await run('update_event', { event_id: created.id, location: 'Room 1' });
    await run('delete_event', { event_id: created.id });
  });

  it('chat tools', async () => {
    const { spaces } = (await run('list_spaces', { filter: 'spaceType = "SPACE"' })) as {
      spaces: Array<{ name: string }>;
    };
    const space = spaces[0].name;
    await run('get_space', { space_id: space });
    const { messages } = (await run('list_messages', { space_id: space, max_results: 10 })) as {
      messages: Array<{ name: string }>;
    };
    await run('get_message', { space_id: space, message_id: messages[0].name });
    const { members } = (await run('list_members', { space_id: space })) as { members: Array<{ name: string }> };
    await run('get_member', { space_id: space, member_id: members[0].name });
    const sent = (await run('create_message', { space_id: space, text: 'Schema check' })) as { name: string };
    await run('update_message', { space_id: space, message_id: sent.name, text: 'Schema checked' });
    await run('delete_message', { space_id: space, message_id: sent.name });
  });

  it('every calendar and chat tool had a result checked', () => {
    expect(CALENDAR_AND_CHAT.filter((name) => !checker.checked.has(name))).toEqual([]);
  });
});
