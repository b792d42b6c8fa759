import { randomUUID } from 'node:crypto';
import { UrlElicitationRequiredError, type CallToolResult, type ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../toolkit/errors.js';
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

/**
 * A call that needs the user to act first (authorize a provider): clients that declared URL-mode
 * elicitation get the protocol's own answer, `UrlElicitationRequiredError` (-32042) carrying the URL,
 * and can retry once the user is done; other clients get the isError result, whose `details.auth_url`
 * the agent can show. Undefined when the error is of another kind.
 */
export function userActionRequired(thrown: unknown, capabilities: ClientCapabilities | undefined): UrlElicitationRequiredError | undefined {
  if (!(thrown instanceof AppError) || thrown.code !== 'AUTHORIZATION_REQUIRED' || !capabilities?.elicitation?.url) return undefined;
  const { auth_url: url } = (thrown.details ?? {}) as { auth_url?: unknown };
  if (typeof url !== 'string') return undefined;
  return new UrlElicitationRequiredError([{ mode: 'url', elicitationId: randomUUID(), url, message: thrown.message }], thrown.message);
}
