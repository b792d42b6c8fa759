import type { ToolDefinition } from '../../src/toolkit/define-tool.js';
import type { SystemRecord } from '../../src/toolkit/registry.js';
import { getIssues } from './issues.js';
import { getRepositories, getRepository } from './repositories.js';

export const codeHostSystem: SystemRecord = {
  id: 'code_host',
  name: 'Code host (GitHub)',
  description: 'Repositories, issues, pull requests, branches, files, CI runs, deployments and engineering metrics from GitHub.',
  keywords: ['github', 'repository', 'repo', 'pull request', 'pr', 'issue', 'branch', 'commit', 'deploy', 'dora', 'ci', 'code review'],
  when_to_use: 'Questions about code, repositories, pull requests, code reviews, CI and delivery metrics.',
};

export const codeHostTools: ToolDefinition[] = [getRepositories, getRepository, getIssues];
