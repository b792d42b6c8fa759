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
 * The read tools whose results carry what people wrote, by system and tool name: issues, pull requests
 * and comments; tickets and comments; Slack and Google Chat messages; mail; wiki and Notion pages;
 * documents; CRM records' notes; calendar events. Their results say who wrote which field
 * (`untrusted_content`); catalog entities (repositories, projects, spaces, users, labels) do not.
 */
const PEOPLE_TEXT_TOOLS: Readonly<Record<string, RegExp>> = {
  code_host: /issue|pull_request|_prs|comment|my_code_host_work/,
  ticketing: /ticket|issue|comment|my_ticketing_work/,
  chat: /message|repl/,
  team_chat: /message/,
  suite: /mail_message|mail_thread|_message|_event/,
  calendar: /event/,
  wiki: /page|comment|search|my_wiki_work/,
  notes: /page|search|query_database/,
  unified_notes: /page|comment/,
  documents: /get_document|query_documents/,
  crm: /contact|lead|opportunit|account/,
};

export const carriesPeopleText = (tool: { system: string; name: string; capability: CapabilitySpec }): boolean =>
  tool.capability.type === 'read' && (PEOPLE_TEXT_TOOLS[tool.system]?.test(tool.name) ?? false);

/**
 * What the governance adds to a result holding people's text: `{system, authors: [{author, organisation:
 * inside|outside|unknown, fields}], flagged: [{path, author, rules}]}`. Declared briefly: every such tool's
 * listing carries it.
 */
export const UNTRUSTED_CONTENT_PROPERTY: JsonSchema = {
  type: 'object',
  description: 'Who wrote which fields, inside or outside the organisation; flagged: instruction-like text',
};
