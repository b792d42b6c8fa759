import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toAppError } from '../toolkit/errors.js';

/** A successful tool result: structured content plus the same JSON as text for hosts that only read text. */
export function successResult(result: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
}

/**
 * A failed tool call is an `isError` result carrying `{error: {code, message, details?, retry_after?}}`,
 * never a protocol error, so the agent can read it and recover.
 */
export function errorResult(thrown: unknown): CallToolResult {
  const error = toAppError(thrown);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: error.toJSON() }) }] };
}
