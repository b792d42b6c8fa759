import { randomUUID } from 'node:crypto';
import {
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  UrlElicitationRequiredError,
  type CallToolResult,
  type ClientCapabilities,
  type InputRequiredResult,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { fencedForText } from '../governance/untrusted/fence.js';
import { AppError } from '../toolkit/errors.js';
import { requestError, shownError } from '../toolkit/request-errors.js';
import type { Logger } from '../toolkit/context.js';
import { resultLinks } from './resources.js';

/** The protocol era a server instance serves: 2026-07-28 (`modern`) or the 2025 revisions (`legacy`). */
export type Era = 'modern' | 'legacy';

/**
 * A successful tool result: structured content plus the same JSON as text for hosts that only read
 * text (what people wrote fenced there as untrusted data), and links to the resources (graph entities,
 * documents) a result of `system` names.
 */
export function successResult(result: Record<string, unknown>, system?: string): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(fencedForText(result)) }, ...resultLinks(system, result)],
    structuredContent: result,
  };
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
 * What the client said it can do: on the 2026-07-28 revision each request carries it in its envelope;
 * a 2025-era client declared it once, at `initialize`.
 */
export function clientCapabilitiesOf(era: Era, ctx: ServerContext, server: Server): ClientCapabilities | undefined {
  if (era === 'legacy') return server.getClientCapabilities();
  // The SDK types the envelope loosely; its keys are the protocol's reserved `_meta` names.
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
}

/** How a call that needs the user answers: a protocol error to throw (2025), or a result to return (2026). */
type UserAction =
  { kind: 'throw'; error: UrlElicitationRequiredError } | { kind: 'return'; result: InputRequiredResult };

/**
 * A call that needs the user to act first (authorize a provider), in the form the client's protocol
 * defines, when it declared URL-mode elicitation: `input_required` with a URL request on the 2026-07-28
 * revision (the client retries the call once the user is done), `UrlElicitationRequiredError` (-32042)
 * on the 2025 revisions. Other clients get the isError result, whose `details.auth_url` the agent can
 * show. Undefined when the error is of another kind or the client cannot take a URL.
 */
export function userActionRequired(
  thrown: unknown,
  era: Era,
  capabilities: ClientCapabilities | undefined,
): UserAction | undefined {
  if (!(thrown instanceof AppError) || thrown.code !== 'AUTHORIZATION_REQUIRED' || !capabilities?.elicitation?.url)
    return undefined;
  const { auth_url: url } = (thrown.details ?? {}) as { auth_url?: unknown };
  if (typeof url !== 'string') return undefined;
  if (era === 'modern')
    return {
      kind: 'return',
      result: inputRequired({
        inputRequests: { authorization: inputRequired.elicitUrl({ url, message: thrown.message }) },
      }),
    };
  return {
    kind: 'throw',
    error: new UrlElicitationRequiredError(
      [{ mode: 'url', elicitationId: randomUUID(), url, message: thrown.message }],
      thrown.message,
    ),
  };
}
