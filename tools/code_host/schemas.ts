import { z } from 'zod';

/**
 * Output schemas of the code_host catalog: what every tool returns, field by field. The mappers of
 * shapes.ts are typed from these schemas (`z.infer`), and `defineTool` checks each tool's result
 * against its `output`/`item`, so schemas, mappers and tools cannot drift apart. The registry turns
 * them into MCP `outputSchema`s, which clients validate every structured result against: a field that
 * can be null must be `.nullable()`, a figure that can be fractional must be `z.number()`.
 *
 * Objects are loose (extra fields allowed) so a field added later never breaks a client. Values that
 * come from GitHub (states, review verdicts, workflow states) are plain strings: GitHub adds values.
 */

/** An ISO 8601 timestamp (UTC, as GitHub writes them). */
export const Timestamp = z.string().meta({ format: 'date-time' });
/** A whole number: ids, counts. */
export const Int = z.number().int();

export const RepoName = z.string().describe('Repository as "owner/repo"');
const HtmlUrl = z.string().describe('Web page on the code host');

// ---- people ------------------------------------------------------------------------------------

/** A person as a reference inside another entity. */
export const UserRefSchema = z.looseObject({
  login: z.string(),
  id: Int,
  avatar_url: z.string().optional(),
});
export type UserRef = z.infer<typeof UserRefSchema>;

