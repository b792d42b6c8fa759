import { describe, expect, it } from 'vitest';
import { atlassianTime, isoMillis, isoSeconds, slackTs, wholeSeconds } from '../../src/sandbox/kit/index.js';

describe('timestamps as each upstream writes them', () => {
  const at = Date.UTC(2026, 9, 3, 12, 0, 5, 789);

  it('GitHub drops the millis, Notion and Google keep them, Atlassian writes an offset', () => {
    expect(wholeSeconds(at)).toBe(Date.UTC(2026, 9, 3, 12, 0, 5));
    expect(isoSeconds(at)).toBe('2026-10-03T12:00:05Z');
    expect(isoMillis(at)).toBe('2026-10-03T12:00:05.789Z');
    expect(atlassianTime(at)).toBe('2026-10-03T12:00:05.789+0000');
  });

  it('Slack timestamps keep microsecond slots so messages of one millisecond stay distinct and ordered', () => {
    expect(slackTs(at)).toBe(`${Math.floor(at / 1000)}.789000`);
    expect(slackTs(at, 1)).toBe(`${Math.floor(at / 1000)}.789001`);
    expect(Number(slackTs(at, 1))).toBeGreaterThan(Number(slackTs(at)));
  });
});
