import type { Router } from 'express';
import { history } from '../git.js';
import { handle, paginate, query, requireRepo } from './context.js';
import { fullRepository } from '../serializers/repos.js';
import { collaborator, contributor } from '../serializers/users.js';
import { branchOf, type CollaboratorRole, type RepoRecord } from '../state.js';

const DOCS = {
  repo: 'https://docs.github.com/rest/repos/repos#get-a-repository',
  collaborators: 'https://docs.github.com/rest/collaborators/collaborators#list-repository-collaborators',
  contributors: 'https://docs.github.com/rest/repos/repos#list-repository-contributors',
  topics: 'https://docs.github.com/rest/repos/repos#get-all-repository-topics',
};

const RANK: Record<CollaboratorRole, number> = { read: 0, triage: 1, write: 2, maintain: 3, admin: 4 };
const PERMISSION_RANK: Record<string, number> = { pull: 0, triage: 1, push: 2, maintain: 3, admin: 4 };

/** Commit counts per author login on the default branch, most first (as GitHub's contributors list). */
export function contributorsOf(repo: RepoRecord): { login: string; contributions: number }[] {
  const head = branchOf(repo, repo.defaultBranch)?.sha;
  if (!head) return [];
  const counts = new Map<string, number>();
  for (const commit of history(repo, head)) {
    const login = commit.author.login;
    if (login) counts.set(login, (counts.get(login) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([login, contributions]) => ({ login, contributions }))
    .sort((a, b) => b.contributions - a.contributions || a.login.localeCompare(b.login));
}

/** Repository metadata: the repository, collaborators, contributors and topics. */
export function repoRoutes(router: Router): void {
  router.get(
    '/repos/:owner/:repo',
    handle(DOCS.repo, (req, res, gh) => {
      res.json(fullRepository(gh.view, requireRepo(req, gh)));
    }),
  );

  router.get(
    '/repos/:owner/:repo/collaborators',
    handle(DOCS.collaborators, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const permission = query(req, 'permission');
      const affiliation = query(req, 'affiliation') ?? 'all';
      const list = repo.collaborators.filter((c) => {
        if (affiliation === 'outside') return false;
        return permission === undefined || RANK[c.role] >= (PERMISSION_RANK[permission] ?? 0);
      });
      res.json(paginate(req, res, list, gh).map((c) => collaborator(gh.view, c.login, c.role)));
    }),
  );

  router.get(
    '/repos/:owner/:repo/contributors',
    handle(DOCS.contributors, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      res.json(paginate(req, res, contributorsOf(repo), gh).map((c) => contributor(gh.view, c.login, c.contributions)));
    }),
  );

  router.get(
    '/repos/:owner/:repo/topics',
    handle(DOCS.topics, (req, res, gh) => {
      res.json({ names: [...requireRepo(req, gh).topics] });
    }),
  );
}
