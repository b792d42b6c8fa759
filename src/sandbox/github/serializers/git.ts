import {
  iso,
  type BranchRecord,
  type CommitRecord,
  type FileRecord,
  type GitActor,
  type RepoRecord,
} from '../state.js';
import { encodePath, nodeId, repoApi, repoHtml, type View } from './common.js';
import { simpleUser } from './users.js';

type Json = Record<string, unknown>;

function gitUser(actor: GitActor): Json {
  return { name: actor.name, email: actor.email, date: iso(actor.date) };
}

function linkedUser(view: View, actor: GitActor): Json {
  return actor.login ? simpleUser(view, actor.login) : {};
}

const UNSIGNED = { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null };

function verification(commit: CommitRecord): Json {
  return commit.verified
    ? { verified: true, reason: 'valid', signature: null, payload: null, verified_at: iso(commit.committer.date) }
    : { ...UNSIGNED };
}

/** `commit` (list items omit `stats` and `files`, as GitHub's lists do). */
export function commit(view: View, repo: RepoRecord, record: CommitRecord, options: { detailed?: boolean } = {}): Json {
  const api = repoApi(view, repo);
  const body: Json = {
    sha: record.sha,
    node_id: nodeId('Commit', record.sha),
    commit: {
      author: gitUser(record.author),
      committer: gitUser(record.committer),
      message: record.message,
      tree: { sha: record.treeSha, url: `${api}/git/trees/${record.treeSha}` },
      url: `${api}/git/commits/${record.sha}`,
      comment_count: 0,
      verification: verification(record),
    },
    url: `${api}/commits/${record.sha}`,
    html_url: `${repoHtml(view, repo)}/commit/${record.sha}`,
    comments_url: `${api}/commits/${record.sha}/comments`,
    author: linkedUser(view, record.author),
    committer: linkedUser(view, record.committer),
    parents: record.parents.map((sha) => ({
      sha,
      url: `${api}/commits/${sha}`,
      html_url: `${repoHtml(view, repo)}/commit/${sha}`,
    })),
  };
  if (options.detailed) {
    body.stats = {
      total: record.additions + record.deletions,
      additions: record.additions,
      deletions: record.deletions,
    };
  }
  return body;
}

/** `short-branch`. */
export function shortBranch(view: View, repo: RepoRecord, branch: BranchRecord): Json {
  return {
    name: branch.name,
    commit: { sha: branch.sha, url: `${repoApi(view, repo)}/commits/${branch.sha}` },
    protected: branch.protected,
  };
}

/** `git-ref` for `refs/heads/x` or `refs/tags/x`. */
export function gitRef(view: View, repo: RepoRecord, ref: string, sha: string): Json {
  const api = repoApi(view, repo);
  return {
    ref,
    node_id: nodeId('Ref', `${repo.id}:${ref}`),
    url: `${api}/git/${encodePath(ref)}`,
    object: { sha, type: 'commit', url: `${api}/git/commits/${sha}` },
  };
}

function contentLinks(
  view: View,
  repo: RepoRecord,
  path: string,
  sha: string,
  ref: string,
  type: 'file' | 'dir',
): Json {
  const api = repoApi(view, repo);
  const self = `${api}/contents/${encodePath(path)}?ref=${encodeURIComponent(ref)}`;
  const git = type === 'file' ? `${api}/git/blobs/${sha}` : `${api}/git/trees/${sha}`;
  const html = `${repoHtml(view, repo)}/${type === 'file' ? 'blob' : 'tree'}/${encodeURIComponent(ref)}/${encodePath(path)}`;
  return {
    url: self,
    git_url: git,
    html_url: html,
    download_url:
      type === 'file'
        ? `https://raw.sandbox.test/${repo.fullName}/${encodeURIComponent(ref)}/${encodePath(path)}`
        : null,
    _links: { self, git, html },
  };
}

/** GitHub wraps base64 content at 60 characters per line. */
function base64Lines(content: string): string {
  const encoded = Buffer.from(content, 'utf8').toString('base64');
  return (encoded.match(/.{1,60}/g) ?? []).join('\n') + '\n';
}

/** `content-file`. */
export function contentFile(view: View, repo: RepoRecord, file: FileRecord, ref: string): Json {
  return {
    type: 'file',
    encoding: 'base64',
    size: Buffer.byteLength(file.content, 'utf8'),
    name: file.path.split('/').pop(),
    path: file.path,
    content: base64Lines(file.content),
    sha: file.sha,
    ...contentLinks(view, repo, file.path, file.sha, ref, 'file'),
  };
}

/** An entry of `content-directory`. */
export function contentEntry(
  view: View,
  repo: RepoRecord,
  entry: { path: string; type: 'file' | 'dir'; sha: string; size: number },
  ref: string,
): Json {
  return {
    type: entry.type,
    size: entry.size,
    name: entry.path.split('/').pop(),
    path: entry.path,
    sha: entry.sha,
    ...contentLinks(view, repo, entry.path, entry.sha, ref, entry.type),
  };
}

/** `file-commit` (PUT contents). */
export function fileCommit(view: View, repo: RepoRecord, file: FileRecord, branch: string, record: CommitRecord): Json {
  const api = repoApi(view, repo);
  const { type: _type, encoding: _encoding, content: _content, ...content } = contentFile(view, repo, file, branch);
  return {
    content: { ...content, type: 'file' },
    commit: {
      sha: record.sha,
      node_id: nodeId('Commit', record.sha),
      url: `${api}/git/commits/${record.sha}`,
      html_url: `${repoHtml(view, repo)}/commit/${record.sha}`,
      author: gitUser(record.author),
      committer: gitUser(record.committer),
      tree: { sha: record.treeSha, url: `${api}/git/trees/${record.treeSha}` },
      message: record.message,
      parents: record.parents.map((sha) => ({
        sha,
        url: `${api}/git/commits/${sha}`,
        html_url: `${repoHtml(view, repo)}/commit/${sha}`,
      })),
      verification: { ...UNSIGNED },
    },
  };
}
