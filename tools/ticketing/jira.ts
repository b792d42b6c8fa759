/**
 * Helpers the ticketing tools share: naming a missing resource, the fan-out over every accessible
 * project, and finding a person by account id or email.
 */
import type { Version3Client } from 'jira.js';
import type { ToolRunContext } from '../../src/toolkit/define-tool.js';
import { AppError, type ErrorCode } from '../../src/toolkit/errors.js';
import type { JiraProjectLike, JiraUserLike } from './shapes.js';
import type { JiraClients } from '../../src/integrations/atlassian/jira-client.js';

/** Most projects a fan-out covers. */
const FAN_OUT_PROJECT_CAP = 200;

interface HttpExceptionLike {
  name?: unknown;
  status?: unknown;
  upstreamStatus?: unknown;
  response?: { data?: unknown };
  cause?: unknown;
}

/** The HTTP status behind an error thrown by jira.js (its HttpException) or already mapped (AppError). */
export function jiraStatus(error: unknown): number | undefined {
  for (
    let current = error as HttpExceptionLike | undefined, depth = 0;
    current && typeof current === 'object' && depth < 4;
    depth++
  ) {
    if (current instanceof AppError) return current.upstreamStatus;
    if (typeof current.status === 'number' && current.status >= 400) return current.status;
    current = current.cause as HttpExceptionLike | undefined;
  }
  return undefined;
}

/**
 * Runs a Jira call for one resource; its 404 says which resource was missing ("Ticket PAY-999 not
 * found") instead of Jira's generic message. Other failures pass unchanged.
 */
export async function naming<T>(resource: string, request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (jiraStatus(error) !== 404) throw error;
    throw new AppError('NOT_FOUND', `${resource} not found`, { upstreamStatus: 404, cause: error });
  }
}

/** Every project the credential can browse (paged by startAt, as project search is). */
async function accessibleProjects(v3: Version3Client, max = FAN_OUT_PROJECT_CAP): Promise<JiraProjectLike[]> {
  const projects: JiraProjectLike[] = [];
  for (let startAt = 0; projects.length < max;) {
    const page = await v3.projects.searchProjects<{ values?: JiraProjectLike[]; isLast?: boolean; total?: number }>({
      startAt,
      maxResults: Math.min(50, max - projects.length),
      orderBy: 'key',
      expand: 'description,lead',
    });
    const values = Array.isArray(page.values) ? page.values : [];
    projects.push(...values);
    startAt += values.length;
    if (page.isLast !== false || values.length === 0) break;
  }
  return projects;
}

/** The keys of every project the credential can browse. */
export async function accessibleProjectKeys(v3: Version3Client): Promise<string[]> {
  return (await accessibleProjects(v3)).map((p) => p.key).filter((k): k is string => !!k);
}

interface ProjectFanOut<T> {
  perProject: Array<{ project: string; value: T }>;
  coverage: { projects_covered: number };
}

/**
 * Runs `fn` for one project (errors propagate) or for every accessible project when `projectKey`
 * is omitted (bounded concurrency). Failures of single projects are reported (failed_sources), not
 * thrown, unless every project failed.
 */
export async function forEachProject<A, T>(
  ctx: ToolRunContext<A>,
  clients: JiraClients,
  projectKey: string | undefined,
  fn: (project: string) => Promise<T>,
): Promise<ProjectFanOut<T>> {
  if (projectKey)
    return { perProject: [{ project: projectKey, value: await fn(projectKey) }], coverage: { projects_covered: 1 } };
  const keys = await accessibleProjectKeys(clients.v3);
  const outcome = await ctx.fanOut(keys, fn, { label: (key) => key });
  if (outcome.results.length === 0 && outcome.failed.length > 0) {
    const first = outcome.failed[0];
    throw new AppError(first.error.code as ErrorCode, `${first.resource}: ${first.error.message}`, {
      details: outcome.failed,
    });
  }
  return {
    perProject: outcome.results.map(({ resource, value }) => ({ project: resource, value })),
    coverage: { projects_covered: outcome.covered - outcome.failed.length },
  };
}

interface UserSearchHit extends JiraUserLike {
  accountType?: string;
}

/** The account whose email is `email` (exact, case-insensitive), or undefined. */
export async function userByEmail(v3: Version3Client, email: string): Promise<UserSearchHit | undefined> {
  const found = await v3.userSearch.findUsers<UserSearchHit[]>({ query: email, maxResults: 20 });
  return (Array.isArray(found) ? found : []).find((u) => u.emailAddress?.toLowerCase() === email.toLowerCase());
}

/** An account id as given, or the account of an email address (a 404 naming it when none has it). */
export async function accountIdOf(v3: Version3Client, ref: string): Promise<string> {
  if (!ref.includes('@')) return ref;
  const user = await userByEmail(v3, ref);
  if (!user?.accountId) throw new AppError('NOT_FOUND', `No ticketing user has the email ${ref}`);
  return user.accountId;
}
