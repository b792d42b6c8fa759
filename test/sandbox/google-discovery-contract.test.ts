import { describe, expect, it } from 'vitest';
import { loadDiscoveryContract } from '../helpers/discovery-contract.js';

const calendar = loadDiscoveryContract('google-calendar-v3.discovery.json');
const gmail = loadDiscoveryContract('google-gmail-v1.discovery.json');
const chat = loadDiscoveryContract('google-chat-v1.discovery.json');

describe('discovery contracts', () => {
  it('finds methods by verb and path template, the literal segment before a parameter', () => {
    expect(calendar.method('GET', 'calendar/v3/calendars/a%40b.test/events').id).toBe('calendar.events.list');
    expect(calendar.method('POST', 'calendar/v3/calendars/primary/events/quickAdd').id).toBe(
      'calendar.events.quickAdd',
    );
    expect(calendar.method('POST', 'calendar/v3/calendars/primary/events').id).toBe('calendar.events.insert');
    expect(gmail.method('GET', 'gmail/v1/users/me/messages/18c0ffee').id).toBe('gmail.users.messages.get');
    expect(chat.method('GET', 'v1/spaces/AAAA/messages').id).toBe('chat.spaces.messages.list');
    expect(() => calendar.method('GET', 'calendar/v3/nowhere')).toThrow(/no method/);
  });

  it('accepts a conforming body and reports a misspelt field, a wrong type and a bad enum', () => {
    const event = {
      kind: 'calendar#event',
      id: 'abc',
      start: { dateTime: '2026-11-02T09:00:00+01:00' },
      status: 'confirmed',
    };
    expect(calendar.check('GET', 'calendar/v3/calendars/primary/events/abc', event).errors).toEqual([]);
    expect(
      calendar.check('GET', 'calendar/v3/calendars/primary/events/abc', { ...event, summery: 'typo' }).errors.join(),
    ).toMatch(/additional/);
    expect(
      calendar
        .check('GET', 'calendar/v3/calendars/primary/events/abc', { ...event, start: '2026-11-02' })
        .errors.join(),
    ).toMatch(/object/);
    expect(
      calendar
        .check('GET', 'calendar/v3/calendars/primary/events/abc', { ...event, start: { dateTime: 'monday' } })
        .errors.join(),
    ).toMatch(/date-time/);
    expect(
      gmail.check('GET', 'gmail/v1/users/me/messages/x', { id: 'x', internalDate: 1700000000000 }).errors.join(),
    ).toMatch(/string/);
    expect(
      gmail.check('GET', 'gmail/v1/users/me/messages/x', { id: 'x', internalDate: '1700000000000', raw: 'SGk_LQ' })
        .errors,
    ).toEqual([]);
  });

  it('accepts an empty body from a method without a response', () => {
    expect(calendar.check('DELETE', 'calendar/v3/calendars/primary/events/abc', '').errors).toEqual([]);
  });
});
