import { iso, userOf, type CollaboratorRole, type RepoRecord, type UserRecord } from '../state.js';
import { nodeId, type View } from './common.js';

type Json = Record<string, unknown>;

function ghost(login: string): UserRecord {
  return {
    login,
    id: 10137,
    type: 'User',
    name: null,
    email: null,
    company: null,
    location: null,
    bio: null,
    createdAt: 0,
    updatedAt: 0,
  };
}

function userRecord(view: View, login: string): UserRecord {
  return userOf(view.state, login) ?? ghost(login);
}

/** `simple-user`. */
export function simpleUser(view: View, login: string): Json {
  const user = userRecord(view, login);
  const url = `${view.api}/users/${encodeURIComponent(user.login)}`;
  return {
    login: user.login,
    id: user.id,
    node_id: nodeId(user.type === 'Organization' ? 'Organization' : user.type === 'Bot' ? 'Bot' : 'User', user.id),
    avatar_url: `https://avatars.sandbox.test/u/${user.id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `${view.html}/${encodeURIComponent(user.login)}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: user.type,
    user_view_type: 'public',
    site_admin: false,
  };
}

export function nullableUser(view: View, login: string | null | undefined): Json | null {
  return login ? simpleUser(view, login) : null;
}

function publicRepos(view: View, login: string): number {
  return view.state.repos.filter((r) => r.owner === login && !r.private).length;
}

/** `public-user` (GET /users/{username}). */
export function publicUser(view: View, login: string): Json {
  const user = userRecord(view, login);
  return {
    ...simpleUser(view, login),
    name: user.name,
    company: user.company,
    blog: user.type === 'Organization' ? `https://${view.state.workspace.domain}` : '',
    location: user.location,
    email: user.email,
    hireable: null,
    bio: user.bio,
    twitter_username: null,
    public_repos: publicRepos(view, user.login),
    public_gists: 0,
    followers: (user.id % 37) + 3,
    following: user.id % 11,
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
  };
}

/** `private-user` (GET /user). */
export function privateUser(view: View, login: string): Json {
  const owned = view.state.repos.filter((r) => r.owner === login);
  return {
    ...publicUser(view, login),
    user_view_type: 'private',
    notification_email: userRecord(view, login).email,
    private_gists: 0,
    total_private_repos: owned.filter((r) => r.private).length,
    owned_private_repos: owned.filter((r) => r.private).length,
    disk_usage: owned.reduce((sum, r) => sum + r.size, 0),
    collaborators: 0,
    two_factor_authentication: true,
    plan: { name: 'pro', space: 976562499, collaborators: 0, private_repos: 9999 },
  };
}

/** `user-search-result-item`. */
export function searchUser(view: View, login: string): Json {
  const user = userRecord(view, login);
  return {
    ...simpleUser(view, login),
    score: 1.0,
    name: user.name,
    email: user.email,
    location: user.location,
    company: user.company,
    bio: user.bio,
  };
}

const PERMISSIONS: Record<CollaboratorRole, Json> = {
  admin: { admin: true, maintain: true, push: true, triage: true, pull: true },
  maintain: { admin: false, maintain: true, push: true, triage: true, pull: true },
  write: { admin: false, maintain: false, push: true, triage: true, pull: true },
  triage: { admin: false, maintain: false, push: false, triage: true, pull: true },
  read: { admin: false, maintain: false, push: false, triage: false, pull: true },
};

export function permissionsOf(role: CollaboratorRole): Json {
  return { ...PERMISSIONS[role] };
}

/** `collaborator`. */
export function collaborator(view: View, login: string, role: CollaboratorRole): Json {
  return { ...simpleUser(view, login), permissions: permissionsOf(role), role_name: role };
}

/** `contributor`. */
export function contributor(view: View, login: string, contributions: number): Json {
  return { ...simpleUser(view, login), contributions };
}

/** `author_association` of a login on a repository. */
export function association(view: View, repo: RepoRecord, login: string): string {
  if (login === repo.owner) return 'OWNER';
  const user = userOf(view.state, login);
  if (user?.personIndex !== undefined) return repo.ownerType === 'Organization' ? 'MEMBER' : 'COLLABORATOR';
  return user?.type === 'Bot' ? 'CONTRIBUTOR' : 'NONE';
}
