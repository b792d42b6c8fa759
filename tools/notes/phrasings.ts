import type { ToolPhrasings } from '../../src/toolkit/registry.js';

/**
 * Requests a person might type for each tool, for the tool search only (see SystemSearchHints.phrasings):
 * the user's own Notion through their token, never the tenant's connected notes app (unified_notes).
 */
export const phrasings: ToolPhrasings = {
  search: [
    'find my notion page about onboarding',
    'where is the handbook in notion',
    'look for the roadmap doc in my notion',
    'notion pages titled retro',
    'which notion doc has the okrs',
    'search notion for the q3 plan',
    'find the notion page called team wiki',
  ],
  list_databases: [
    'what tables do I have in notion',
    'columns of my notion task board',
    'which notion databases are shared with me',
    'fields of the notion projects table',
    'what databases have I shared with the integration',
    'list my notion databases',
  ],
  query_database: [
    'tasks in progress on my notion board',
    'rows of the notion roadmap where status is done',
    'my open notion to-dos sorted by due date',
    'filter my notion tasks assigned to ada',
    'what is overdue in my notion tracker',
    'notion tasks due this week',
    'rows of my notion reading list',
  ],
  get_page: [
    'properties of that notion page',
    'status and owner of the notion task',
    'who is assigned to this notion row',
    'due date of my notion item',
    'show the properties of my notion task',
    'who owns this notion row',
  ],
  create_page: [
    'add a task to my notion board',
    'new row in the notion roadmap for the search launch',
    'put "write blog post" on my notion to-do list',
    'log a bug in my notion tracker',
    'create a notion row for the new idea',
    'add a page to my notion database',
  ],
  update_page: [
    'mark my notion task done',
    'set the status of that notion row to blocked',
    'move the notion item to next sprint',
    'archive the old notion page',
    'change the owner of my notion task to grace',
  ],
  get_page_content: [
    'read my notion meeting notes',
    'show the text of the notion handbook page',
    'what does my notion doc say',
    'body of the notion retro page',
    'what is written in my notion page',
    'read the body of the notion doc',
  ],
  add_page_content: [
    'append the action items to my notion page',
    'write a summary at the end of the notion doc',
    'add a checklist to my notion meeting notes',
    'jot this down in my notion page',
    'add a paragraph to my notion page',
    'put the meeting summary into my notion doc',
  ],
};
