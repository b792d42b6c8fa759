import { sendCreated } from '../../kit/index.js';
import { createHash } from 'node:crypto';
import type { Request, Router } from 'express';
import { history, resolveRef } from '../git.js';
import {
  dateQuery,
  githubError,
  handle,
  notFound,
  paginate,
  param,
  query,
  requireRepo,
  type GithubRequest,
} from './context.js';
import { commit as commitJson, contentEntry, contentFile, gitRef, shortBranch } from '../serializers/git.js';
import { branchOf, userOf, type RepoRecord, type Tree } from '../state.js';
import { createRef } from './refs.js';
import { putContents } from './contents.js';

const DOCS = {
  branches: 'https://docs.github.com/rest/branches/branches#list-branches',
  getRef: 'https://docs.github.com/rest/git/refs#get-a-reference',
  createRef: 'https://docs.github.com/rest/git/refs#create-a-reference',
  contents: 'https://docs.github.com/rest/repos/contents#get-repository-content',
  putContents: 'https://docs.github.com/rest/repos/contents#create-or-update-file-contents',
  commits: 'https://docs.github.com/rest/commits/commits#list-commits',
  commit: 'https://docs.github.com/rest/commits/commits#get-a-commit',
};

/** The files and sub-directories directly under `dir` ('' for the root). */
function listDirectory(tree: Tree, dir: string): { path: string; type: 'file' | 'dir'; sha: string; size: number }[] {
  const prefix = dir ? `${dir}/` : '';
  const files: { path: string; type: 'file' | 'dir'; sha: string; size: number }[] = [];
  const dirs = new Map<string, ReturnType<typeof createHash>>();
  for (const [path, file] of [...tree.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash < 0) {
      files.push({ path, type: 'file', sha: file.sha, size: Buffer.byteLength(file.content, 'utf8') });
      continue;
    }
    const sub = prefix + rest.slice(0, slash);
    if (!dirs.has(sub)) dirs.set(sub, createHash('sha1').update('tree'));
    dirs.get(sub)!.update(`${path}\0${file.sha}\n`);
  }
  const dirEntries = [...dirs.entries()].map(([path, hash]) => ({
    path,
    type: 'dir' as const,
    sha: hash.digest('hex'),
    size: 0,
  }));
  return [...dirEntries, ...files].sort((a, b) => a.path.localeCompare(b.path));
}

function commitsFor(req: Request, gh: GithubRequest, repo: RepoRecord) {
  const start = query(req, 'sha') ?? repo.defaultBranch;
  const sha = resolveRef(repo, start);
  if (!sha) throw notFound();
  const path = query(req, 'path')?.replace(/^\/|\/$/g, '');
  const author = query(req, 'author')?.toLowerCase();
  const committer = query(req, 'committer')?.toLowerCase();
  const since = dateQuery(req, 'since');
  const until = dateQuery(req, 'until');
  const matches = (who: { login: string | null; email: string }, wanted: string): boolean =>
    who.login?.toLowerCase() === wanted ||
    who.email.toLowerCase() === wanted ||
    (userOf(gh.state, wanted)?.email ?? '\0').toLowerCase() === who.email.toLowerCase();
  return history(repo, sha).filter((c) => {
    if (path && !c.files.some((f) => f === path || f.startsWith(`${path}/`))) return false;
    if (author && !matches(c.author, author)) return false;
    if (committer && !matches(c.committer, committer)) return false;
    if (since !== undefined && c.committer.date < since) return false;
    if (until !== undefined && c.committer.date > until) return false;
    return true;
  });
}

/** Branches, refs, contents and commits. */
export function gitRoutes(router: Router): void {
  router.get(
    '/repos/:owner/:repo/branches',
    handle(DOCS.branches, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const only = query(req, 'protected');
      const list = [...repo.branches]
        .filter((b) => only === undefined || String(b.protected) === only)
        .sort((a, b) => a.name.localeCompare(b.name));
      res.json(paginate(req, res, list, gh).map((b) => shortBranch(gh.view, repo, b)));
    }),
  );

  router.get(
    '/repos/:owner/:repo/git/ref/*ref',
    handle(DOCS.getRef, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const ref = param(req, 'ref');
      const [kind, ...rest] = ref.split('/');
      const name = rest.join('/');
      const sha =
        kind === 'heads'
          ? branchOf(repo, name)?.sha
          : kind === 'tags'
            ? repo.tags.find((t) => t.name === name)?.sha
            : undefined;
      if (!sha) throw notFound();
      res.json(gitRef(gh.view, repo, `refs/${ref}`, sha));
    }),
  );

  router.post(
    '/repos/:owner/:repo/git/refs',
    handle(DOCS.createRef, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const { ref, sha } = createRef(repo, req.body);
      const json = gitRef(gh.view, repo, ref, sha);
      sendCreated(res, json);
    }),
  );

  router.get(
    '/repos/:owner/:repo/contents{/*path}',
    handle(DOCS.contents, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const ref = query(req, 'ref') ?? repo.defaultBranch;
      const sha = resolveRef(repo, ref);
      if (!sha) throw githubError(404, `No commit found for the ref ${ref}`);
      const tree = repo.commits.get(sha)!.tree;
      const path = param(req, 'path').replace(/^\/+|\/+$/g, '');
      const file = tree.get(path);
      if (file) {
        if (/raw/.test(req.get('accept') ?? '')) {
          res.type('application/vnd.github.raw').send(file.content);
          return;
        }
        res.json(contentFile(gh.view, repo, file, ref));
        return;
      }
      const entries = listDirectory(tree, path);
      if (path && entries.length === 0) throw notFound();
      res.json(entries.map((entry) => contentEntry(gh.view, repo, entry, ref)));
    }),
  );

  router.put(
    '/repos/:owner/:repo/contents/*path',
    handle(DOCS.putContents, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const { status, json } = putContents(gh, repo, param(req, 'path'), req.body);
      res.status(status).json(json);
    }),
  );

  router.get(
    '/repos/:owner/:repo/commits',
    handle(DOCS.commits, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      res.json(paginate(req, res, commitsFor(req, gh, repo), gh).map((c) => commitJson(gh.view, repo, c)));
    }),
  );

  router.get(
    '/repos/:owner/:repo/commits/*ref',
    handle(DOCS.commit, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const ref = param(req, 'ref');
      const sha = resolveRef(repo, ref);
      if (!sha) throw githubError(422, `No commit found for SHA: ${ref}`);
      res.json(commitJson(gh.view, repo, repo.commits.get(sha)!, { detailed: true }));
    }),
  );
}
