import type { CapabilitySpec } from './define-tool.js';
import type { JsonSchema } from './json-schema.js';

/**
 * What the executor adds to any result when some fan-out resources or gathered sources failed: one
 * vocabulary for every tool.
 */
export const PARTIAL_RESULT_PROPERTIES: JsonSchema = {
  partial: {
    type: 'boolean',
    description: 'Present (true) when some sources or resources could not be read: the result leaves them out',
  },
  failed_sources: {
    type: 'array',
    description: 'What could not be read, and why',
    items: {
      type: 'object',
      properties: {
        resource: { type: 'string' },
        error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } },
      },
    },
  },
};

/** What the executor adds to every analytical result: how old the figures are. */
export const CACHE_INFO_PROPERTY: JsonSchema = {
  type: 'object',
  description: 'Analytics cache: how old the figures are',
  properties: {
    status: {
      type: 'string',
      enum: ['fresh', 'stale', 'miss'],
      description:
        'fresh: from the cache (under 5 minutes old); stale: from the cache (under 1 hour), refreshed in the background; miss: computed for this call',
    },
    computed_at: { type: 'string', format: 'date-time', description: 'When the figures were computed' },
  },
};

/**
 * Systems whose read results carry what people wrote (issues and comments, tickets, chat, mail, pages,
 * documents, CRM notes, event descriptions): their results say who wrote which field (`untrusted_content`).
 */
const PEOPLE_TEXT_SYSTEMS = new Set([
  'code_host',
  'ticketing',
  'chat',
  'team_chat',
  'suite',
  'wiki',
  'notes',
  'unified_notes',
  'documents',
  'crm',
  'calendar',
]);

export const carriesPeopleText = (tool: { system: string; capability: CapabilitySpec }): boolean =>
  tool.capability.type === 'read' && PEOPLE_TEXT_SYSTEMS.has(tool.system);

/**
 * What the governance adds to a result holding people's text: `{system, authors: [{author, organisation:
 * inside|outside|unknown, fields}], flagged: [{path, author, rules}]}`. Declared briefly: every such tool's
 * listing carries it.
 */
export const UNTRUSTED_CONTENT_PROPERTY: JsonSchema = {
  type: 'object',
  description: 'Who wrote which fields, inside or outside the organisation; flagged: instruction-like text',
};
