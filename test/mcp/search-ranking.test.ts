import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpSurface } from '../../src/mcp/server.js';
import type { Caller } from '../../src/toolkit/context.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { connectInMemory } from './connect.js';

let server: TestServer;
let caller: Caller;
beforeAll(async () => {
  server = await startTestServer();
  caller = server.callerFor('acme');
});
afterAll(() => server.close());

interface Hit {
  name: string;
  reason: string;
}

// Requests where the entity, the product named, whose account or the whole request's intent decides,
// and a misspelt one: the tool each must find first.
const HARD: Array<[string, string]> = [
  ['drop the blocked label from WEB-12', 'ticketing_remove_issue_labels'],
  ['file a bug in the MOB project', 'ticketing_create_ticket'],
  ['comment on the Confluence page', 'wiki_add_comment'],
  ["what's on my calendar tomorrow", 'suite_list_events'],
  ['look through the PDFs we uploaded for the refund policy', 'documents_query_documents'],
  ['note that I prefer bullet points', 'graph_inject_context'],
];
const TYPO: [string, string] = ['serach slak for the postmortem', 'chat_search_messages'];
// Readings that generalise: "connected to" asks how things relate (not for the tenant's connected
// systems), "open" before an id is the verb, a relation question over a person and a repository
// belongs to the graph whatever entities it names, and a plural before the id asks for a list.
const READINGS: Array<[string, string]> = [
  ['what is connected to the Q3 roadmap', 'graph_traverse'],
  ['open acme/mobile#4', 'code_host_get_issue'],
  ['open a pull request from fix/typo', 'code_host_create_pull_request'],
  ['what connects linus to acme/web', 'graph_find_path'],
  ['how does grace connect with acme/api', 'graph_find_path'],
  // "get me" asks for a thing, not for the user's own work.
  ['get me MOB-77', 'ticketing_get_ticket'],
  ['what else has linus touched on acme/web', 'graph_traverse'],
  // Many things of one named thing: the members of a space, not one membership.
  ['members of google chat space AAAA1234', 'suite_list_members'],
];
// Requests in other words than any tool's own text, found through the phrasing lists: the evidence a
// tool's phrasings give, and a request naming several products reaching the tools that join systems.
const PHRASED: Array<[string, string]> = [
  ['my open work in jira, github and confluence', 'insights_get_my_work'],
  ['the github handle and jira account of grace', 'graph_get_person'],
  ['jira tickets that reached production through a github pr', 'insights_get_delivery_flow'],
  ['tell me who is going to the team offsite', 'calendar_get_event'],
  ['bring grace into the company channel', 'team_chat_add_member'],
];

