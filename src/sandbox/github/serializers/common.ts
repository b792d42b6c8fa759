import type { GithubState, RepoRecord } from '../state.js';

/** Where the serialized URLs point: API URLs at the sandbox, web URLs at a placeholder host. */
export interface View {
  state: GithubState;
  /** API base, e.g. `http://127.0.0.1:4010/github`. */
  api: string;
  /** Web base for `html_url`s. */
  html: string;
}

const HTML_BASE = 'https://github.sandbox.test';

export function viewOf(state: GithubState, origin: string): View {
  return { state, api: `${origin}/github`, html: HTML_BASE };
}

/** GitHub's (legacy) global node id: base64 of `0<len>:<Type><id>`. */
export function nodeId(type: string, id: number | string): string {
  return Buffer.from(`0${type.length}:${type}${id}`).toString('base64');
}

export function repoApi(view: View, repo: RepoRecord): string {
  return `${view.api}/repos/${repo.fullName}`;
}

export function repoHtml(view: View, repo: RepoRecord): string {
  return `${view.html}/${repo.fullName}`;
}

/** Encodes each path segment but keeps the slashes. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

export const reactions = (url: string): Record<string, unknown> => ({
  url,
  total_count: 0,
  '+1': 0,
  '-1': 0,
  laugh: 0,
  hooray: 0,
  confused: 0,
  heart: 0,
  rocket: 0,
  eyes: 0,
});
