import type { ToolPhrasings } from '../../src/toolkit/registry.js';

/**
 * Requests a person might type for each tool, for the tool search only (see SystemSearchHints.phrasings):
 * Jira projects and tickets, written apart from GitHub's issues.
 */
export const phrasings: ToolPhrasings = {
  get_projects: [
    'which jira projects do we have',
    'what boards exist in jira',
    'keys of all our jira projects',
    'who leads each jira project',
  ],
  get_project_info: [
    'what issue types does the PAY project have',
    'components of the WEB project',
    'which field holds story points in MOB',
    'details of the jira project PAY',
  ],
  get_available_statuses: [
    'what columns does the PAY board have',
    'which workflow states exist in WEB',
    'statuses a jira ticket can be in',
  ],
  get_assignable_users: [
    'who can take tickets in PAY',
    'people I can give WEB-17 to',
    'members of the MOB jira project',
  ],
  get_users: ['find grace in jira', 'everyone with a jira account', 'jira people named linus'],
  get_user_by_email: [
    'jira account id of ada@acme.test',
    'which jira user has this email',
    'look up grace@acme.test in jira',
  ],
  get_tickets: [
    'open bugs in the PAY project',
    'jira stories in the WEB backlog',
    'high priority tickets in MOB',
    'recently updated jira issues',
    'tickets assigned to grace in PAY',
  ],
  get_tickets_by_user: ["what is on ada's jira plate", 'tickets linus owns', 'open jira work assigned to grace'],
  get_issues_by_status: [
    'which tickets are in code review',
    'what is in progress in PAY',
    'jira tickets waiting for QA',
    'everything in the blocked column',
  ],
  get_ticket: ['show WEB-17', 'what is PAY-112 about', 'details of the jira ticket MOB-5', 'who owns PAY-101'],
  create_ticket: [
    'file a bug in the MOB project',
    'new jira story for the checkout redesign',
    'log a task in PAY for the migration',
    'raise an epic in WEB',
  ],
  update_ticket: [
    'bump PAY-112 to high priority',
    'set 5 story points on WEB-17',
    'change the summary of MOB-5',
    'rewrite the description of PAY-101',
  ],
  assign_issue: ['give WEB-17 to grace', 'assign PAY-112 to me', 'hand MOB-5 over to linus', 'unassign PAY-101'],
  get_ticket_comments: ['what was said on PAY-112', 'comments on WEB-17', 'discussion of the jira ticket MOB-5'],
  add_ticket_comment: [
    'add a comment to WEB-17',
    'reply on PAY-112 that it is deployed',
    'note on MOB-5 that we need design input',
  ],
  add_issue_labels: [
    'label PAY-112 as regression',
    'tag WEB-17 with frontend',
    'put the customer label on the jira ticket',
  ],
  remove_issue_labels: [
    'take the blocked label off PAY-112',
    'remove frontend from WEB-17 labels',
    'untag the jira ticket',
  ],
  get_available_transitions: [
    'where can WEB-17 go next',
    'which moves are allowed for PAY-112',
    'can MOB-5 go straight to done',
  ],
  transition_issue: [
    'move PAY-112 to done',
    'start progress on WEB-17',
    'resolve MOB-5',
    'send PAY-101 to code review',
  ],
  get_issue_aging: [
    'how long has PAY-112 been in review',
    'how old is WEB-17',
    'status history of MOB-5',
    'why is this ticket stuck',
  ],
  get_my_ticketing_work: [
    'my jira tickets',
    'what jira work is on my plate',
    'my blockers in the sprint',
    'what have I resolved in jira lately',
  ],
  get_developer_metrics: [
    'who closed the most jira tickets this month',
    'story points per engineer in PAY',
    'how much jira work each engineer carries',
  ],
  get_dora_metrics: [
    'how often do we release in jira',
    'jira release frequency and failures',
    'lead time from jira versions',
  ],
  get_sprint_metrics: [
    'how is the current sprint going',
    'will PAY finish the sprint',
    'velocity and burndown of the WEB sprint',
  ],
  get_throughput_metrics: [
    'how many tickets do we close a week',
    'are we resolving more or fewer tickets',
    'weekly jira throughput for PAY',
    'tickets finished each week and the trend',
  ],
  get_throughput_metrics_by_project: [
    'which project closes the most tickets',
    'throughput of each jira project side by side',
    'compare weekly resolved tickets across projects',
  ],
  get_project_productivity_metrics: [
    'cycle time of the PAY project',
    'how much work in progress does WEB have',
    'blocked tickets and flow in MOB',
    'lead time p90 for jira tickets',
  ],
  get_developer_metrics_all_projects: [
    'who works across several jira projects',
    'each engineer ticket load over every project',
    'per person jira figures for all teams',
  ],
  get_executive_summary_all_projects: [
    'leadership overview of all jira projects',
    'which projects need attention',
    'portfolio delivery status',
    'summary of every team for the exec meeting',
  ],
};
