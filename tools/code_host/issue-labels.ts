import { z } from 'zod';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { Labels } from '../shared/fields.js';
import { IssueNumber, RepoId, splitRepoId } from './fields.js';
import {
  AddLabelsResultSchema,
  RemoveLabelsResultSchema,
  type AddLabelsResult,
  type RemoveLabelsResult,
} from './schemas.js';
import { labelShape, type GithubLabelLike } from './shapes.js';

const input = z.object({ repo_id: RepoId, issue_number: IssueNumber, labels: Labels.describe('Label names') });
const has = (names: string[], name: string) => names.some((n) => n.toLowerCase() === name.toLowerCase());
const namesOf = (result: { labels: Array<{ name: string }> }) => result.labels.map((l) => l.name);

export const addIssueLabels = defineTool({
  system: 'code_host',
  name: 'add_issue_labels',
  title: 'Add labels to an issue',
  description:
    'Add labels to an issue or pull request, keeping the ones it has. Returns every label now on the issue. Idempotent.',
  capability: { type: 'action', name: 'code_host.issues.add_labels', idempotent: true },
  input,
  output: AddLabelsResultSchema,
  hints: {
    aliases: ['label issue', 'tag issue', 'add label', 'mark as bug'],
    when_to_use:
      'To add one or more labels (bug, priority, team...) to a code_host issue or pull request without touching its other labels.',
    not_for:
      'Removing labels (use code_host_remove_issue_labels); replacing the whole set (code_host_update_issue with labels).',
    examples: [
      {
        query: 'mark acme/api#12 as a high-priority bug',
        tool: 'add_issue_labels',
        params: { repo_id: 'acme/api', issue_number: 12, labels: ['bug', 'priority: high'] },
      },
    ],
  },
  verify: (result, args) => {
    const missing = args.labels.filter((name) => !has(namesOf(result), name));
    return missing.length ? `labels still missing: ${missing.join(', ')}` : undefined;
  },
  async run({ client, args }): Promise<AddLabelsResult> {
    const { data } = await client('github').rest.issues.addLabels({
      ...splitRepoId(args.repo_id),
      issue_number: args.issue_number,
      labels: args.labels,
    });
    return {
      repo: args.repo_id,
      issue_number: args.issue_number,
      added: args.labels,
      labels: (data as GithubLabelLike[]).map(labelShape),
    };
  },
});

export const removeIssueLabels = defineTool({
  system: 'code_host',
  name: 'remove_issue_labels',
  title: 'Remove labels from an issue',
  description:
    'Remove labels from an issue or pull request, keeping the others. Labels it does not carry are reported in not_present, not treated as errors, so repeating the call is harmless. Returns the labels left.',
  capability: { type: 'action', name: 'code_host.issues.remove_labels', idempotent: true, destructive: true },
  input,
  output: RemoveLabelsResultSchema,
  hints: {
    aliases: ['unlabel issue', 'remove label', 'untag issue', 'drop label'],
    when_to_use: 'To take one or more labels off a code_host issue or pull request.',
    not_for:
      'Adding labels (use code_host_add_issue_labels); deleting a label from the repository; closing the issue (code_host_update_issue).',
    examples: [
      {
        query: 'acme/api#12 is no longer high priority',
        tool: 'remove_issue_labels',
        params: { repo_id: 'acme/api', issue_number: 12, labels: ['priority: high'] },
      },
    ],
  },
  verify: (result, args) => {
    const left = args.labels.filter((name) => has(namesOf(result), name));
    return left.length ? `labels still present: ${left.join(', ')}` : undefined;
  },
  async run({ client, args }): Promise<RemoveLabelsResult> {
    const octokit = client('github');
    const target = { ...splitRepoId(args.repo_id), issue_number: args.issue_number };
    // Read first: removing a label the issue does not carry is a 404 upstream, indistinguishable from a missing issue.
    const { data: issue } = await octokit.rest.issues.get(target);
    let labels = (issue.labels as Array<GithubLabelLike | string>).map(labelShape);
    const present = args.labels.filter((name) =>
      has(
        labels.map((l) => l.name),
        name,
      ),
    );
    for (const name of present) {
      const actual = labels.find((l) => l.name.toLowerCase() === name.toLowerCase())?.name ?? name;
      const { data } = await octokit.rest.issues.removeLabel({ ...target, name: actual });
      labels = (data as GithubLabelLike[]).map(labelShape);
    }
    return {
      repo: args.repo_id,
      issue_number: args.issue_number,
      removed: present,
      not_present: args.labels.filter((n) => !has(present, n)),
      labels,
    };
  },
});
