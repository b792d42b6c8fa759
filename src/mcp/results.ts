import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { requestError, shownError } from '../http/errors.js';
import type { Logger } from '../toolkit/context.js';

/** A successful tool result: structured content plus the same JSON as text for hosts that only read text. */
export function successResult(result: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
}

/**
 * The MCP family's error table: a failed tool call is an `isError` result carrying
 * `{error: {code, message, details?, retry_after?}}`, never a protocol error, so the agent can read it
 * and recover. `retry_after` stands in for the `Retry-After` header; an internal error shows no message
 * of its own (the log keeps it).
 */
export function errorResult(thrown: unknown, log?: Logger): CallToolResult {
  const error = shownError(requestError(thrown), log);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: error.toJSON() }) }] };
}
