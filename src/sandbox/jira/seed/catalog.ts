import {
  FIELD_IDS,
  type FieldDef,
  type IssueTypeDef,
  type PriorityDef,
  type ResolutionDef,
  type StatusDef,
  type WorkflowDef,
} from '../state.js';

/** The site-wide definitions every seeded Jira shares: statuses, workflows, types, fields. */

export const STATUSES: StatusDef[] = [
  { id: '10000', name: 'To Do', category: 'new' },
  { id: '3', name: 'In Progress', category: 'indeterminate' },
  { id: '10001', name: 'Done', category: 'done' },
  { id: '10002', name: 'In Review', category: 'indeterminate' },
  { id: '10003', name: 'QA', category: 'indeterminate' },
];

/** A team-managed project's own statuses (ids scoped to the project, as Jira gives them). */
export function teamManagedStatuses(projectId: string, base: number): StatusDef[] {
  return [
    { id: String(base), name: 'To Do', category: 'new', scopeProjectId: projectId },
    { id: String(base + 1), name: 'In Progress', category: 'indeterminate', scopeProjectId: projectId },
    { id: String(base + 2), name: 'Blocked', category: 'indeterminate', scopeProjectId: projectId },
    { id: String(base + 3), name: 'Done', category: 'done', scopeProjectId: projectId },
  ];
}

/** To Do → In Progress → Done, with stop and reopen. */
export const SCRUM_WORKFLOW: WorkflowDef = {
  name: 'Software Simplified Workflow',
  statusIds: ['10000', '3', '10001'],
  transitions: [
    { id: '11', name: 'Start Progress', from: ['10000'], to: '3' },
    { id: '21', name: 'Done', from: ['3'], to: '10001' },
    { id: '31', name: 'Stop Progress', from: ['3'], to: '10000' },
    { id: '41', name: 'Reopen', from: ['10001'], to: '10000' },
  ],
};

/** To Do → In Progress → In Review → QA → Done; review and QA send work back. */
export const REVIEW_WORKFLOW: WorkflowDef = {
  name: 'Mobile Delivery Workflow',
  statusIds: ['10000', '3', '10002', '10003', '10001'],
  transitions: [
    { id: '11', name: 'Start Progress', from: ['10000'], to: '3' },
    { id: '51', name: 'Submit for Review', from: ['3'], to: '10002' },
    { id: '61', name: 'Request Changes', from: ['10002'], to: '3' },
    { id: '71', name: 'Ready for QA', from: ['10002'], to: '10003' },
    { id: '81', name: 'QA Failed', from: ['10003'], to: '3' },
    { id: '91', name: 'QA Passed', from: ['10003'], to: '10001' },
    { id: '41', name: 'Reopen', from: ['10001'], to: '10000' },
  ],
};

/** A team-managed kanban: any active state may block; Blocked returns to work. */
export function blockedWorkflow(statuses: StatusDef[]): WorkflowDef {
  const [todo, progress, blocked, done] = statuses.map((s) => s.id);
  return {
    name: 'Operations Kanban Workflow',
    statusIds: [todo, progress, blocked, done],
    transitions: [
      { id: '11', name: 'Start', from: [todo], to: progress },
      { id: '21', name: 'Block', from: [todo, progress], to: blocked },
      { id: '31', name: 'Unblock', from: [blocked], to: progress },
      { id: '41', name: 'Resolve', from: [progress], to: done },
      { id: '51', name: 'Reopen', from: [done], to: todo },
    ],
  };
}

export const ISSUE_TYPES: IssueTypeDef[] = [
  {
    id: '10000',
    name: 'Epic',
    description: 'A big user story that needs to be broken down.',
    subtask: false,
    hierarchyLevel: 1,
  },
  {
    id: '10001',
    name: 'Story',
    description: 'Functionality or a feature expressed as a user goal.',
    subtask: false,
    hierarchyLevel: 0,
  },
  { id: '10002', name: 'Task', description: 'A small, distinct piece of work.', subtask: false, hierarchyLevel: 0 },
  { id: '10003', name: 'Bug', description: 'A problem or error.', subtask: false, hierarchyLevel: 0 },
  {
    id: '10004',
    name: 'Subtask',
    description: 'A small piece of work that is part of a larger task.',
    subtask: true,
    hierarchyLevel: -1,
  },
  { id: '10005', name: 'Incident', description: 'A disruption of a service.', subtask: false, hierarchyLevel: 0 },
];
export const TYPE = {
  epic: '10000',
  story: '10001',
  task: '10002',
  bug: '10003',
  subtask: '10004',
  incident: '10005',
} as const;

