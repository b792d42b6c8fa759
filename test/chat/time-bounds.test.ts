import { describe, expect, it } from 'vitest';
import { slackTimeBound } from '../../tools/chat/time-bounds.js';

describe('chat time bounds: four forms', () => {
  it('keeps a message ts and a message id (the same string) as they are', () => {
    expect(slackTimeBound('1783454403.855019', 'oldest')).toBe('1783454403.855019');
    expect(slackTimeBound('1783454403.000200', 'latest')).toBe('1783454403.000200');
  });

  it('reads epoch seconds, as a string or a number', () => {
    expect(slackTimeBound('1783454403', 'oldest')).toBe('1783454403.000000');
    expect(slackTimeBound(1783454403, 'oldest')).toBe('1783454403.000000');
  });

  it('reads a bare date as midnight UTC', () => {
    expect(slackTimeBound('2026-10-01', 'oldest')).toBe(String(Date.UTC(2026, 9, 1) / 1000) + '.000000');
  });

  it('reads a datetime without an offset as UTC, and honours offsets', () => {
    const utc = Date.UTC(2026, 9, 1, 12, 30) / 1000;
    expect(slackTimeBound('2026-10-01T12:30:00', 'oldest')).toBe(`${utc}.000000`);
    expect(slackTimeBound('2026-10-01T12:30', 'oldest')).toBe(`${utc}.000000`);
    expect(slackTimeBound('2026-10-01T12:30:00Z', 'oldest')).toBe(`${utc}.000000`);
    expect(slackTimeBound('2026-10-01T14:30:00+02:00', 'oldest')).toBe(`${utc}.000000`);
    expect(slackTimeBound('2026-10-01T07:30:00-0500', 'oldest')).toBe(`${utc}.000000`);
    expect(slackTimeBound('2026-10-01T12:30:00.250Z', 'oldest')).toBe(`${utc}.250000`);
  });

  it('leaves an absent bound absent', () => {
    expect(slackTimeBound(undefined, 'oldest')).toBeUndefined();
    expect(slackTimeBound('', 'oldest')).toBeUndefined();
  });

  it.each([
    'yesterday',
    '2026-13-01',
    '2026-02-30',
    '2026-10-01T25:00',
    '12:30',
    '2026-10-01T12:30:00+2',
    '1.2.3',
    'NaN',
    '-5',
  ])('refuses %s with a 400 naming the bound', (bad) => {
    expect(() => slackTimeBound(bad, 'latest')).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        status: 400,
        message: expect.stringContaining('latest is not a time'),
      }),
    );
  });
});
