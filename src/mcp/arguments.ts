import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/**
 * A tool's arguments as a caller sent them: absent, or a JSON object. Anything else (a string, an
 * array, a number, null) is an invalid-params protocol error (-32602) saying what to send. `what`
 * names where the value came from.
 */
export function toolArguments(value: unknown, what = 'tools/call arguments'): Record<string, unknown> | undefined {
  if (value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value)))
    return value as Record<string, unknown> | undefined;
  const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
  throw new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `${what} must be a JSON object of the tool's arguments, got ${got}`,
  );
}
