import { dropNulls, payloadOf, recordsOf, type Json } from './payload.js';

/**
 * Token-cheap output for agents: the `data` payload only, null fields left out, no indentation.
 * A list becomes one compact JSON line per record, after a `# {...}` line with the payload's other
 * fields (count, pagination) when there are any; anything else is one compact JSON line
 * (a string payload is printed as is).
 */
export function formatAgent(body: unknown): string {
  const payload = payloadOf(body);
  if (typeof payload === 'string') return ensureNewline(payload);
  const list = recordsOf(payload);
  if (!list) return `${JSON.stringify(dropNulls(payload))}\n`;
  const lines: string[] = [];
  const rest = dropNulls(list.rest) as Record<string, Json>;
  if (Object.keys(rest).length) lines.push(`# ${JSON.stringify(rest)}`);
  for (const record of list.records) lines.push(JSON.stringify(dropNulls(record)));
  return lines.length ? `${lines.join('\n')}\n` : '';
}

const ensureNewline = (text: string): string => (text.endsWith('\n') ? text : `${text}\n`);