// Kinds read wrong before: two conditions on the same people ask for a graph pattern query, what everyone
// has been up to is the activity feed, every login of a person is the graph's person, "fetch" is get, "my"
// before a work item is the user's own work list, names in another tool's requests ("initech" in a
// contact's) do not outweigh what is asked, and a figure asked per repository is the breakdown.
const KINDS: Array<[string, string]> = [
  ['people who reviewed acme/web and also filed bugs in PAY', 'graph_query'],
  ['what has the team been up to this week', 'graph_get_feed'],
  ['every login linus has', 'graph_get_person'],
  ['fetch the jira ticket MOB-12', 'ticketing_get_ticket'],
  ['show me my open prs', 'code_host_get_my_code_host_work'],
  ['create a lead for jane at initech', 'crm_create_lead'],
  ['lead time for changes by repo', 'code_host_get_dora_metrics_by_repo'],
  ['which repo has the worst review turnaround', 'code_host_get_eng_metrics_by_repo'],
  // A colleague named: that person's tickets, not the user's own work list.
  ['what is ada working on in jira', 'ticketing_get_tickets_by_user'],
  // Who the person behind a member id is; all about one thing "and its connections".
  ['who is U0AB12CD34', 'graph_get_person'],
  ['tell me all about MOB-3 and its connections', 'graph_get_entity_context'],
  // A figure of each project of a product; a count of one channel's people; a message noun before a name sends.
  ['throughput of each jira project', 'ticketing_get_throughput_metrics_by_project'],
  ['how many people are in #random', 'chat_list_channel_members'],
  ['email grace the agenda', 'suite_send_mail'],
  // Relation questions by their shape, the graph's tool for it first even when none of its words is said.
  ['what is ada connected to', 'graph_traverse'],
  ['show me what surrounds PAY-12', 'graph_traverse'],
  ["what's known about the runbook page", 'graph_get_entity_context'],
  ['give me the context for acme/web#88', 'graph_get_entity_context'],
  ['through what is ada tied to PAY-7', 'graph_find_path'],
  ['list users who reviewed prs and commented on tickets', 'graph_query'],
  ['who is ada@acme.com', 'graph_get_person'],
  ['what accounts does linus have', 'graph_get_person'],
  // The same shapes in other words: "how X and Y are related", who someone works with, all on one thing.
  ['find how WEB-12 and acme/api#5 are related', 'graph_find_path'],
  ['who has ada collaborated with', 'graph_traverse'],
  ["who are grace's collaborators", 'graph_traverse'],
  ['give me the background on WEB-17', 'graph_get_entity_context'],
  ['what does the graph have on acme/infra', 'graph_get_entity_context'],
  // "Get rid of" deletes; a question of what someone is focusing on reads their work, it gives no context.
  ['get rid of the old handbook document', 'documents_delete_document'],
  ['what is karen focusing on in jira', 'ticketing_get_tickets_by_user'],
  // …while hops from one thing stay its neighbourhood, and two accounts being one human asks for the person.
  ['everything within two hops from acme/web', 'graph_traverse'],
  ["I'll be focusing on payments this week", 'graph_inject_context'],
  ['is grace on slack the same person as grace on github', 'graph_get_person'],
  // A company's account is the CRM's, not a person's identities.
  ['show the initech account', 'crm_get_account'],
  // The action a request opens with decides between actions on the same thing.
  ['cancel the planning session on the shared calendar', 'calendar_delete_event'],
  ['remove the sprint planning from the team calendar', 'calendar_delete_event'],
];
// Kinds the fourth round reads: a misspelling keeps its first letter and may drop a doubled one, a name
// alone asked "who is" (or a full name "tell me about") is a person, a member id asked in Slack is Slack's,
// direct links are one entity's context, people on both of two things a pattern query, who did what and
// when the activity feed, what kind a thing is or whether someone is one a question of one, a plural noun
// its list tool, "have the app …" a command, a noun opening a question no command, a flow from one
// product's thing to another's the tool joining them, a comment's own text no evidence, and who accepted
// or declined an event that event.
const GENERALISED: Array<[string, string]> = [
  ['seach confluence for the vpn guide', 'wiki_search'],
  ['which databases live in the connected notes app', 'unified_notes_list_databases'],
  ['who is margret hamiltn', 'graph_get_person'],
  ['tell me about Margaret Hamilton', 'graph_get_person'],
  ['who is U0XY12AB34 in slack', 'chat_get_user'],
  ['what is directly linked to PAY-12', 'graph_get_entity_context'],
  ['who worked on both acme/infra and acme/mobile', 'graph_query'],
  ['match open tickets with the prs that fix them', 'graph_query'],
  ['who touched PAY-12 and when', 'graph_get_feed'],
  ['what type of space is the standup room in google chat', 'suite_get_space'],
  ['is karen a member of the google chat space', 'suite_get_member'],
  ['have the workspace app announce the release in #eng', 'team_chat_send_message'],
  ['email addresses of the Initech contacts', 'crm_list_contacts'],
  ['from the jira ticket to the deployed code, how long does it take', 'insights_get_delivery_flow'],
  ['comnet on PAY-9 that the tests passed', 'ticketing_add_ticket_comment'],
  ['which invitees declined the team offsite on the company calendar', 'calendar_get_event'],
  // One's own calendar asked alone: neither all of one's calendars nor all one's open work.
  ['anything on my calendar today?', 'suite_list_events'],
];
// Kinds the fifth round reads: what is linked to one thing, with no hops said, is that thing's direct
// relationships (its context), hops out its neighbourhood; a company's accounts are the CRM's, not a person's;
// a standup, a sync or a 1:1 is an event; who is in a channel its members; figures per person the tools whose
// rows are people; keeping a file to search later stores it; a day asked of a calendar its events; an inbox
// mail.
const FIFTH: Array<[string, string]> = [
  ['what is tied to acme/api#7', 'graph_traverse'],
  ['what is connected to MOB-3', 'graph_traverse'],
  ['everything two hops out from MOB-3', 'graph_traverse'],
  ['what accounts does hooli have', 'crm_list_accounts'],
  ["show globex's accounts", 'crm_list_accounts'],
  ['push my one-on-one with ada to 3pm', 'suite_update_event'],
  ['cancel the weekly sync on the shared calendar', 'calendar_delete_event'],
  ["who's on #random in slack", 'chat_list_channel_members'],
  ['is the weekly sync on the team calendar still on thursday', 'calendar_list_events'],
  ['resolved tickets per assignee in WEB', 'ticketing_get_developer_metrics'],
  ['github numbers per developer on acme/web', 'code_host_get_developer_metrics'],
  ['this is the supplier agreement pdf, keep it so we can search it later', 'documents_upload_document'],
  ['what do i have on my google calendar friday', 'suite_list_events'],
  ['anything new in my inbox', 'suite_list_mail_threads'],
  // Graph shapes in other words: whom someone shares work with, how one thing ties into another, what one did.
  ['who does ada share tickets with', 'graph_traverse'],
  ['how does PAY-7 tie into acme/api#3', 'graph_find_path'],
  ['what has ada done this week', 'graph_get_feed'],
];
const ALL = [...HARD, TYPO, ...READINGS, ...PHRASED, ...KINDS, ...GENERALISED, ...FIFTH];

