import { describe, expect, it } from 'vitest';
import { CatalogSearch } from '../../src/mcp/catalog-search.js';
import { buildRegistry } from '../../tools/index.js';

const registry = buildRegistry();
const search = new CatalogSearch(registry, registry.tools);

// What an agent in discovery mode types, and the tool it should find first.
const CASES: Array<[string, string]> = [
  ['open bugs in a github repository', 'code_host_get_issues'],
  ['list open bugs', 'code_host_get_issues'],
  ['file a bug', 'code_host_create_issue'],
  ['close issue 12', 'code_host_update_issue'],
  ['merge a PR', 'code_host_merge_pull_request'],
  ['stale pull requests', 'code_host_get_stale_prs'],
  ['deployment frequency', 'code_host_get_dora_metrics'],
  ['how long do PRs take to merge', 'code_host_get_pr_merge_time_metrics'],
  ['CI failures', 'code_host_get_actions_info'],
  ['what am I working on', 'code_host_get_my_code_host_work'],
  ['search notion for the handbook', 'notes_search'],
  ['which notion databases exist and their columns', 'notes_list_databases'],
  ['tasks in progress in the notion task board', 'notes_query_database'],
  ['read a notion page', 'notes_get_page_content'],
  ['properties of a notion page', 'notes_get_page'],
  ['add a task to notion', 'notes_create_page'],
  ['mark a notion task as done', 'notes_update_page'],
  ['append meeting notes to a notion page', 'notes_add_page_content'],
];

describe('catalog search (discovery mode)', () => {
  it.each(CASES)('"%s" finds %s first', (query, expected) => {
    expect(search.search(query)[0]?.tool.qualifiedName).toBe(expected);
  });

  it('filters by system and returns nothing for unrelated words', () => {
    expect(search.search('issues', { system: 'graph' }).every((h) => h.tool.system === 'graph')).toBe(true);
    expect(search.search('zzzz qqqq')).toEqual([]);
  });
});
