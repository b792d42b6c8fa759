import { createHash } from 'node:crypto';
import { ProtocolError, ProtocolErrorCode, type Tool } from '@modelcontextprotocol/server';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import { withoutProse } from '../toolkit/json-schema.js';
import type { Registry } from '../toolkit/registry.js';
import { GRAPH_APP_TOOLS, GRAPH_APP_URI } from './app/graph-app.js';

/** The MCP App a tool's result renders in, for hosts that render MCP Apps (both spellings of the key). */
function appMetaOf(tool: ToolDefinition): Record<string, unknown> {
  return GRAPH_APP_TOOLS.has(tool.qualifiedName)
    ? { ui: { resourceUri: GRAPH_APP_URI }, 'ui/resourceUri': GRAPH_APP_URI }
    : {};
}

/** The MCP `tools/list` entry of a catalog tool: schemas, annotations and hints, all from the definition. */
export function mcpTool(registry: Registry, tool: ToolDefinition): Tool {
  const output = registry.outputJsonSchema(tool);
  return {
    name: tool.qualifiedName,
    ...(tool.title ? { title: tool.title } : {}),
    // What to use instead is what a model most needs beside what the tool does; when to use it mostly
    // repeats the description, and stays in the hints `describe_tool` and discovery give.
    description: `${tool.description}\nNot for: ${tool.hints.not_for}`,
    inputSchema: registry.advertisedInputSchema(tool) as Tool['inputSchema'],
    // Clients validate results against it; the model reads the result, so its prose is left to describe_tool.
    ...(output ? { outputSchema: withoutProse(output) } : {}),
    annotations: registry.annotations(tool),
    // The hints stay with `describe_tool` and the discovery descriptors: hosts do not read them here.
    _meta: { capability: registry.capability(tool), ...appMetaOf(tool) },
  };
}

/**
 * Most bytes of tool entries one `tools/list` page carries (about 25,000 tokens): a focused selection
 * lists in one page, the whole catalog in full mode in a few, never some 400 KB in one answer.
 */
export const TOOLS_PAGE_BYTES = 100_000;

const entryBytes = new WeakMap<Tool, number>();
const bytesOf = (tool: Tool): number => {
  let bytes = entryBytes.get(tool);
  if (bytes === undefined) entryBytes.set(tool, (bytes = Buffer.byteLength(JSON.stringify(tool))));
  return bytes;
};

/** Which list a cursor continues: a cursor of another caller's or narrowing's list is not taken. */
const listDigest = (listed: readonly Tool[]): string =>
  createHash('sha256')
    .update(listed.map((t) => t.name).join(','))
    .digest('base64url')
    .slice(0, 16);

function startOf(cursor: unknown, digest: string, length: number): number {
  if (cursor === undefined) return 0;
  const invalid = (why: string) => new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor: ${why}`);
  if (typeof cursor !== 'string') throw invalid('pass the nextCursor of a previous tools/list unchanged');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('pass the nextCursor of a previous tools/list unchanged');
  }
  const { o, d } = (parsed ?? {}) as { o?: unknown; d?: unknown };
  if (typeof d === 'string' && d !== digest)
    throw invalid('the tool list is not the one this cursor continues; list again from the start');
  if (typeof o !== 'number' || !Number.isInteger(o) || o <= 0 || o >= length || typeof d !== 'string')
    throw invalid('pass the nextCursor of a previous tools/list unchanged');
  return o;
}

/** One page of a `tools/list` result: entries up to the page budget (at least one), and where the next starts. */
export function toolsPage(
  listed: readonly Tool[],
  cursor: unknown,
  budgetBytes = TOOLS_PAGE_BYTES,
): { tools: Tool[]; nextCursor?: string } {
  const digest = listDigest(listed);
  const start = startOf(cursor, digest, listed.length);
  let end = start;
  for (let bytes = 0; end < listed.length; end++) {
    bytes += bytesOf(listed[end]) + 1;
    if (bytes > budgetBytes && end > start) break;
  }
  const tools = listed.slice(start, end);
  if (end >= listed.length) return { tools };
  return { tools, nextCursor: Buffer.from(JSON.stringify({ o: end, d: digest })).toString('base64url') };
}

/** A `tools/call` of a name the catalog does not have: a protocol error (invalid params), as both protocol eras specify. */
export const unknownToolError = (name: string, hint = ''): ProtocolError =>
  new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}${hint}`);
