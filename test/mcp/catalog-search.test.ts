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
  ['unread emails in my gmail inbox', 'suite_list_mail_threads'],
  ['send an email to ada about the release', 'suite_send_mail'],
  ['read the email conversation thread', 'suite_get_mail_thread'],
  ['mark an email as read', 'suite_update_mail_labels'],
  ['delete an email', 'suite_delete_mail_message'],
  // suite calendar and Google Chat
  ['which google calendars do I have', 'suite_list_calendars'],
  ['my meetings tomorrow in google calendar', 'suite_list_events'],
  ['everything on all my calendars this week', 'suite_list_all_events'],
  ['book a new meeting on my google calendar', 'suite_create_event'],
  ['reschedule a google calendar meeting', 'suite_update_event'],
  ['cancel a google calendar meeting', 'suite_delete_event'],
  ['who is attending a google calendar event', 'suite_get_event'],
  ['which google chat spaces am I in', 'suite_list_spaces'],
  ['read messages in a google chat space', 'suite_list_messages'],
  ['post a message in google chat', 'suite_create_message'],
  ['edit my google chat message', 'suite_update_message'],
  ['who is in a google chat space', 'suite_list_members'],
  // crm (unified: Salesforce, HubSpot)
  ['which customer accounts do we have in salesforce', 'crm_list_accounts'],
  ['add a new customer company to the crm', 'crm_create_account'],
  ['who are our contacts at a customer', 'crm_list_contacts'],
  ['add a contact person to the crm', 'crm_create_contact'],
  ['list sales leads', 'crm_list_leads'],
  ['qualify a lead', 'crm_update_lead'],
  ['open deals in the sales pipeline', 'crm_list_opportunities'],
  ['log a new deal worth 25k', 'crm_create_opportunity'],
  ['mark a deal as won', 'crm_update_opportunity'],
  // chat (Slack)
  ['search slack for the staging database', 'chat_search_messages'],
  ['what was said in the slack channel today', 'chat_list_messages'],
  ['post a message in slack', 'chat_send_message'],
  ['edit my slack message', 'chat_update_message'],
  ['delete a slack message', 'chat_delete_message'],
  ['which slack channels exist', 'chat_list_channels'],
  ['replies in a slack thread', 'chat_list_thread_replies'],
  ['who is in the slack channel', 'chat_list_channel_members'],
  ['my recent slack dms', 'chat_list_chats'],
  ["list the channels of the company's connected chat workspace", 'team_chat_list_channels'],
  ['create a workspace channel for the launch', 'team_chat_create_channel'],
  ['announce in the team chat workspace channel as the company app', 'team_chat_send_message'],
  ['invite someone to a workspace channel', 'team_chat_add_member'],
  ['team channel roster', 'team_chat_list_members'],
  ['workspace channel history', 'team_chat_list_messages'],
  // ticketing
  ['open jira tickets of a project', 'ticketing_get_tickets'],
  ['list jira projects', 'ticketing_get_projects'],
  ['show jira ticket OPS-12', 'ticketing_get_ticket'],
  ['move a jira ticket to done', 'ticketing_transition_issue'],
  ['create a jira story', 'ticketing_create_ticket'],
  ['add a comment to a jira ticket', 'ticketing_add_ticket_comment'],
  ['read the comments of a jira ticket', 'ticketing_get_ticket_comments'],
  ['who can be assigned jira tickets', 'ticketing_get_assignable_users'],
  ['which statuses does the jira workflow have', 'ticketing_get_available_statuses'],
  ['how long has the ticket been in its status', 'ticketing_get_issue_aging'],
  ['what is on my plate in jira', 'ticketing_get_my_ticketing_work'],
  ['jira tickets of a person', 'ticketing_get_tickets_by_user'],
  ['jira tickets in code review', 'ticketing_get_issues_by_status'],
  ['jira account of an email address', 'ticketing_get_user_by_email'],
  ['assign a jira ticket to someone', 'ticketing_assign_issue'],
  ['label a jira ticket', 'ticketing_add_issue_labels'],
  ['which transitions can the ticket make', 'ticketing_get_available_transitions'],
  ['change the priority of a jira ticket', 'ticketing_update_ticket'],
  ['story points field and issue types of a jira project', 'ticketing_get_project_info'],
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
  ['find the deployment runbook in confluence', 'wiki_search'],
  ['read a confluence page', 'wiki_get_page'],
  ['write a new wiki page', 'wiki_create_page'],
  ['edit a confluence page', 'wiki_update_page'],
  ['archive a confluence page', 'wiki_update_page'],
  ['comments on a confluence page', 'wiki_get_page_comments'],
  ['which confluence spaces exist', 'wiki_get_spaces'],
  ['add a label to a confluence page', 'wiki_add_labels'],
  ['my confluence contributions per space', 'wiki_get_my_wiki_work'],
  ['files attached to a wiki page', 'wiki_get_attachments'],
  // documents
  ['upload a pdf so we can search it later', 'documents_upload_document'],
  ['index this spreadsheet', 'documents_upload_document'],
  ['what do our uploaded documents say about refunds', 'documents_query_documents'],
  ['find the passage in the report about latency', 'documents_query_documents'],
  ['which files have we uploaded', 'documents_list_documents'],
  ['read the whole uploaded document', 'documents_get_document'],
  ['delete an uploaded document', 'documents_delete_document'],
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
