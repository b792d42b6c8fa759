import type { GraphBatch, Handle } from '../../src/graph/ingest/batch.js';
import type { MentionPattern } from '../../src/graph/ingest/mentions.js';
import type { Properties } from '../../src/graph/types.js';

/** Common acronym-number pairs that look like ticket keys (`UTF-8`, `ISO-8601`). */
const NOT_PROJECT_KEYS = [
  'UTF',
  'SHA',
  'ISO',
  'RFC',
  'CVE',
  'HTTP',
  'TLS',
  'SSL',
  'PEP',
  'ECMA',
  'IPV',
  'MD',
  'AES',
  'RSA',
  'UTC',
  'GMT',
  'COVID',
  'ES',
  'GPT',
  'WCAG',
];

/** Ticket keys in free text (`PAY-123`): an issue of the project the key names. */
export const ticketMentions: readonly MentionPattern[] = [
  {
    nodeType: 'issue',
    pattern: /\b([A-Z][A-Z0-9]{1,9})-([1-9]\d{0,6})\b/g,
    join: '-',
    notGroups: [new RegExp(`^(?:${NOT_PROJECT_KEYS.join('|')})$`)],
    keyProperty: 'key',
    belongsTo: { nodeType: 'project', group: 1, property: 'project', keyProperty: 'key' },
  },
];

/** The project key of a ticket key (`PAY-123` → `PAY`). */
const projectOfKey = (key: string): string | undefined => /^([A-Z][A-Z0-9_]*)-\d+$/.exec(key)?.[1];

/** A ticket by key, with its project (created when missing) and BELONGS_TO. */
export function ticketNode(
  batch: GraphBatch,
  key: string,
  properties: Properties = {},
  projectKey = projectOfKey(key),
  reference = false,
): Handle | undefined {
  const fields = { key, ...properties, ...(projectKey ? { project: projectKey } : {}) };
  const handle = reference ? batch.ref('issue', key, fields) : batch.node('issue', key, fields);
  if (projectKey) batch.edge(handle, 'BELONGS_TO', batch.ref('project', projectKey, { key: projectKey }));
  return handle;
}
