import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { projectArgs, requiredProject } from './fields.js';
import { naming } from './jira.js';
import {
  Int,
  ProjectInfoSchema,
  ProjectSchema,
  StatusSchema,
  type Project,
  type ProjectInfo,
  type Status,
} from './schemas.js';
import { projectShape, statusShape, type JiraProjectLike, type JiraStatusLike } from './shapes.js';
import { storyPointsField } from './story-points.js';

export const getProjects = defineTool({
  system: 'ticketing',
  name: 'get_projects',
  title: 'List Jira projects',
  description:
    'List the Jira projects the credential can browse, ordered by key, with lead, type and style (classic or team-managed).',
  capability: { type: 'read', name: 'ticketing.projects.list' },
  input: z.object({}),
  list: { key: 'projects', defaultLimit: 50 },
  item: ProjectSchema,
  hints: {
    aliases: ['jira projects', 'list projects', 'which projects', 'project keys'],
    when_to_use: 'To see which Jira projects exist and their keys before asking about tickets of one project.',
    not_for:
      'code_host repositories (code_host_get_repositories); one project with its issue types (ticketing_get_project_info).',
    examples: [{ query: 'which jira projects do we have?', tool: 'get_projects', params: {} }],
  },
  async run({ client, page }): Promise<ListPage<Project>> {
    const result = await client('jira').v3.projects.searchProjects<{ values?: JiraProjectLike[]; total?: number }>({
      startAt: page.offset,
      maxResults: Math.min(100, page.limit + 1),
      orderBy: 'key',
      expand: 'description,lead',
    });
    const values = Array.isArray(result.values) ? result.values : [];
    return { items: values.map(projectShape), total: result.total, offsetApplied: true };
  },
});

export const getProjectInfo = defineTool({
  system: 'ticketing',
  name: 'get_project_info',
  title: 'Get a project with its issue types',
  description:
    'One Jira project with its issue types, components and the field it keeps story points in (discovered from its board and create screen). Give project_key or its alias project.',
  capability: { type: 'read', name: 'ticketing.projects.get' },
  input: z.object(projectArgs),
  output: ProjectInfoSchema,
  hints: {
    aliases: ['project details', 'issue types', 'project components', 'story points field', 'about project'],
    when_to_use:
      'To learn what a project contains (issue types, components, lead) before creating or searching tickets in it.',
    not_for: 'Its statuses (ticketing_get_available_statuses); its tickets (ticketing_get_tickets).',
    examples: [{ query: 'what issue types does WEB have?', tool: 'get_project_info', params: { project_key: 'WEB' } }],
  },
  async run({ client, args }): Promise<ProjectInfo> {
    const key = requiredProject(args);
    const clients = client('jira');
    const project = await naming(
      `Project ${key}`,
      clients.v3.projects.getProject<JiraProjectLike>({
        projectIdOrKey: key,
        expand: ['description', 'lead', 'issueTypes'],
      }),
    );
    const points = await storyPointsField(clients, key);
    return {
      ...projectShape(project),
      issueTypes: (project.issueTypes ?? []).map((t) => ({
        id: t.id ?? '',
        name: t.name ?? '',
        subtask: t.subtask ?? false,
      })),
      components: (project.components ?? []).map((c) => ({ id: c.id ?? '', name: c.name ?? '' })),
      story_points_field: points ? { ...points } : null,
    };
  },
});

export const getAvailableStatuses = defineTool({
  system: 'ticketing',
  name: 'get_available_statuses',
  title: 'List statuses of a project',
  description:
    "The statuses of a project's workflows (every issue type's, each status once) with their category: new (to do), indeterminate (in progress) or done.",
  capability: { type: 'read', name: 'ticketing.projects.statuses' },
  input: z.object(projectArgs),
  output: z.looseObject({ project_key: z.string(), statuses: z.array(StatusSchema), count: Int }),
  hints: {
    aliases: ['workflow statuses', 'status names', 'jira columns', 'possible states'],
    when_to_use:
      'To know the exact status names of a project (for ticketing_get_issues_by_status) or which ones count as done.',
    not_for: 'The moves one ticket can make now (ticketing_get_available_transitions).',
    examples: [
      { query: 'what statuses does WEB use?', tool: 'get_available_statuses', params: { project_key: 'WEB' } },
    ],
  },
  async run({ client, args }): Promise<{ project_key: string; statuses: Status[]; count: number }> {
    const key = requiredProject(args);
    const byType = await naming(
      `Project ${key}`,
      client('jira').v3.projects.getAllStatuses<Array<{ statuses?: JiraStatusLike[] }>>({ projectIdOrKey: key }),
    );
    const byId = new Map<string, Status>();
    for (const type of Array.isArray(byType) ? byType : [])
      for (const status of type.statuses ?? [])
        if (status.id && !byId.has(status.id)) byId.set(status.id, statusShape(status));
    const statuses = [...byId.values()];
    return { project_key: key, statuses, count: statuses.length };
  },
});
