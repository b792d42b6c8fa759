import type { CompleteResult } from '@modelcontextprotocol/server';
import type { Caller } from '../../toolkit/context.js';
import type { ToolRunner } from '../context.js';
import type { CompletionKind } from './catalog.js';

/** The protocol's cap on the values of one completion. */
export const MAX_COMPLETIONS = 100;

/** A list tool whose items name the values of a kind, and the field that holds the value. */
interface CompletionSource {
  tool: string;
  list: string;
  field: string;
}

/** Sources by kind, in order of preference: the first the session sees is asked. */
const SOURCES: Record<CompletionKind, CompletionSource[]> = {
  repository: [{ tool: 'code_host_get_repositories', list: 'repositories', field: 'full_name' }],
  project: [{ tool: 'ticketing_get_projects', list: 'projects', field: 'key' }],
  space: [{ tool: 'wiki_get_spaces', list: 'spaces', field: 'key' }],
  person: [
    { tool: 'ticketing_get_users', list: 'users', field: 'emailAddress' },
    { tool: 'chat_list_users', list: 'users', field: 'email' },
  ],
};

export type Completion = CompleteResult['completion'];

export const NO_COMPLETION: Completion = { values: [], total: 0, hasMore: false };

/**
 * Values of a kind that start with `prefix` (case-insensitive), from the caller's own data: one page
 * (at most 100 items) of the first source tool the session sees, run as the caller, so the tenant,
 * the caller's credentials, the response cache and the rate limits apply as to any call.
 */
export async function complete(
  app: ToolRunner,
  caller: Caller,
  visible: ReadonlySet<string>,
  kind: CompletionKind,
  prefix: string,
): Promise<Completion> {
  const source = SOURCES[kind].find((s) => visible.has(s.tool));
  const tool = source && app.registry.find(source.tool);
  if (!source || !tool) return NO_COMPLETION;
  const result = await app.executor.execute(caller, tool, { limit: MAX_COMPLETIONS });
  const items = Array.isArray(result[source.list]) ? (result[source.list] as unknown[]) : [];
  const wanted = prefix.toLowerCase();
  const matches = [
    ...new Set(
      items
        .map((item) => (item as Record<string, unknown> | null)?.[source.field])
        .filter((value): value is string => typeof value === 'string' && value.toLowerCase().startsWith(wanted)),
    ),
  ].sort();
  const morePages = (result.pagination as { has_more?: unknown } | undefined)?.has_more === true;
  return {
    values: matches.slice(0, MAX_COMPLETIONS),
    total: matches.length,
    hasMore: morePages || matches.length > MAX_COMPLETIONS,
  };
}