describe('tool search puts the right tool first', () => {
  it.each(ALL)('search_tools over MCP: "%s" → %s', async (query, expected) => {
    const client = await connectInMemory(new McpSurface(server.app, { mode: 'discovery' }), caller);
    const found = await client.callTool({ name: 'search_tools', arguments: { query } });
    const hits = (found.structuredContent as { tools: Hit[] }).tools;
    expect(hits[0]?.name).toBe(expected);
    expect(hits[0]?.reason).toEqual(expect.any(String));
    await client.close();
  });

  it.each(ALL)('GET /mcp/search: "%s" → %s', async (query, expected) => {
    const { status, body } = await call(server, 'GET', `/mcp/search?q=${encodeURIComponent(query)}&limit=3`);
    expect(status).toBe(200);
    expect((body as { tools: Hit[] }).tools.map((t) => t.name)[0]).toBe(expected);
    expect((body as { count: number }).count).toBeLessThanOrEqual(3);
  });

  it('does not offer tools whose text only holds a synonym of the request (available ≠ availability)', async () => {
    const { body } = await call(
      server,
      'GET',
      `/mcp/search?q=${encodeURIComponent("check ada's availability")}&limit=3`,
    );
    const names = (body as { tools: Hit[] }).tools.map((t) => t.name);
    expect(names[0]).toBe('calendar_get_free_busy');
    expect(names).not.toContain('ticketing_get_available_transitions');
    expect(names).not.toContain('ticketing_get_available_statuses');
  });

  it('names the phrasing a request came nearest, and hosts never see the phrasings', async () => {
    const client = await connectInMemory(new McpSurface(server.app, { mode: 'discovery' }), caller);
    const found = await client.callTool({
      name: 'search_tools',
      arguments: { query: 'tell me who is going to the team offsite' },
    });
    const first = (found.structuredContent as { tools: Hit[] }).tools[0];
    expect(first?.reason).toMatch(/like "[^"]+"/);
    const phrasing = /like "([^"]+)"/.exec(first?.reason ?? '')?.[1] ?? '';
    const described = await client.callTool({ name: 'describe_tool', arguments: { name: first?.name } });
    expect(JSON.stringify(described.structuredContent)).not.toContain(phrasing);
    expect(JSON.stringify(found.structuredContent)).not.toContain('phrasings');
    await client.close();
  });

  it('reads what is linked to one thing as what surrounds it first, its direct relationships among the first three', async () => {
    const { body } = await call(
      server,
      'GET',
      `/mcp/search?q=${encodeURIComponent('what is related to MOB-9')}&limit=3`,
    );
    const names = (body as { tools: Hit[] }).tools.map((t) => t.name);
    expect(names[0]).toBe('graph_traverse');
    expect(names).toContain('graph_get_entity_context');
  });

  it('says which words it read a misspelt request as', async () => {
    const { body } = await call(server, 'GET', `/mcp/search?q=${encodeURIComponent(TYPO[0])}`);
    expect((body as { tools: Hit[] }).tools[0]?.reason).toContain('serach→search');
  });

  it('reads a plural or a tense of a known word as that word, not as a misspelling', async () => {
    const query = 'which engineers both commit to acme/web and sit in #deploys';
    const { body } = await call(server, 'GET', `/mcp/search?q=${encodeURIComponent(query)}`);
    const reasons = (body as { tools: Hit[] }).tools.map((t) => t.reason).join(' ');
    expect(reasons).not.toContain('engineers→');
  });

  it('refuses a search without words', async () => {
    const { status, body } = await call(server, 'GET', '/mcp/search?q=');
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('q (1-500 characters) is required');
  });
});
