import { resolveRef } from '../git.js';
import { githubError } from './context.js';
import { branchOf, type RepoRecord } from '../state.js';

/** POST /git/refs: creates `refs/heads/x` or `refs/tags/x` at a commit, with GitHub's 422 answers. */
export function createRef(repo: RepoRecord, input: unknown): { ref: string; sha: string } {
  const { ref, sha } = (input && typeof input === 'object' ? input : {}) as { ref?: unknown; sha?: unknown };
  if (typeof ref !== 'string' || !ref) throw githubError(422, 'Invalid request.\n\n"ref" wasn\'t supplied.');
  if (typeof sha !== 'string' || !sha) throw githubError(422, 'Invalid request.\n\n"sha" wasn\'t supplied.');
  const match = ref.match(/^refs\/(heads|tags)\/(.+)$/);
  if (!ref.startsWith('refs/') || ref.split('/').length < 3)
    throw githubError(422, "Reference name must start with 'refs/' and have at least two slashes.");
  if (!match || /\.\.|\s|~|\^|:|\\|\/$|\.lock$/.test(match[2]))
    throw githubError(422, `${ref} is not a valid ref name.`);
  const [, kind, name] = match;
  const target = /^[0-9a-f]{40}$/i.test(sha) ? resolveRef(repo, sha.toLowerCase()) : undefined;
  if (!target) throw githubError(422, 'Object does not exist');
  const exists = kind === 'heads' ? branchOf(repo, name) !== undefined : repo.tags.some((t) => t.name === name);
  if (exists) throw githubError(422, 'Reference already exists');
  if (kind === 'heads') repo.branches.push({ name, sha: target, protected: false });
  else repo.tags.push({ name, sha: target });
  return { ref, sha: target };
}
