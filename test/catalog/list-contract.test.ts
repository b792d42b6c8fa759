import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/toolkit/define-tool.js';
import type { JsonSchema } from '../../src/toolkit/registry.js';
import { buildRegistry } from '../../tools/index.js';

// One list contract (README, "Results an agent can rely on"): a tool that returns a collection takes
// limit, offset and cursor and answers with the collection, count, truncated and the pagination block.

const registry = buildRegistry();

/** Arrays every result may carry that are not its collection. */
const NOT_A_COLLECTION = new Set(['failed_sources', 'failed']);

/**
 * Tools whose top-level arrays are parts of the one thing they return (a record, a path, a subgraph,
 * a computed report), each with why: a list of records is never one of them.
 */
const ONE_THING: Record<string, string> = {
  calendar_get_event: 'one event and its attendees',
  calendar_get_free_busy: 'busy intervals of the attendees asked for',
  code_host_get_issue: 'one issue, its labels and assignees',
  code_host_get_repository: 'one repository and its topics',
  documents_get_document: 'one document and its chunks',
  documents_query_documents: 'the top_k passages that answer one question',
  graph_find_path: 'one path',
  graph_get_entity_context: 'one entity with its neighbourhood',
  graph_get_person: 'one person: their identities, the work tied to them and recent activity',
  graph_query: 'one subgraph',
  graph_traverse: 'one subgraph, bounded by max_nodes',
  insights_get_my_work: 'one report: each system’s open work, and the systems not connected',
  suite_get_event: 'one event and its attendees',
  suite_get_mail_message: 'one message and its labels',
  suite_get_mail_thread: 'one conversation and its messages',
  ticketing_get_issue_aging: 'one ticket and its status history',
  ticketing_get_project_info: 'one project, its issue types and components',
  ticketing_get_ticket: 'one ticket, its labels, components and subtasks',
  ticketing_get_available_statuses: 'the statuses of one project’s workflows',
  ticketing_get_available_transitions: 'the transitions one ticket can take now',
  wiki_get_page: 'one page and its ancestors',
};

/**
 * Collections that still page their own way, each with why; the check below fails once one of them
 * becomes a list tool, so this list only shrinks.
 */
const OWN_PAGING: Record<string, string> = {};

function collectionsOf(tool: ToolDefinition): string[] {
  const properties = (registry.outputJsonSchema(tool)?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties)
    .filter(([name, schema]) => schema.type === 'array' && !NOT_A_COLLECTION.has(name))
    .map(([name]) => name);
}

const reads = registry.tools.filter((tool) => tool.capability.type === 'read');

describe('every tool that returns a collection is a list tool', () => {
  it.each(reads.map((t) => [t.qualifiedName, t] as const))('%s', (name, tool) => {
    const collections = collectionsOf(tool);
    if (collections.length === 0 || name in ONE_THING) return;
    if (name in OWN_PAGING)
      return void expect(tool.list, `${name} is a list tool now: drop it from OWN_PAGING`).toBeUndefined();
    const input = Object.keys(registry.inputJsonSchema(tool).properties as Record<string, unknown>);
    const output = registry.outputJsonSchema(tool)?.properties as Record<string, JsonSchema>;
    expect({ collections, arguments: input.filter((arg) => ['limit', 'offset', 'cursor'].includes(arg)) }).toEqual({
      collections: [tool.list?.key],
      arguments: ['limit', 'offset', 'cursor'],
    });
    expect(Object.keys(output)).toEqual(expect.arrayContaining(['count', 'truncated', 'pagination']));
    expect(Object.keys((output.pagination.properties ?? {}) as JsonSchema).sort()).toEqual(
      ['has_more', 'limit', 'next_cursor', 'offset', 'total', 'total_is_lower_bound'].sort(),
    );
  });

  it('names only tools of the catalog that are not list tools', () => {
    const names = new Set(registry.tools.map((t) => t.qualifiedName));
    for (const name of [...Object.keys(ONE_THING), ...Object.keys(OWN_PAGING)]) {
      expect(names.has(name), name).toBe(true);
      expect(isListName(name), name).toBe(false);
    }
  });
});

/** A list tool named in either exception list would hide it from the check above. */
const isListName = (name: string) => registry.tools.some((t) => t.qualifiedName === name && t.list);
