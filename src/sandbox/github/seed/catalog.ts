import type { LicenseInfo } from '../state.js';

/** What a seeded repository is like; the generator turns it into history. */
export interface RepoProfile {
  name: string;
  description: string;
  language: string | null;
  topics: string[];
  license: LicenseInfo | null;
  visibility: 'public' | 'private' | 'internal';
  homepage: string | null;
  /** Deployment environments, in promotion order. */
  environments: ('staging' | 'production')[];
  mergeStyle: 'merge' | 'squash';
  /** Relative volume of pull requests and issues. */
  activity: number;
  releases: boolean;
  /** Days since the repository was created. */
  ageDays: number;
  /** Words used in titles. */
  components: string[];
  /** Source files besides README, LICENSE and workflows. */
  files: Record<string, string>;
}

const LICENSES: Record<string, LicenseInfo> = {
  mit: { key: 'mit', name: 'MIT License', spdxId: 'MIT' },
  apache: { key: 'apache-2.0', name: 'Apache License 2.0', spdxId: 'Apache-2.0' },
  ccby: { key: 'cc-by-4.0', name: 'Creative Commons Attribution 4.0 International', spdxId: 'CC-BY-4.0' },
};

export const LABELS: { name: string; color: string; description: string; default: boolean }[] = [
  { name: 'bug', color: 'd73a4a', description: "Something isn't working", default: true },
  { name: 'enhancement', color: 'a2eeef', description: 'New feature or request', default: true },
  { name: 'documentation', color: '0075ca', description: 'Improvements or additions to documentation', default: true },
  { name: 'good first issue', color: '7057ff', description: 'Good for newcomers', default: true },
  { name: 'incident', color: 'b60205', description: 'Production incident', default: false },
  { name: 'priority: high', color: 'ff9f1c', description: 'Needs attention this week', default: false },
  { name: 'tech-debt', color: 'fbca04', description: 'Refactoring and cleanup', default: false },
  { name: 'dependencies', color: '0366d6', description: 'Pull requests that update a dependency file', default: false },
];

const ts = (pkg: string): Record<string, string> => ({
  'package.json': `{\n  "name": "@${pkg}",\n  "private": true,\n  "scripts": { "build": "tsc", "test": "vitest run" }\n}\n`,
  'src/index.ts': `export function main(): void {\n  console.log('hello from ${pkg}');\n}\n`,
  'tsconfig.json': '{\n  "compilerOptions": { "strict": true, "module": "NodeNext" }\n}\n',
});

export const ACME_REPOS: RepoProfile[] = [
  {
    name: 'web',
    description: 'Customer-facing web storefront (Next.js)',
    language: 'TypeScript',
    topics: ['frontend', 'nextjs', 'typescript'],
    license: null,
    visibility: 'private',
    homepage: 'https://www.acme.test',
    environments: ['staging', 'production'],
    mergeStyle: 'squash',
    activity: 1.3,
    releases: false,
    ageDays: 900,
    components: ['checkout', 'cart', 'login page', 'navbar', 'search results', 'product page', 'dashboard'],
    files: ts('acme/web'),
  },
  {
    name: 'api',
    description: 'Core REST API and background workers',
    language: 'Go',
    topics: ['api', 'backend', 'go'],
    license: null,
    visibility: 'private',
    homepage: null,
    environments: ['staging', 'production'],
    mergeStyle: 'merge',
    activity: 1.2,
    releases: true,
    ageDays: 1100,
    components: [
      'orders endpoint',
      'auth middleware',
      'rate limiter',
      'payments client',
      'db migrations',
      'webhook worker',
    ],
    files: {
      'go.mod': 'module github.com/acme/api\n\ngo 1.23\n',
      'main.go': 'package main\n\nfunc main() {\n\tserve()\n}\n',
      'internal/http/server.go': 'package http\n\n// Server serves the API.\ntype Server struct{}\n',
    },
  },
  {
    name: 'mobile',
    description: 'Android shopping app',
    language: 'Kotlin',
    topics: ['android', 'kotlin', 'mobile'],
    license: null,
    visibility: 'private',
    homepage: null,
    environments: [],
    mergeStyle: 'merge',
    activity: 0.7,
    releases: true,
    ageDays: 700,
    components: ['onboarding', 'push notifications', 'offline cache', 'order history', 'settings screen'],
    files: {
      'build.gradle.kts': 'plugins {\n    id("com.android.application")\n}\n',
      'app/src/main/kotlin/MainActivity.kt': 'class MainActivity : AppCompatActivity()\n',
    },
  },
  {
    name: 'infra',
    description: 'Terraform for the AWS accounts and Kubernetes clusters',
    language: 'HCL',
    topics: ['infrastructure', 'kubernetes', 'terraform'],
    license: null,
    visibility: 'internal',
    homepage: null,
    environments: ['production'],
    mergeStyle: 'merge',
    activity: 0.6,
    releases: false,
    ageDays: 1300,
    components: ['eks cluster', 'rds backups', 'vpc peering', 'iam roles', 'alerting rules'],
    files: {
      'main.tf': 'terraform {\n  required_version = ">= 1.6"\n}\n',
      'modules/eks/main.tf': 'resource "aws_eks_cluster" "main" {}\n',
    },
  },
  {
    name: 'design-system',
    description: 'Shared React components and design tokens',
    language: 'TypeScript',
    topics: ['design-system', 'react', 'storybook'],
    license: LICENSES.mit,
    visibility: 'public',
    homepage: 'https://design.acme.test',
    environments: [],
    mergeStyle: 'merge',
    activity: 0.8,
    releases: true,
    ageDays: 600,
    components: ['button', 'modal', 'date picker', 'color tokens', 'typography', 'table'],
    files: ts('acme/design-system'),
  },
  {
    name: 'docs',
    description: 'Public developer documentation',
    language: null,
    topics: ['documentation', 'mkdocs'],
    license: LICENSES.ccby,
    visibility: 'public',
    homepage: 'https://docs.acme.test',
    environments: ['production'],
    mergeStyle: 'merge',
    activity: 0.5,
    releases: false,
    ageDays: 800,
    components: ['quickstart', 'API reference', 'webhooks guide', 'SDK examples', 'changelog'],
    files: {
      'mkdocs.yml': 'site_name: Acme Docs\nnav:\n  - Home: index.md\n',
      'docs/index.md': '# Acme developer docs\n\nStart with the quickstart.\n',
    },
  },
];

