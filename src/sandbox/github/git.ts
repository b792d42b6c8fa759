import { createHash } from 'node:crypto';
import type { CommitRecord, FileRecord, GitActor, RepoRecord, Tree } from './state.js';

/** Git's blob SHA-1 of a text, as `git hash-object` computes it. */
function blobSha(content: string): string {
  const bytes = Buffer.from(content, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

export function treeSha(tree: Tree): string {
  const hash = createHash('sha1').update('tree');
  for (const path of [...tree.keys()].sort()) hash.update(`${path}\0${tree.get(path)!.sha}\n`);
  return hash.digest('hex');
}

export function fileRecord(path: string, content: string): FileRecord {
  return { path, content, sha: blobSha(content) };
}

/** A copy of the tree with one file written. */
export function withFile(tree: Tree, path: string, content: string): Tree {
  const next = new Map(tree);
  next.set(path, fileRecord(path, content));
  return next;
}

interface NewCommit {
  parents: string[];
  tree: Tree;
  message: string;
  author: GitActor;
  committer?: GitActor;
  additions?: number;
  deletions?: number;
  files?: string[];
  verified?: boolean;
}

/** Builds a commit whose SHA is derived from its content (deterministic) and adds it to the repository. */
export function addCommit(repo: RepoRecord, input: NewCommit): CommitRecord {
  const committer = input.committer ?? input.author;
  const tSha = treeSha(input.tree);
  const sha = createHash('sha1')
    .update(
      `commit\n${tSha}\n${input.parents.join(' ')}\n${input.author.email} ${input.author.date}\n${committer.email} ${committer.date}\n${input.message}\n${repo.commits.size}`,
    )
    .digest('hex');
  const commit: CommitRecord = {
    sha,
    treeSha: tSha,
    tree: input.tree,
    message: input.message,
    author: input.author,
    committer,
    parents: input.parents,
    additions: input.additions ?? 0,
    deletions: input.deletions ?? 0,
    files: input.files ?? [],
    verified: input.verified ?? false,
  };
  repo.commits.set(sha, commit);
  return commit;
}

/** Commits reachable from `sha` (itself included). */
export function ancestors(repo: RepoRecord, sha: string): Set<string> {
  const seen = new Set<string>();
  const stack = [sha];
  while (stack.length) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    const commit = repo.commits.get(current);
    if (!commit) continue;
    seen.add(current);
    for (const parent of commit.parents) if (!seen.has(parent)) stack.push(parent);
  }
  return seen;
}

/** Commits reachable from `sha`, newest first (by committer date), as `git log` lists them. */
export function history(repo: RepoRecord, sha: string): CommitRecord[] {
  const commits = [...ancestors(repo, sha)].map((s) => repo.commits.get(s)!);
  return commits.sort((a, b) => b.committer.date - a.committer.date || b.author.date - a.author.date);
}

/** Commits in `head` that are not in `base`, oldest first. */
export function commitsBetween(repo: RepoRecord, baseSha: string, headSha: string): CommitRecord[] {
  const inBase = ancestors(repo, baseSha);
  return history(repo, headSha)
    .filter((commit) => !inBase.has(commit.sha))
    .reverse();
}

/** Resolves a branch, tag, `heads/x`, `refs/tags/x` or (abbreviated) SHA to a commit SHA. */
export function resolveRef(repo: RepoRecord, ref: string): string | undefined {
  const name = ref.replace(/^refs\//, '');
  const branch = repo.branches.find((b) => b.name === name || `heads/${b.name}` === name);
  if (branch) return branch.sha;
  const tag = repo.tags.find((t) => t.name === name || `tags/${t.name}` === name);
  if (tag) return tag.sha;
  if (/^[0-9a-f]{7,40}$/i.test(ref)) {
    const lower = ref.toLowerCase();
    if (repo.commits.has(lower)) return lower;
    for (const sha of repo.commits.keys()) if (sha.startsWith(lower)) return sha;
  }
  return undefined;
}

export function lineCount(text: string): number {
  if (!text) return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}
