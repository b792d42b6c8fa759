import { access } from './access.js';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { ticketingAnalyticsTools } from './analytics/tools/index.js';
import { getIssueAging } from './aging.js';
import { addTicketComment, getTicketComments } from './comments.js';
import { extractTicketing } from './extractor.js';
import { ticketingSample } from './sample-graph.js';
import { addIssueLabels, removeIssueLabels } from './labels.js';
import { getMyTicketingWork } from './my-work.js';
import { getAvailableStatuses, getProjectInfo, getProjects } from './projects.js';
import { assignIssue, createTicket, updateTicket } from './ticket-actions.js';
import { getIssuesByStatus, getTicket, getTickets, getTicketsByUser } from './tickets.js';
import { getAvailableTransitions, transitionIssue } from './transitions.js';
import { getAssignableUsers, getUserByEmail, getUsers } from './users.js';
import { outline } from './outline.js';
import { phrasings } from './phrasings.js';

const ticketingSystem: SystemRecord = {
  id: 'ticketing',
  name: 'Ticketing (Jira)',
  description:
    'Jira projects, tickets (stories, bugs, tasks, epics), workflows and transitions, sprints, comments, assignees and delivery metrics.',
  keywords: [
    'jira',
    'ticket',
    'issue',
    'story',
    'bug',
    'task',
    'epic',
    'sprint',
    'backlog',
    'project',
    'workflow',
    'transition',
    'story points',
    'jql',
  ],
  when_to_use:
    'Questions about Jira: tickets and their status, who works on what, sprints, workflows, story points and delivery metrics of projects.',
  search: { names: ['jira'], phrasings },
};

const ticketingTools = [
  // projects and people
  getProjects,
  getProjectInfo,
  getAvailableStatuses,
  getAssignableUsers,
  getUsers,
  getUserByEmail,
  // tickets
  getTickets,
  getTicketsByUser,
  getIssuesByStatus,
  getTicket,
  createTicket,
  updateTicket,
  assignIssue,
  getTicketComments,
  addTicketComment,
  addIssueLabels,
  removeIssueLabels,
  // workflow
  getAvailableTransitions,
  transitionIssue,
  getIssueAging,
  // personal work
  getMyTicketingWork,
  // delivery analytics
  ...ticketingAnalyticsTools,
];

/** Jira (Cloud REST v3 and Jira Software) as the `ticketing` system. */
export const manifest: SystemManifest = {
  system: ticketingSystem,
  tools: ticketingTools,
  ...access,
  vault: {
    integration: {
      id: 'ticketing',
      name: 'Ticketing',
      unifiedApi: 'issue-tracking',
      description: 'Issues, projects and sprints of the issue tracker (Jira)',
    },
    position: 0,
  },
  extractor: extractTicketing,
  sampleGraph: ticketingSample,
  mentions: outline.mentions,
  entityTypes: outline.entityTypes,
  // Expansions keep the word itself: "bug" also means a code_host issue.
  synonyms: {
    jira: ['jira', 'ticket'],
    tickets: ['ticket'],
    story: ['story', 'ticket'],
    stories: ['story', 'ticket'],
    bug: ['bug', 'issue', 'ticket'],
    bugs: ['bug', 'issue', 'ticket'],
    epic: ['epic', 'ticket'],
    epics: ['epic', 'ticket'],
    sprints: ['sprint'],
    iteration: ['sprint'],
    jql: ['jql', 'ticket', 'search'],
  },
};