export const PRIORITIES: PriorityDef[] = [
  { id: '1', name: 'Highest' },
  { id: '2', name: 'High' },
  { id: '3', name: 'Medium' },
  { id: '4', name: 'Low' },
  { id: '5', name: 'Lowest' },
];

export const RESOLUTIONS: ResolutionDef[] = [
  { id: '10000', name: 'Done', description: 'Work has been completed on this issue.' },
  { id: '10001', name: "Won't Do", description: "This issue won't be actioned." },
  { id: '10002', name: 'Duplicate', description: 'The problem is a duplicate of an existing issue.' },
];

const system = (id: string, name: string, type: string, clauseNames: string[], items?: string): FieldDef => ({
  id,
  key: id,
  name,
  custom: false,
  schema: { type, system: id, ...(items ? { items } : {}) },
  clauseNames,
});
const custom = (id: string, name: string, type: string, customType: string, items?: string): FieldDef => ({
  id,
  key: id,
  name,
  custom: true,
  schema: { type, custom: customType, customId: Number(id.replace('customfield_', '')), ...(items ? { items } : {}) },
  clauseNames: [`cf[${id.replace('customfield_', '')}]`, name],
});

export const FIELDS: FieldDef[] = [
  { id: 'issuekey', key: 'issuekey', name: 'Key', custom: false, clauseNames: ['id', 'issue', 'issuekey', 'key'] },
  system('summary', 'Summary', 'string', ['summary']),
  system('description', 'Description', 'string', ['description']),
  system('status', 'Status', 'status', ['status']),
  system('priority', 'Priority', 'priority', ['priority']),
  system('issuetype', 'Issue Type', 'issuetype', ['issuetype', 'type']),
  system('assignee', 'Assignee', 'user', ['assignee']),
  system('reporter', 'Reporter', 'user', ['reporter']),
  system('creator', 'Creator', 'user', ['creator']),
  system('labels', 'Labels', 'array', ['labels'], 'string'),
  system('created', 'Created', 'datetime', ['created', 'createdDate']),
  system('updated', 'Updated', 'datetime', ['updated', 'updatedDate']),
  system('resolution', 'Resolution', 'resolution', ['resolution']),
  system('resolutiondate', 'Resolved', 'datetime', ['resolutiondate', 'resolved']),
  system('project', 'Project', 'project', ['project']),
  system('parent', 'Parent', 'issuelink', ['parent']),
  system('fixVersions', 'Fix versions', 'array', ['fixVersion'], 'version'),
  system('versions', 'Affects versions', 'array', ['affectedVersion'], 'version'),
  system('comment', 'Comment', 'comments-page', ['comment']),
  system('worklog', 'Log Work', 'array', [], 'worklog'),
  system('timespent', 'Time Spent', 'number', ['timespent']),
  system('subtasks', 'Sub-tasks', 'array', ['subtasks'], 'issuelinks'),
  custom(FIELD_IDS.storyPoints, 'Story Points', 'number', 'com.atlassian.jira.plugin.system.customfieldtypes:float'),
  custom(FIELD_IDS.storyPointEstimate, 'Story point estimate', 'number', 'com.pyxis.greenhopper.jira:jsw-story-points'),
  custom(FIELD_IDS.sprint, 'Sprint', 'array', 'com.pyxis.greenhopper.jira:gh-sprint', 'json'),
  custom(
    FIELD_IDS.flagged,
    'Flagged',
    'array',
    'com.atlassian.jira.plugin.system.customfieldtypes:multicheckboxes',
    'option',
  ),
  custom(FIELD_IDS.rank, 'Rank', 'any', 'com.pyxis.greenhopper.jira:gh-lexo-rank'),
];

export interface ProjectProfile {
  key: string;
  name: string;
  description: string;
  style: 'classic' | 'next-gen';
  board: 'scrum' | 'kanban';
  workflow: 'scrum' | 'review' | 'blocked';
  storyPointsFieldId: string;
  /** Releases every ~2 weeks. */
  releases: boolean;
  /** Share of the workspace's tickets (relative weight). */
  weight: number;
  topics: string[];
}

