import { z } from 'zod';

/**
 * Output schemas of the ticketing catalog. The mappers of shapes.ts are typed from these schemas
 * (`z.infer`), so a tool's result, its schema and the MCP outputSchema cannot drift apart. Objects are
 * loose (a field added later never breaks a client); values Jira defines per site (status, priority
 * and issue type names) are plain strings. Field names follow the spec, which follows Jira
 * (`accountId`, `issuetype`, `storyPoints`).
 */

/** An ISO 8601 timestamp. */
export const Timestamp = z.string().meta({ format: 'date-time' });
export const Int = z.number().int();
const WebUrl = z.string().nullable().describe('Page in the Jira web interface');

// ---- people ------------------------------------------------------------------------------------

/** A person as a reference inside another entity (assignee, reporter, author, lead). */
export const UserRefSchema = z.looseObject({
  accountId: z.string(),
  displayName: z.string(),
  emailAddress: z.string().nullable().describe('Null when the person hides it'),
});
export type UserRef = z.infer<typeof UserRefSchema>;

/** A Jira account (get_users, get_assignable_users, get_user_by_email). */
export const UserSchema = UserRefSchema.extend({
  active: z.boolean(),
  accountType: z.string().describe('atlassian (a person), app (a bot) or customer'),
  avatarUrls: z.record(z.string(), z.string()).describe('Avatar images by size ("48x48", ...)'),
});
export type User = z.infer<typeof UserSchema>;

// ---- projects ----------------------------------------------------------------------------------

export const ProjectSchema = z.looseObject({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  lead: UserRefSchema.nullable(),
  projectTypeKey: z.string().describe('software, business or service_desk'),
  style: z.string().describe('classic (company-managed) or next-gen (team-managed)'),
  url: WebUrl,
});
export type Project = z.infer<typeof ProjectSchema>;

const NamedSchema = z.looseObject({ id: z.string(), name: z.string() });

export const ProjectInfoSchema = ProjectSchema.extend({
  issueTypes: z.array(NamedSchema.extend({ subtask: z.boolean() })),
  components: z.array(NamedSchema),
  story_points_field: z
    .looseObject({
      id: z.string(),
      name: z.string(),
      source: z
        .string()
        .describe('board (estimation setting), createmeta (create screen) or fields (the only candidate)'),
    })
    .nullable()
    .describe('The field this project keeps story points in, as discovered; null when it has none'),
});
export type ProjectInfo = z.infer<typeof ProjectInfoSchema>;

// ---- statuses and transitions ------------------------------------------------------------------

export const StatusCategory = z.string().describe('new (to do), indeterminate (in progress) or done');

export const StatusSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  category: StatusCategory,
  description: z.string().nullable(),
});
export type Status = z.infer<typeof StatusSchema>;

export const TransitionSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  to: z.looseObject({ id: z.string(), name: z.string(), category: StatusCategory }),
});
export type Transition = z.infer<typeof TransitionSchema>;

// ---- tickets -----------------------------------------------------------------------------------

const TicketStatusSchema = z.looseObject({
  name: z.string(),
  id: z.string(),
  category: z.looseObject({ key: StatusCategory, name: z.string() }),
});

export const TicketSchema = z.looseObject({
  id: z.string(),
  key: z.string(),
  url: WebUrl,
  project: z.string().describe('Project key'),
  summary: z.string(),
  description: z.string().nullable().describe('Markdown (converted from Atlassian Document Format)'),
  status: TicketStatusSchema,
  priority: z.looseObject({ name: z.string(), id: z.string() }).nullable(),
  issuetype: z.looseObject({ name: z.string(), id: z.string(), subtask: z.boolean() }),
  assignee: UserRefSchema.nullable(),
  reporter: UserRefSchema.nullable(),
  labels: z.array(z.string()),
  created: Timestamp,
  updated: Timestamp,
  resolved: Timestamp.nullable().describe('When it was resolved; null while unresolved'),
  storyPoints: z
    .number()
    .nullable()
    .describe("From the field the ticket's project uses for story points; null when unestimated"),
  parent: z
    .looseObject({ key: z.string(), summary: z.string().nullable() })
    .nullable()
    .describe('Parent ticket (epic, or the story of a sub-task)'),
});
export type Ticket = z.infer<typeof TicketSchema>;

const SprintRefSchema = z.looseObject({
  id: Int,
  name: z.string(),
  state: z.string().describe('future, active or closed'),
});
export type SprintRef = z.infer<typeof SprintRefSchema>;

export const TicketDetailSchema = TicketSchema.extend({
  components: z.array(NamedSchema),
  sprint: SprintRefSchema.nullable().describe(
    'The active (else the latest) sprint the ticket is in; null when in none',
  ),
  subtasks: z.array(z.looseObject({ key: z.string(), summary: z.string(), status: z.string() })),
});
export type TicketDetail = z.infer<typeof TicketDetailSchema>;

export const CommentSchema = z.looseObject({
  id: z.string(),
  body: z.string().describe('Markdown (converted from Atlassian Document Format)'),
  author: UserRefSchema.nullable(),
  created: Timestamp,
  updated: Timestamp,
});
export type Comment = z.infer<typeof CommentSchema>;

/** What a list over several projects reports beside its collection. */
export const coverageShape = {
  projects_covered: Int.describe(
    'Projects read (1 when project_key was given); those that failed are in failed_sources',
  ),
};
export const CoverageSchema = z.object(coverageShape);
