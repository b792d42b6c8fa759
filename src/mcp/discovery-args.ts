import type { Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';

/**
 * The meta-tools' arguments: zod validates a call, and the JSON Schemas below are what `tools/list` shows. They
 * are written out rather than converted at load: the conversion cost a start 10 to 25 ms before its first list
 * (test/mcp/discovery-args.test.ts checks that each still equals its schema's conversion).
 */
export const SearchArgs = z.strictObject({
  query: z.string().min(1).max(500).describe('What you want to do, in plain words'),
  system: z.string().max(50).optional().describe('Only tools of this system, e.g. code_host'),
  limit: z.number().int().min(1).max(25).default(8),
});
export const DescribeArgs = z.strictObject({ name: z.string().min(1).max(64).describe('Tool name from search_tools') });
export const ExecuteArgs = z.strictObject({
  name: z.string().min(1).max(64).describe('Tool name from search_tools'),
  arguments: z.record(z.string(), z.unknown()).default({}).describe('Arguments matching the tool input schema'),
});

const TOOL_NAME = { type: 'string', minLength: 1, maxLength: 64, description: 'Tool name from search_tools' };

export const SEARCH_SCHEMA: Tool['inputSchema'] = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, maxLength: 500, description: 'What you want to do, in plain words' },
    system: { description: 'Only tools of this system, e.g. code_host', type: 'string', maxLength: 50 },
    limit: { default: 8, type: 'integer', minimum: 1, maximum: 25 },
  },
  required: ['query'],
  additionalProperties: false,
};
export const DESCRIBE_SCHEMA: Tool['inputSchema'] = {
  type: 'object',
  properties: { name: TOOL_NAME },
  required: ['name'],
  additionalProperties: false,
};
export const EXECUTE_SCHEMA: Tool['inputSchema'] = {
  type: 'object',
  properties: {
    name: TOOL_NAME,
    arguments: {
      default: {},
      description: 'Arguments matching the tool input schema',
      type: 'object',
      propertyNames: { type: 'string' },
      additionalProperties: {},
    },
  },
  required: ['name'],
  additionalProperties: false,
};