const ACME: ProjectProfile[] = [
  {
    key: 'WEB',
    name: 'Web Storefront',
    description: 'The customer-facing web shop.',
    style: 'classic',
    board: 'scrum',
    workflow: 'scrum',
    storyPointsFieldId: FIELD_IDS.storyPoints,
    releases: true,
    weight: 1.2,
    topics: [
      'checkout',
      'search page',
      'product grid',
      'cart',
      'login form',
      'wishlist',
      'SEO tags',
      'image lazy loading',
    ],
  },
  {
    key: 'API',
    name: 'Public API',
    description: 'REST API behind the web and mobile apps.',
    style: 'classic',
    board: 'scrum',
    workflow: 'scrum',
    storyPointsFieldId: FIELD_IDS.storyPoints,
    releases: true,
    weight: 1,
    topics: [
      'orders endpoint',
      'rate limiter',
      'auth tokens',
      'pagination',
      'webhooks',
      'payment gateway',
      'OpenAPI docs',
      'inventory sync',
    ],
  },
  {
    key: 'MOB',
    name: 'Mobile Apps',
    description: 'iOS and Android apps.',
    style: 'classic',
    board: 'scrum',
    workflow: 'review',
    storyPointsFieldId: FIELD_IDS.storyPoints,
    releases: true,
    weight: 0.9,
    topics: [
      'push notifications',
      'offline mode',
      'onboarding',
      'dark mode',
      'deep links',
      'app store build',
      'crash reporting',
    ],
  },
  {
    key: 'OPS',
    name: 'Operations',
    description: 'Infrastructure, on-call and incidents.',
    style: 'next-gen',
    board: 'kanban',
    workflow: 'blocked',
    storyPointsFieldId: FIELD_IDS.storyPointEstimate,
    releases: false,
    weight: 0.7,
    topics: [
      'Kubernetes upgrade',
      'database failover',
      'TLS certificates',
      'backup restore drill',
      'alert noise',
      'CDN config',
      'cost report',
    ],
  },
];

const GLOBEX: ProjectProfile[] = [
  {
    key: 'PLAT',
    name: 'Platform',
    description: 'Shared platform services.',
    style: 'classic',
    board: 'scrum',
    workflow: 'scrum',
    storyPointsFieldId: FIELD_IDS.storyPoints,
    releases: true,
    weight: 1,
    topics: ['service mesh', 'feature flags', 'event bus', 'config service', 'tenant isolation', 'audit log'],
  },
  {
    key: 'BILL',
    name: 'Billing',
    description: 'Invoices, payments and subscriptions.',
    style: 'classic',
    board: 'scrum',
    workflow: 'review',
    storyPointsFieldId: FIELD_IDS.storyPoints,
    releases: true,
    weight: 0.8,
    topics: ['invoice PDF', 'tax rules', 'proration', 'dunning emails', 'refunds', 'currency conversion'],
  },
];

/** The projects seeded per workspace (before scale adds more). */
export const PROJECT_PROFILES: Record<string, ProjectProfile[]> = { acme: ACME, globex: GLOBEX };

const EXTRA_TOPICS = [
  'reporting',
  'exports',
  'notifications',
  'permissions',
  'settings page',
  'data import',
  'caching',
  'monitoring',
];

/** An additional project for large scales, cycling through the three workflows. */
export function extraProfile(index: number): ProjectProfile {
  const kind = index % 3;
  return {
    key: `P${String.fromCharCode(65 + (index % 26))}${Math.floor(index / 26) || ''}X`,
    name: `Product Line ${index + 1}`,
    description: 'An additional product team.',
    style: kind === 2 ? 'next-gen' : 'classic',
    board: kind === 2 ? 'kanban' : 'scrum',
    workflow: kind === 0 ? 'scrum' : kind === 1 ? 'review' : 'blocked',
    storyPointsFieldId: kind === 2 ? FIELD_IDS.storyPointEstimate : FIELD_IDS.storyPoints,
    releases: kind !== 2,
    weight: 1,
    topics: EXTRA_TOPICS,
  };
}