export const GLOBEX_REPOS: RepoProfile[] = [
  {
    name: 'platform',
    description: 'Globex platform monolith (Spring Boot)',
    language: 'Java',
    topics: ['java', 'monolith', 'spring-boot'],
    license: null,
    visibility: 'private',
    homepage: null,
    environments: ['staging', 'production'],
    mergeStyle: 'squash',
    activity: 1.3,
    releases: true,
    ageDays: 1500,
    components: ['customer service', 'inventory sync', 'REST controllers', 'scheduler', 'audit log'],
    files: {
      'pom.xml': '<project>\n  <artifactId>platform</artifactId>\n</project>\n',
      'src/main/java/com/globex/App.java': 'package com.globex;\n\npublic class App {}\n',
    },
  },
  {
    name: 'billing',
    description: 'Billing and invoicing service',
    language: 'Python',
    topics: ['fastapi', 'payments', 'python'],
    license: null,
    visibility: 'private',
    homepage: null,
    environments: ['staging', 'production'],
    mergeStyle: 'merge',
    activity: 1.0,
    releases: false,
    ageDays: 800,
    components: ['invoice generator', 'tax rules', 'stripe webhook', 'dunning emails', 'currency rounding'],
    files: {
      'pyproject.toml': '[project]\nname = "billing"\nversion = "0.1.0"\n',
      'src/billing/__init__.py': '"""Billing service."""\n',
    },
  },
  {
    name: 'data-pipeline',
    description: 'Airflow DAGs and dbt models',
    language: 'Python',
    topics: ['airflow', 'data', 'dbt'],
    license: LICENSES.apache,
    visibility: 'internal',
    homepage: null,
    environments: ['production'],
    mergeStyle: 'merge',
    activity: 0.8,
    releases: false,
    ageDays: 500,
    components: ['daily revenue DAG', 'customer model', 'S3 export', 'data quality checks'],
    files: {
      'dags/daily_revenue.py': 'from airflow import DAG\n',
      'dbt_project.yml': "name: 'globex'\nversion: '1.0.0'\n",
    },
  },
  {
    name: 'handbook',
    description: 'Engineering handbook and runbooks',
    language: null,
    topics: ['documentation', 'handbook'],
    license: LICENSES.ccby,
    visibility: 'public',
    homepage: null,
    environments: [],
    mergeStyle: 'merge',
    activity: 0.4,
    releases: false,
    ageDays: 400,
    components: ['on-call runbook', 'code review guide', 'incident process', 'onboarding checklist'],
    files: { 'runbooks/on-call.md': '# On-call runbook\n\n1. Acknowledge the page.\n' },
  },
];

export const PR_KINDS = [
  { kind: 'feat', verbs: ['Add', 'Support', 'Implement'], label: 'enhancement' },
  { kind: 'fix', verbs: ['Fix', 'Handle', 'Guard against errors in'], label: 'bug' },
  { kind: 'refactor', verbs: ['Refactor', 'Simplify', 'Clean up'], label: 'tech-debt' },
  { kind: 'docs', verbs: ['Document', 'Update docs for'], label: 'documentation' },
] as const;

export const ISSUE_KINDS = [
  { weight: 0.4, labels: ['bug'], verbs: ['crashes in', 'returns wrong totals in', 'is slow in', 'breaks'] },
  { weight: 0.35, labels: ['enhancement'], verbs: ['Allow filtering in', 'Add export to', 'Improve'] },
  { weight: 0.1, labels: ['documentation'], verbs: ['Document', 'Clarify'] },
  { weight: 0.1, labels: ['tech-debt'], verbs: ['Remove legacy code from', 'Upgrade dependencies of'] },
  { weight: 0.05, labels: ['good first issue', 'enhancement'], verbs: ['Add tooltip to', 'Fix typo in'] },
] as const;

export const DEPENDENCIES = [
  'lodash',
  'axios',
  'express',
  'zod',
  'react',
  'eslint',
  'protobuf',
  'requests',
  'jackson-databind',
];

export function readme(owner: string, profile: RepoProfile): string {
  return `# ${owner}/${profile.name}\n\n${profile.description}.\n\n## Getting started\n\nSee CONTRIBUTING.md. CI runs on every pull request.\n\n## Ownership\n\nMaintained by the ${owner} engineering team.\n`;
}

export function licenseText(license: LicenseInfo, holder: string, year: number): string {
  return `${license.name}\n\nCopyright (c) ${year} ${holder}\n\nSee https://spdx.org/licenses/${license.spdxId}.html for the full text.\n`;
}

export const CI_WORKFLOW =
  'name: CI\non:\n  push:\n    branches: [main]\n  pull_request:\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: make test\n';
export const DEPLOY_WORKFLOW =
  "name: Deploy\non:\n  push:\n    branches: [main]\n  workflow_dispatch:\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    environment: ${{ inputs.environment || 'staging' }}\n    steps:\n      - run: ./deploy.sh\n";
export const RELEASE_WORKFLOW =
  "name: Release\non:\n  push:\n    tags: ['v*']\njobs:\n  publish:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make release\n";
