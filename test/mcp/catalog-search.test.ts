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
  ['jira tickets resolved per week', 'ticketing_get_throughput_metrics'],
  ['compare throughput across jira projects', 'ticketing_get_throughput_metrics_by_project'],
  ['cycle time and lead time of a jira project', 'ticketing_get_project_productivity_metrics'],
  ['blocked tickets and work in progress', 'ticketing_get_project_productivity_metrics'],
  ['how is the current sprint going', 'ticketing_get_sprint_metrics'],
  ['sprint velocity', 'ticketing_get_sprint_metrics'],
  ['story points per developer', 'ticketing_get_developer_metrics'],
  ['ticket load of each engineer across all projects', 'ticketing_get_developer_ticket_metrics_all_projects'],
  ['executive summary of all jira projects', 'ticketing_get_executive_summary_all_projects'],
  ['which projects need attention', 'ticketing_get_executive_summary_all_projects'],
  ['how often do we release jira versions', 'ticketing_get_dora_metrics'],
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
