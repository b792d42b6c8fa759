import { addCommit, lineCount, withFile } from '../git.js';
import { githubError, type GithubRequest } from './context.js';
import { fileCommit } from '../serializers/git.js';
import { branchOf, type GitActor, type RepoRecord } from '../state.js';
import { actorOf, advanceBranch } from './merge.js';

function missing(field: string): Error {
  return githubError(422, `Invalid request.\n\n"${field}" wasn't supplied.`);
}

function gitActor(raw: unknown, fallback: GitActor): GitActor {
  if (!raw || typeof raw !== 'object') return fallback;
  const { name, email, date } = raw as { name?: unknown; email?: unknown; date?: unknown };
  if (typeof name !== 'string' || typeof email !== 'string') return fallback;
  const at =
    typeof date === 'string' && !Number.isNaN(Date.parse(date))
      ? Math.floor(Date.parse(date) / 1000) * 1000
      : fallback.date;
  return { login: fallback.email.toLowerCase() === email.toLowerCase() ? fallback.login : null, name, email, date: at };
}

/**
 * PUT /contents/{path}: creates (201) or updates (200) a file on a branch as one commit. Updating needs
 * the current blob `sha`: 422 when it is missing, 409 when it is stale.
 */
export function putContents(
  gh: GithubRequest,
  repo: RepoRecord,
  rawPath: string,
  input: unknown,
): { status: number; json: Record<string, unknown> } {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const path = rawPath.replace(/^\/+|\/+$/g, '');
  if (typeof body.message !== 'string' || !body.message) throw missing('message');
  if (typeof body.content !== 'string') throw missing('content');
  if (!/^[A-Za-z0-9+/=\r\n]*$/.test(body.content)) throw githubError(422, 'content is not valid Base64');
  const branchName =
    typeof body.branch === 'string' && body.branch ? body.branch.replace(/^refs\/heads\//, '') : repo.defaultBranch;
  const branch = branchOf(repo, branchName);
  if (!branch) throw githubError(404, `Branch ${branchName} not found`);
  const parent = repo.commits.get(branch.sha)!;
  const existing = parent.tree.get(path);
  if ([...parent.tree.keys()].some((p) => p.startsWith(`${path}/`)))
    throw githubError(422, `path "${path}" is a directory`);
  if (existing && typeof body.sha !== 'string') throw missing('sha');
  if (existing && body.sha !== existing.sha) throw githubError(409, `${path} does not match ${String(body.sha)}`);
  const content = Buffer.from(body.content, 'base64').toString('utf8');
  const now = gh.now();
  const viewer = actorOf(gh, gh.state.viewer, now);
  const committer = gitActor(body.committer, viewer);
  const author = gitActor(body.author, committer);
  const tree = withFile(parent.tree, path, content);
  const commit = addCommit(repo, {
    parents: [parent.sha],
    tree,
    message: body.message,
    author,
    committer,
    additions: lineCount(content),
    deletions: existing ? lineCount(existing.content) : 0,
    files: [path],
  });
  advanceBranch(repo, branch.name, commit);
  repo.pushedAt = now;
  repo.updatedAt = now;
  return { status: existing ? 200 : 201, json: fileCommit(gh.view, repo, tree.get(path)!, branch.name, commit) };
}
