import { z } from 'zod';
import { AppError } from '../../src/toolkit/errors.js';

/** Argument schemas shared by the ticketing tools (and the analytical ones). */

/** A project key as Jira spells them: a letter, then letters, digits or underscores; upper-cased. */
export const ProjectKey = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z][A-Za-z0-9_]{0,49}$/,
    'project_key must be a Jira project key such as "PAY" (letters, digits, underscores)',
  )
  .transform((key) => key.toUpperCase())
  .describe('Project key, e.g. "PAY"');

/** `project`: the spec's alias of `project_key`. */
const ProjectAlias = ProjectKey.describe('Alias of project_key');

/** The project of a call that accepts `project_key` or its alias `project`; both given must agree. */
export function projectOf(args: { project_key?: string; project?: string }): string | undefined {
  if (args.project_key && args.project && args.project_key !== args.project) {
    throw new AppError(
      'VALIDATION_ERROR',
      `project_key "${args.project_key}" and project "${args.project}" disagree: give one of them`,
    );
  }
  return args.project_key ?? args.project;
}

/** The project of a tool that needs one: `project_key` or its alias `project`. */
export function requiredProject(args: { project_key?: string; project?: string }): string {
  const key = projectOf(args);
  if (!key) throw new AppError('VALIDATION_ERROR', 'project_key is required (or its alias project)');
  return key;
}

/** `project_key` and its alias `project`, both optional in the schema (one is required by the tool or not). */
export const projectArgs = { project_key: ProjectKey.optional(), project: ProjectAlias.optional() };

export const IssueKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}-[1-9]\d{0,9}$/, 'issue_key must be a ticket key such as "PAY-123"')
  .transform((key) => key.toUpperCase())
  .describe('Ticket key, e.g. "PAY-123"');

/** An Atlassian account id (`5b10a2844c20165700ede21g`, `557058:f581...`) or an email address to look up. */
export const AccountRef = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .regex(
    /^(?:[A-Za-z0-9:_-]{1,128}|[^\s@"\\]+@[^\s@"\\]+\.[^\s@"\\]+)$/,
    'must be an Atlassian account id or an email address',
  );

export const StatusName = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .describe('Status name as the project names it, e.g. "In Progress" (case-insensitive)');

export const IssueTypeName = z
  .string()
  .trim()
  .transform((name, ctx) => {
    const known = ['Task', 'Bug', 'Story', 'Epic'].find((t) => t.toLowerCase() === name.toLowerCase());
    if (!known) ctx.addIssue({ code: 'custom', message: 'issue_type must be one of Task, Bug, Story, Epic' });
    return known ?? name;
  })
  .meta({ enum: ['Task', 'Bug', 'Story', 'Epic'] })
  .describe('Task, Bug, Story or Epic');

export const PriorityName = z
  .string()
  .trim()
  .transform((name, ctx) => {
    const known = ['Highest', 'High', 'Medium', 'Low', 'Lowest'].find((p) => p.toLowerCase() === name.toLowerCase());
    if (!known) ctx.addIssue({ code: 'custom', message: 'priority must be one of Highest, High, Medium, Low, Lowest' });
    return known ?? name;
  })
  .meta({ enum: ['Highest', 'High', 'Medium', 'Low', 'Lowest'] })
  .describe('Highest, High, Medium, Low or Lowest');

export const Summary = z.string().trim().min(1).max(255).describe('One-line summary (title) of the ticket');
export const Description = z
  .string()
  .max(32_000)
  .describe('Description in Markdown or plain text (stored as Atlassian Document Format)');
export const TicketLabels = z
  .array(z.string().trim().min(1).max(255).regex(/^\S+$/, 'Jira labels cannot contain spaces'))
  .max(50);
export const StoryPoints = z
  .number()
  .min(0)
  .max(1000)
  .describe('Story points, written to the field the project uses for them');
