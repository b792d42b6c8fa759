import { jiraIntegration } from './integration.js';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { ticketingAnalyticsTools } from './analytics/tools/index.js';

const ticketingSystem: SystemRecord = {
  id: 'ticketing',
  name: 'Ticketing (Jira)',
  description: 'Jira projects, tickets (stories, bugs, tasks, epics), workflows and transitions, sprints, comments, assignees and delivery metrics.',
  keywords: ['jira', 'ticket', 'issue', 'story', 'bug', 'task', 'epic', 'sprint', 'backlog', 'project', 'workflow', 'transition', 'story points', 'jql'],
  when_to_use: 'Questions about Jira: tickets and their status, who works on what, sprints, workflows, story points and delivery metrics of projects.',
};

const ticketingTools = [
  // delivery analytics
  ...ticketingAnalyticsTools,
] as const;

/** Jira (Cloud REST v3 and Jira Software) as the `ticketing` system. */
export const manifest: SystemManifest = {
  system: ticketingSystem,
  tools: ticketingTools,
  integrations: [jiraIntegration],
  entityTypes: ['issue', 'project', 'user'],
  // Expansions keep the word itself: "bug" also means a code_host issue.
  synonyms: {
    jira: ['jira', 'ticket'],
    tickets: ['ticket'],
    story: ['story', 'ticket'],
    stories: ['story', 'ticket'],
    bug: ['bug', 'ticket'],
    bugs: ['bug', 'ticket'],
    epic: ['epic', 'ticket'],
    epics: ['epic', 'ticket'],
    sprints: ['sprint'],
    iteration: ['sprint'],
    jql: ['jql', 'ticket', 'search'],
    workflow: ['workflow', 'transition', 'status'],
  },
};