/** A code_host account's public profile (code_host_get_user_by_email). */
export const UserProfileSchema = z.looseObject({
  login: z.string(),
  id: Int,
  name: z.string().nullable(),
  email: z
    .string()
    .nullable()
    .describe('Public email of the account (the address searched for when the profile hides it)'),
  avatar_url: z.string().nullable(),
  company: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  html_url: HtmlUrl.nullable(),
  type: z.string().describe('User, Organization or Bot'),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

const CollaboratorPermissionsSchema = z.looseObject({
  admin: z.boolean(),
  maintain: z.boolean(),
  push: z.boolean(),
  triage: z.boolean(),
  pull: z.boolean(),
});
export type CollaboratorPermissions = z.infer<typeof CollaboratorPermissionsSchema>;

/** A person with access to a repository. */
const CollaboratorSchema = z.looseObject({
  login: z.string(),
  id: Int,
  avatar_url: z.string().nullable(),
  type: z.string().describe('User or Bot'),
  role_name: z.string().nullable().describe('Repository role: read, triage, write, maintain, admin or a custom role'),
  permissions: CollaboratorPermissionsSchema,
});
export type Collaborator = z.infer<typeof CollaboratorSchema>;

/** One item of code_host_get_repository_users: a person and every repository they can access. */
export const RepositoryUserSchema = CollaboratorSchema.extend({
  permissions: CollaboratorPermissionsSchema.describe(
    'Across several repositories: each permission the person holds in any of them',
  ),
  repositories: z.array(RepoName).describe('Repositories (owner/repo) the person can access'),
});
export type RepositoryUser = z.infer<typeof RepositoryUserSchema>;

/** One item of code_host_get_contributors. */
export const ContributorSchema = z.looseObject({
  login: z.string(),
  id: Int,
  contributions: Int.describe('Commits on the default branch (summed over the repositories covered)'),
  avatar_url: z.string().nullable(),
});
export type Contributor = z.infer<typeof ContributorSchema>;

// ---- repositories ------------------------------------------------------------------------------

/** A repository as lists return it. */
export const RepoSummarySchema = z.looseObject({
  id: Int,
  name: z.string(),
  full_name: RepoName.describe('"owner/repo": the repo_id other code_host tools take'),
  description: z.string().nullable(),
  url: z.string().describe('REST API URL of the repository'),
  html_url: HtmlUrl,
  default_branch: z.string(),
  private: z.boolean(),
  language: z.string().nullable().describe('Main language; null when GitHub detected none'),
  stargazers_count: Int,
  forks_count: Int,
  open_issues_count: Int.describe('Open issues plus open pull requests (GitHub counts both)'),
  created_at: Timestamp.nullable(),
  updated_at: Timestamp.nullable(),
});
export type RepoSummary = z.infer<typeof RepoSummarySchema>;

/** One repository with its owner, topics, license and the connected account's permissions. */
export const RepoDetailSchema = RepoSummarySchema.extend({
  owner: z.looseObject({ login: z.string(), id: Int, type: z.string().describe('User or Organization') }).nullable(),
  topics: z.array(z.string()),
  license: z.looseObject({ key: z.string(), name: z.string() }).nullable(),
  permissions: z
    .looseObject({ admin: z.boolean(), push: z.boolean(), pull: z.boolean() })
    .describe('What the connected account may do in the repository'),
});
export type RepoDetail = z.infer<typeof RepoDetailSchema>;

// ---- issues ------------------------------------------------------------------------------------

export const LabelSchema = z.looseObject({
  id: Int.describe('0 when GitHub gave only the name'),
  name: z.string(),
  color: z.string().describe('Hex colour without "#"; empty when unknown'),
});
export type Label = z.infer<typeof LabelSchema>;

export const IssueSchema = z.looseObject({
  id: Int,
  number: Int.describe('Number within the repository (the issue_number other tools take)'),
  title: z.string(),
  body: z.string().nullable().describe('Markdown; null when empty'),
  state: z.string().describe('open or closed'),
  state_reason: z
    .string()
    .nullable()
    .describe('Why it was closed or reopened: completed, not_planned, duplicate, reopened; null otherwise'),
  labels: z.array(LabelSchema),
  assignees: z.array(UserRefSchema),
  user: UserRefSchema.nullable().describe('Author; null for a deleted account'),
  comments: Int.describe('Number of conversation comments'),
  html_url: HtmlUrl,
  repo: RepoName.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  closed_at: Timestamp.nullable(),
});
export type Issue = z.infer<typeof IssueSchema>;

export const CommentSchema = z.looseObject({
  id: Int,
  body: z.string().describe('Markdown'),
  user: UserRefSchema.nullable().describe('Author; null for a deleted account'),
  html_url: HtmlUrl.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type IssueComment = z.infer<typeof CommentSchema>;

/** The labels of an issue after a label change. */
const IssueLabelsResultSchema = z.looseObject({
  repo: RepoName,
  issue_number: Int,
  labels: z.array(LabelSchema).describe('Every label now on the issue'),
});

export const AddLabelsResultSchema = IssueLabelsResultSchema.extend({
  added: z.array(z.string()).describe('The label names asked for'),
});

export const RemoveLabelsResultSchema = IssueLabelsResultSchema.extend({
  removed: z.array(z.string()).describe('Labels asked for that the issue carried and no longer does'),
  not_present: z.array(z.string()).describe('Labels asked for that the issue did not carry (nothing to remove)'),
});
export type AddLabelsResult = z.infer<typeof AddLabelsResultSchema>;
export type RemoveLabelsResult = z.infer<typeof RemoveLabelsResultSchema>;

// ---- pull requests -----------------------------------------------------------------------------

const ReviewSchema = z.looseObject({
  user: UserRefSchema.nullable(),
  state: z.string().describe('APPROVED, CHANGES_REQUESTED, COMMENTED, DISMISSED or PENDING'),
  submitted_at: Timestamp.nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

const GitRefSchema = z.looseObject({ ref: z.string().describe('Branch name'), sha: z.string() });

export const PullRequestSchema = z.looseObject({
  id: Int,
  number: Int.describe('Number within the repository (the pr_number other tools take)'),
  title: z.string(),
  body: z.string().nullable().describe('Markdown; null when empty'),
  state: z.string().describe('open or closed (a merged pull request is closed with merged true)'),
  draft: z.boolean(),
  merged: z.boolean(),
  merged_at: Timestamp.nullable(),
  user: UserRefSchema.nullable().describe('Author; null for a deleted account'),
  head: GitRefSchema.describe('Branch with the changes'),
  base: GitRefSchema.describe('Branch it merges into'),
  html_url: HtmlUrl,
  repo: RepoName.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  closed_at: Timestamp.nullable(),
  additions: Int.nullable().describe('Lines added; null when the details were not fetched'),
  deletions: Int.nullable().describe('Lines deleted; null when the details were not fetched'),
  changed_files: Int.nullable().describe('Files changed; null when the details were not fetched'),
  mergeable: z
    .boolean()
    .nullable()
    .describe('Whether it merges cleanly; null while GitHub computes it or when the details were not fetched'),
  requested_reviewers: z.array(z.string()).describe('Logins whose review is requested'),
  reviews: z
    .array(ReviewSchema)
    .nullable()
    .describe('Submitted reviews, oldest first; null when they were not fetched'),
});
export type PullRequest = z.infer<typeof PullRequestSchema>;

/** One item of code_host_get_stale_prs. */
export const StalePullRequestSchema = z.looseObject({
  number: Int,
  title: z.string(),
  user: UserRefSchema.nullable(),
  draft: z.boolean(),
  html_url: HtmlUrl,
  created_at: Timestamp,
  updated_at: Timestamp.describe('Last activity'),
  days_stale: Int.describe('Whole days since the last activity'),
  repo: RepoName,
});
export type StalePullRequest = z.infer<typeof StalePullRequestSchema>;

export const MergeResultSchema = z.looseObject({
  repo: RepoName,
  pr_number: Int,
  html_url: HtmlUrl,
  merged: z.boolean(),
  already_merged: z.boolean().describe('True when the pull request had been merged before this call'),
  sha: z.string().nullable().describe('The merge commit'),
  message: z.string(),
});
export type MergeResult = z.infer<typeof MergeResultSchema>;

// ---- git ---------------------------------------------------------------------------------------

export const BranchResultSchema = z.looseObject({
  ref: z.string().describe('Full ref, e.g. "refs/heads/fix-login"'),
  sha: z.string().describe('Commit the branch points at'),
  url: z.string().describe('REST API URL of the ref'),
  from_branch: z.string(),
});
export type BranchResult = z.infer<typeof BranchResultSchema>;

export const FileWriteResultSchema = z.looseObject({
  path: z.string(),
  sha: z.string().nullable().describe('Blob sha of the file as now stored'),
  html_url: HtmlUrl.nullable().optional().describe('The file on the code host; absent when nothing was committed'),
  created: z.boolean().describe('True when the file did not exist before'),
  unchanged: z.boolean().describe('True when the content was already the same: no commit was made'),
  commit: z
    .looseObject({ sha: z.string().nullable(), message: z.string(), html_url: HtmlUrl.nullable() })
    .nullable()
    .describe('The commit made; null when unchanged'),
  branch: z.string().nullable().describe('Branch written to; null for the default branch'),
});
export type FileWriteResult = z.infer<typeof FileWriteResultSchema>;

// ---- personal work -----------------------------------------------------------------------------

/** A pull request or issue in a work list (code_host_get_my_code_host_work). */
const WorkItemSchema = z.looseObject({
  repo: RepoName.nullable(),
  number: Int,
  title: z.string(),
  state: z.string().describe('open or closed'),
  draft: z.boolean(),
  user: UserRefSchema.nullable().describe('Author'),
  labels: z.array(z.string()).describe('Label names'),
  html_url: HtmlUrl,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type WorkItem = z.infer<typeof WorkItemSchema>;

/** What a fan-out over repositories reports beside its collection. */
export const coverageShape = {
  repositories_covered: Int.describe(
    'Repositories read (1 when repo_id was given); those that failed are in failed_sources',
  ),
};
export const CoverageSchema = z.object(coverageShape);

const WorkListSchema = z.array(WorkItemSchema).nullable().describe('Null when this search failed (see failed_sources)');
const WorkCountSchema = Int.nullable().describe(
  'Total matches (the list holds at most limit); null when the search failed',
);

export const MyWorkSchema = z.looseObject({
  user: z.looseObject({
    login: z.string(),
    resolved_from: z
      .enum(['username', 'email'])
      .describe("Whether the login was given or found from the caller's email"),
  }),
  open_pull_requests: WorkListSchema,
  review_requests: WorkListSchema.describe('Open pull requests waiting for their review; null when this search failed'),
  reviews_done: WorkListSchema.describe(
    'Pull requests of others they reviewed within the window; null when this search failed',
  ),
  assigned_issues: WorkListSchema,
  counts: z.looseObject({
    open_pull_requests: WorkCountSchema,
    review_requests: WorkCountSchema,
    reviews_done: WorkCountSchema,
    assigned_issues: WorkCountSchema,
  }),
  reviews_since: z.string().meta({ format: 'date' }).describe('Start of the reviews_done window (YYYY-MM-DD)'),
});
export type MyWork = z.infer<typeof MyWorkSchema>;
