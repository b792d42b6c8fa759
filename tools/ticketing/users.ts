import { z } from 'zod';
import { defineTool, type ListPage } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';
import { Email } from '../shared/fields.js';
import { IssueKey, projectArgs, projectOf } from './fields.js';
import { forEachProject, userByEmail } from './jira.js';
import { CoverageSchema, UserSchema, type User } from './schemas.js';
import { userShape, type JiraUserLike } from './shapes.js';

/** Most people one project's assignable list reads. */
const ASSIGNABLE_MAX = 1000;

export const getAssignableUsers = defineTool({
  system: 'ticketing',
  name: 'get_assignable_users',
  title: 'List assignable Jira users',
  description:
    'People who can be assigned tickets: in one project (project_key), on one ticket (issue_key), or in any accessible project when both are omitted (each person once).',
  capability: { type: 'read', name: 'ticketing.users.assignable' },
  input: z.object({ ...projectArgs, issue_key: IssueKey.optional() }),
  extra: CoverageSchema,
  list: { key: 'users', defaultLimit: 50 },
  item: UserSchema,
  hints: {
    aliases: ['who can be assigned', 'assignees', 'project members', 'jira team'],
    when_to_use: 'To find the account id of a teammate before assigning a ticket, or to list who works in a project.',
    not_for:
      'Everyone on the site (ticketing_get_users); one person by email (ticketing_get_user_by_email); code_host collaborators.',
    examples: [
      { query: 'who can I assign WEB tickets to?', tool: 'get_assignable_users', params: { project_key: 'WEB' } },
      { query: 'who could work on WEB-12?', tool: 'get_assignable_users', params: { issue_key: 'WEB-12' } },
    ],
  },
  async run(ctx): Promise<ListPage<User>> {
    const clients = ctx.client('jira');
    const v3 = clients.v3;
    const read = async (scope: { project?: string; issueKey?: string }) => {
      const users: JiraUserLike[] = [];
      for (let startAt = 0; users.length < ASSIGNABLE_MAX;) {
        const page = await v3.userSearch.findAssignableUsers<JiraUserLike[]>({ ...scope, startAt, maxResults: 100 });
        const values = Array.isArray(page) ? page : [];
        users.push(...values);
        startAt += values.length;
        if (values.length < 100) break;
      }
      return users;
    };
    const project = projectOf(ctx.args);
    const fan = ctx.args.issue_key
      ? {
          perProject: [{ project: ctx.args.issue_key, value: await read({ issueKey: ctx.args.issue_key }) }],
          coverage: { projects_covered: 1 },
        }
      : await forEachProject(ctx, clients, project, (key) => read({ project: key }));
    const byId = new Map<string, User>();
    for (const { value } of fan.perProject)
      for (const user of value)
        if (user.accountId && !byId.has(user.accountId)) byId.set(user.accountId, userShape(user));
    const users = [...byId.values()].sort((a, b) => a.displayName.localeCompare(b.displayName));
    return { items: users, total: users.length, extra: fan.coverage };
  },
});

export const getUsers = defineTool({
  system: 'ticketing',
  name: 'get_users',
  title: 'List Jira users',
  description:
    'People with a Jira account on the site, optionally matching a query (start of a name or email). Apps and deactivated accounts are left out unless asked for.',
  capability: { type: 'read', name: 'ticketing.users.list' },
  input: z.object({
    query: z.string().trim().min(1).max(100).optional().describe('Part of a display name or email address'),
    include_inactive: z.boolean().default(false).describe('Also deactivated accounts'),
    include_apps: z.boolean().default(false).describe('Also app (bot) accounts'),
  }),
  list: { key: 'users', defaultLimit: 50 },
  item: UserSchema,
  hints: {
    aliases: ['jira users', 'people in jira', 'find a person', 'user directory'],
    when_to_use: 'To look people up by name on the ticketing site or list everyone with an account.',
    not_for:
      'Who can be assigned in one project (ticketing_get_assignable_users); code_host accounts (code_host tools).',
    examples: [
      { query: 'find karen in jira', tool: 'get_users', params: { query: 'karen' } },
      { query: 'list all jira users', tool: 'get_users', params: {} },
    ],
  },
  async run({ client, args }): Promise<ListPage<User>> {
    const v3 = client('jira').v3;
    const all: JiraUserLike[] = [];
    for (let startAt = 0; all.length < 2000;) {
      const page = args.query
        ? await v3.userSearch.findUsers<JiraUserLike[]>({ query: args.query, startAt, maxResults: 100 })
        : await v3.users.getAllUsers<JiraUserLike[]>({ startAt, maxResults: 100 });
      const values = Array.isArray(page) ? page : [];
      all.push(...values);
      startAt += values.length;
      if (values.length < 100) break;
    }
    const users = all
      .filter(
        (u) =>
          u.accountId &&
          (args.include_inactive || u.active !== false) &&
          (args.include_apps || (u.accountType ?? 'atlassian') === 'atlassian'),
      )
      .map(userShape)
      .sort((a, b) => a.displayName.localeCompare(b.displayName));
    return { items: users, total: users.length };
  },
});

export const getUserByEmail = defineTool({
  system: 'ticketing',
  name: 'get_user_by_email',
  title: 'Find a Jira user by email',
  description: 'The Jira account with exactly this email address (case-insensitive): account id, display name, status.',
  capability: { type: 'read', name: 'ticketing.users.by_email' },
  input: z.object({ email: Email.describe('Email address of the person') }),
  output: UserSchema,
  hints: {
    aliases: ['jira account of', 'account id for email', 'lookup user email'],
    when_to_use:
      "When you know someone's email and need their Jira account id (to assign tickets or filter by assignee).",
    not_for: 'code_host accounts (code_host_get_user_by_email); searching by name (ticketing_get_users).',
    examples: [
      { query: 'jira account of karenc@acme.test', tool: 'get_user_by_email', params: { email: 'karenc@acme.test' } },
    ],
  },
  async run({ client, args }): Promise<User> {
    const user = await userByEmail(client('jira').v3, args.email);
    if (!user) throw new AppError('NOT_FOUND', `No ticketing user has the email ${args.email}`);
    return userShape(user);
  },
});
