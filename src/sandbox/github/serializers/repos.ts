import { iso, type RepoRecord } from '../state.js';
import { nodeId, repoApi, repoHtml, type View } from './common.js';
import { permissionsOf, simpleUser } from './users.js';

type Json = Record<string, unknown>;

function openIssuesCount(repo: RepoRecord): number {
  return repo.issues.filter((issue) => issue.state === 'open').length;
}

function license(view: View, repo: RepoRecord): Json | null {
  if (!repo.license) return null;
  const { key, name, spdxId } = repo.license;
  return { key, name, spdx_id: spdxId, url: `${view.api}/licenses/${key}`, node_id: nodeId('License', key) };
}

/** The viewer's permissions on a repository. */
function viewerPermissions(view: View, repo: RepoRecord): Json {
  const role = repo.collaborators.find((c) => c.login === view.state.viewer)?.role ?? 'read';
  return permissionsOf(role);
}

/** `repository` (also used for `minimal-repository`, of which it is a superset). */
export function repository(view: View, repo: RepoRecord): Json {
  const url = repoApi(view, repo);
  const html = repoHtml(view, repo);
  const host = view.html.replace(/^https?:\/\//, '');
  const openIssues = openIssuesCount(repo);
  return {
    id: repo.id,
    node_id: nodeId('Repository', repo.id),
    name: repo.name,
    full_name: repo.fullName,
    private: repo.private,
    owner: simpleUser(view, repo.owner),
    html_url: html,
    description: repo.description,
    fork: false,
    url,
    forks_url: `${url}/forks`,
    keys_url: `${url}/keys{/key_id}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    teams_url: `${url}/teams`,
    hooks_url: `${url}/hooks`,
    issue_events_url: `${url}/issues/events{/number}`,
    events_url: `${url}/events`,
    assignees_url: `${url}/assignees{/user}`,
    branches_url: `${url}/branches{/branch}`,
    tags_url: `${url}/tags`,
    blobs_url: `${url}/git/blobs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    trees_url: `${url}/git/trees{/sha}`,
    statuses_url: `${url}/statuses/{sha}`,
    languages_url: `${url}/languages`,
    stargazers_url: `${url}/stargazers`,
    contributors_url: `${url}/contributors`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    commits_url: `${url}/commits{/sha}`,
    git_commits_url: `${url}/git/commits{/sha}`,
    comments_url: `${url}/comments{/number}`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    contents_url: `${url}/contents/{+path}`,
    compare_url: `${url}/compare/{base}...{head}`,
    merges_url: `${url}/merges`,
    archive_url: `${url}/{archive_format}{/ref}`,
    downloads_url: `${url}/downloads`,
    issues_url: `${url}/issues{/number}`,
    pulls_url: `${url}/pulls{/number}`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    labels_url: `${url}/labels{/name}`,
    releases_url: `${url}/releases{/id}`,
    deployments_url: `${url}/deployments`,
    created_at: iso(repo.createdAt),
    updated_at: iso(repo.updatedAt),
    pushed_at: iso(repo.pushedAt),
    git_url: `git://${host}/${repo.fullName}.git`,
    ssh_url: `git@${host}:${repo.fullName}.git`,
    clone_url: `${html}.git`,
    svn_url: html,
    homepage: repo.homepage,
    size: repo.size,
    stargazers_count: repo.stargazers,
    watchers_count: repo.stargazers,
    language: repo.language,
    has_issues: true,
    has_projects: true,
    has_downloads: true,
    has_wiki: !repo.private,
    has_pages: false,
    has_discussions: false,
    forks_count: repo.forks,
    mirror_url: null,
    archived: repo.archived,
    disabled: false,
    open_issues_count: openIssues,
    license: license(view, repo),
    allow_forking: !repo.private,
    is_template: false,
    web_commit_signoff_required: false,
    topics: [...repo.topics],
    visibility: repo.visibility,
    forks: repo.forks,
    open_issues: openIssues,
    watchers: repo.stargazers,
    default_branch: repo.defaultBranch,
    permissions: viewerPermissions(view, repo),
  };
}

/** `full-repository` (GET /repos/{owner}/{repo}). */
export function fullRepository(view: View, repo: RepoRecord): Json {
  return {
    ...repository(view, repo),
    temp_clone_token: null,
    allow_squash_merge: true,
    allow_merge_commit: true,
    allow_rebase_merge: true,
    allow_auto_merge: false,
    delete_branch_on_merge: repo.deleteBranchOnMerge,
    allow_update_branch: false,
    use_squash_pr_title_as_default: false,
    squash_merge_commit_message: 'COMMIT_MESSAGES',
    squash_merge_commit_title: 'COMMIT_OR_PR_TITLE',
    merge_commit_message: 'PR_TITLE',
    merge_commit_title: 'MERGE_MESSAGE',
    custom_properties: {},
    ...(repo.ownerType === 'Organization' ? { organization: simpleUser(view, repo.owner) } : {}),
    network_count: repo.forks,
    subscribers_count: repo.watchers,
  };
}
