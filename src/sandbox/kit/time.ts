/** How each upstream writes a moment (epoch milliseconds in the fakes' state). */

/** Epoch ms rounded down to whole seconds. */
export function wholeSeconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

/** ISO 8601 without millis: GitHub (`2026-10-03T12:00:00Z`). */
export function isoSeconds(ms: number): string {
  return new Date(wholeSeconds(ms)).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** ISO 8601 with millis: Notion, Google, Apideck (`2026-10-03T12:00:00.000Z`). */
export function isoMillis(ms: number): string {
  return new Date(ms).toISOString();
}

/** Atlassian's offset form (`2026-10-03T12:00:00.000+0000`). */
export function atlassianTime(ms: number): string {
  return new Date(ms).toISOString().replace(/Z$/, '+0000');
}

/** Slack's message timestamp: seconds with six decimals, unique per message (`1790000000.000100`). */
export function slackTs(ms: number, sequence = 0): string {
  return `${Math.floor(ms / 1000)}.${String((ms % 1000) * 1000 + sequence).padStart(6, '0')}`;
}
