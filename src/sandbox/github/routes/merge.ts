import { addCommit } from '../git.js';
import type { GithubRequest } from './context.js';
import type { PullIssue } from '../serializers/pulls.js';
import { branchOf, pullsOf, userOf, type CommitRecord, type GitActor, type RepoRecord } from '../state.js';
import { recordEvent } from './issue-updates.js';

export function actorOf(gh: GithubRequest, login: string, at: number): GitActor {
  const user = userOf(gh.state, login);
  return { login, name: user?.name ?? login, email: user?.email ?? `${login}@users.noreply.github.com`, date: at };
}

function webFlow(at: number): GitActor {
  return { login: 'web-flow', name: 'GitHub', email: 'noreply@github.com', date: at };
}

/** Moves a branch to a new commit and lets the open pull requests from that branch pick the commit up. */
export function advanceBranch(repo: RepoRecord, branch: string, commit: CommitRecord): void {
  const record = branchOf(repo, branch);
  if (!record) return;
  record.sha = commit.sha;
  for (const pr of pullsOf(repo)) {
    if (pr.state !== 'open' || pr.pull.headRef !== branch) continue;
    pr.pull.headSha = commit.sha;
    pr.pull.commitShas.push(commit.sha);
    pr.pull.additions += commit.additions;
    pr.pull.deletions += commit.deletions;
    pr.pull.changedFiles = new Set(pr.pull.commitShas.flatMap((sha) => repo.commits.get(sha)?.files ?? [])).size;
    pr.updatedAt = commit.committer.date;
  }
}

/** Merges a pull request into its base branch with GitHub's commit shapes; returns the resulting SHA. */
export function mergePull(
  gh: GithubRequest,
  repo: RepoRecord,
  record: PullIssue,
  method: 'merge' | 'squash' | 'rebase',
  text: { title?: string; message?: string },
): string {
  const { pull } = record;
  const base = branchOf(repo, pull.baseRef);
  const head = repo.commits.get(pull.headSha);
  if (!base || !head) throw new Error(`pull request #${record.number} has no base or head`);
  const now = gh.now();
  const commits = pull.commitShas.map((sha) => repo.commits.get(sha)!).filter(Boolean);
  const totals = {
    additions: pull.additions,
    deletions: pull.deletions,
    files: [...new Set(commits.flatMap((c) => c.files))],
  };
  let result: CommitRecord;
  if (method === 'merge') {
    const title = text.title ?? `Merge pull request #${record.number} from ${repo.owner}/${pull.headRef}`;
    result = addCommit(repo, {
      parents: [base.sha, head.sha],
      tree: head.tree,
      message: `${title}\n\n${text.message ?? record.title}`,
      author: actorOf(gh, gh.state.viewer, now),
      committer: webFlow(now),
      verified: true,
      ...totals,
    });
  } else if (method === 'squash') {
    const title = text.title ?? `${record.title} (#${record.number})`;
    const details = text.message ?? commits.map((c) => `* ${c.message.split('\n')[0]}`).join('\n');
    result = addCommit(repo, {
      parents: [base.sha],
      tree: head.tree,
      message: `${title}\n\n${details}`,
      author: actorOf(gh, record.user, now),
      committer: webFlow(now),
      verified: true,
      ...totals,
    });
  } else {
    let parent = base.sha;
    result = head;
    for (const original of commits) {
      result = addCommit(repo, {
        parents: [parent],
        tree: original.tree,
        message: original.message,
        author: original.author,
        committer: webFlow(now),
        verified: true,
        additions: original.additions,
        deletions: original.deletions,
        files: original.files,
      });
      parent = result.sha;
    }
  }
  pull.baseSha = base.sha;
  base.sha = result.sha;
  pull.merged = true;
  pull.mergedAt = now;
  pull.mergedBy = gh.state.viewer;
  pull.mergeCommitSha = result.sha;
  record.state = 'closed';
  record.closedAt = now;
  record.closedBy = gh.state.viewer;
  record.updatedAt = now;
  recordEvent(gh, repo, record, 'merged', { commitId: result.sha });
  recordEvent(gh, repo, record, 'closed');
  if (repo.deleteBranchOnMerge && !branchOf(repo, pull.headRef)?.protected) {
    repo.branches = repo.branches.filter((b) => b.name !== pull.headRef);
    recordEvent(gh, repo, record, 'head_ref_deleted');
  }
  repo.pushedAt = now;
  repo.updatedAt = now;
  return result.sha;
}
