import type { Request, Router } from 'express';
import {
  direction,
  handle,
  notFound,
  paginate,
  query,
  sortBy,
  validationFailed,
  type GithubRequest,
} from './context.js';
import { repository } from '../serializers/repos.js';
import { privateUser, publicUser, searchUser } from '../serializers/users.js';
import { userOf, type RepoRecord } from '../state.js';

const DOCS = {
  me: 'https://docs.github.com/rest/users/users#get-the-authenticated-user',
  user: 'https://docs.github.com/rest/users/users#get-a-user',
  myRepos: 'https://docs.github.com/rest/repos/repos#list-repositories-for-the-authenticated-user',
  userRepos: 'https://docs.github.com/rest/repos/repos#list-repositories-for-a-user',
  orgRepos: 'https://docs.github.com/rest/repos/repos#list-organization-repositories',
  search: 'https://docs.github.com/rest/search/search#search-users',
};

function sortRepos(req: Request, repos: RepoRecord[], fallback: string): RepoRecord[] {
  const sort = query(req, 'sort') ?? fallback;
  const dir = direction(req, sort === 'full_name' ? 'asc' : 'desc');
  const key = (r: RepoRecord): number | string =>
    sort === 'created'
      ? r.createdAt
      : sort === 'updated'
        ? r.updatedAt
        : sort === 'pushed'
          ? r.pushedAt
          : r.fullName.toLowerCase();
  return sortBy(repos, key, dir);
}

function myRepos(req: Request, gh: GithubRequest): RepoRecord[] {
  const { viewer } = gh.state;
  const type = query(req, 'type') ?? 'all';
  const visibility = query(req, 'visibility') ?? 'all';
  const affiliation = (query(req, 'affiliation') ?? 'owner,collaborator,organization_member')
    .split(',')
    .map((a) => a.trim());
  const since = query(req, 'since');
  const before = query(req, 'before');
  return gh.state.repos.filter((repo) => {
    const owned = repo.owner === viewer;
    const member = repo.ownerType === 'Organization';
    const collaborator = repo.collaborators.some((c) => c.login === viewer);
    if (type === 'owner' && !owned) return false;
    if (type === 'member' && owned) return false;
    if (type === 'public' && repo.private) return false;
    if (type === 'private' && !repo.private) return false;
    if (visibility === 'public' && repo.private) return false;
    if (visibility === 'private' && !repo.private) return false;
    const affiliated =
      (affiliation.includes('owner') && owned) ||
      (affiliation.includes('organization_member') && member) ||
      (affiliation.includes('collaborator') && collaborator && !owned);
    if (!affiliated) return false;
    if (since && repo.updatedAt < Date.parse(since)) return false;
    if (before && repo.updatedAt >= Date.parse(before)) return false;
    return true;
  });
}

/** Users, the authenticated user's repositories, user and organisation repositories, and user search. */
export function userRoutes(router: Router): void {
  router.get(
    '/user',
    handle(DOCS.me, (_req, res, gh) => {
      res.json(privateUser(gh.view, gh.state.viewer));
    }),
  );

  router.get(
    '/user/repos',
    handle(DOCS.myRepos, (req, res, gh) => {
      const repos = sortRepos(req, myRepos(req, gh), 'full_name');
      res.json(paginate(req, res, repos, gh).map((repo) => repository(gh.view, repo)));
    }),
  );

  router.get(
    '/users/:username',
    handle(DOCS.user, (req, res, gh) => {
      const user = userOf(gh.state, String(req.params.username));
      if (!user) throw notFound();
      res.json(publicUser(gh.view, user.login));
    }),
  );

  router.get(
    '/users/:username/repos',
    handle(DOCS.userRepos, (req, res, gh) => {
      const user = userOf(gh.state, String(req.params.username));
      if (!user) throw notFound();
      const type = query(req, 'type') ?? 'owner';
      const repos = gh.state.repos.filter((repo) => {
        if (repo.private) return false;
        if (type === 'member')
          return repo.owner !== user.login && repo.collaborators.some((c) => c.login === user.login);
        if (type === 'all') return repo.owner === user.login || repo.collaborators.some((c) => c.login === user.login);
        return repo.owner === user.login;
      });
      res.json(paginate(req, res, sortRepos(req, repos, 'full_name'), gh).map((repo) => repository(gh.view, repo)));
    }),
  );

  router.get(
    '/orgs/:org/repos',
    handle(DOCS.orgRepos, (req, res, gh) => {
      if (String(req.params.org).toLowerCase() !== gh.state.org.login.toLowerCase()) throw notFound();
      const type = query(req, 'type') ?? 'all';
      const repos = gh.state.repos.filter((repo) => {
        if (repo.owner !== gh.state.org.login) return false;
        if (type === 'public') return !repo.private;
        if (type === 'private') return repo.private;
        if (type === 'forks') return false;
        return true;
      });
      res.json(paginate(req, res, sortRepos(req, repos, 'created'), gh).map((repo) => repository(gh.view, repo)));
    }),
  );

  router.get(
    '/search/users',
    handle(DOCS.search, (req, res, gh) => {
      const q = query(req, 'q')?.trim();
      if (!q) throw validationFailed({ resource: 'Search', field: 'q', code: 'missing' });
      const fields = new Set<string>();
      let type: string | undefined;
      const terms: string[] = [];
      for (const token of q.match(/"[^"]*"|\S+/g) ?? []) {
        const [name, value] = token.split(':', 2);
        if (value !== undefined && name === 'in') value.split(',').forEach((f) => fields.add(f.toLowerCase()));
        else if (value !== undefined && name === 'type') type = value.toLowerCase();
        else if (value !== undefined && ['repos', 'followers', 'location', 'language', 'created'].includes(name))
          continue;
        else terms.push(token.replace(/^"|"$/g, '').toLowerCase());
      }
      if (fields.size === 0) ['login', 'name', 'email'].forEach((f) => fields.add(f));
      const term = terms.join(' ');
      const candidates = [...gh.state.users.filter((u) => u.personIndex !== undefined), gh.state.org];
      const matches = candidates.filter((user) => {
        if (type === 'user' && user.type !== 'User') return false;
        if (type === 'org' && user.type !== 'Organization') return false;
        if (!term) return true;
        const values = [
          fields.has('login') ? user.login : '',
          fields.has('name') ? (user.name ?? '') : '',
          fields.has('email') ? (user.email ?? '') : '',
        ];
        return values.some((v) => v.toLowerCase().includes(term));
      });
      const exact = (login: string): number =>
        matches.find((u) => u.login === login)?.email?.toLowerCase() === term || login.toLowerCase() === term ? 0 : 1;
      const ranked = [...matches].sort((a, b) => exact(a.login) - exact(b.login) || a.login.localeCompare(b.login));
      res.json({
        total_count: ranked.length,
        incomplete_results: false,
        items: paginate(req, res, ranked, gh).map((u) => searchUser(gh.view, u.login)),
      });
    }),
  );
}
