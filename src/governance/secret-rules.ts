/**
 * The credentials the scanner knows, in one table. Formats follow the issuers' published token formats and
 * the gitleaks rule set: a fixed prefix and alphabet where the issuer has one, else an assignment to a
 * secret-sounding name with a high-entropy value. `keywords` are substrings one of which every match holds:
 * text holding none of them is skipped without running the rule.
 */
export interface SecretRule {
  kind: string;
  /** Global; with the `d` flag when `group` names the part that is the secret. */
  pattern: RegExp;
  keywords: readonly string[];
  /** The capture group holding the secret (the rest of the match is context, kept when masking). */
  group?: number;
  /** Least Shannon entropy (bits per character) the secret must have. */
  minEntropy?: number;
}

const ASSIGNED_NAMES =
  'password|passwd|pwd|passphrase|secret|client_secret|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|' +
  'access[_-]?token|auth[_-]?token|refresh[_-]?token|private[_-]?key|token';

export const SECRET_RULES: readonly SecretRule[] = [
  // GitHub: ghp_ (personal), gho_ (OAuth), ghu_ (user-to-server), ghs_ (server-to-server), ghr_ (refresh).
  {
    kind: 'github_token',
    pattern: /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g,
    keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
  },
  { kind: 'github_token', pattern: /\bgithub_pat_[A-Za-z0-9_]{82}\b/g, keywords: ['github_pat_'] },
  // Slack: bot, user, app-level, legacy workspace tokens; incoming webhooks.
  {
    kind: 'slack_token',
    pattern: /\bxox[bpae]-[0-9]{8,13}-[0-9A-Za-z-]{8,}/g,
    keywords: ['xoxb-', 'xoxp-', 'xoxa-', 'xoxe-'],
  },
  { kind: 'slack_token', pattern: /\bxapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+/g, keywords: ['xapp-'] },
  {
    kind: 'slack_webhook',
    pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]{16,}/g,
    keywords: ['hooks.slack.com'],
  },
  // Google: API keys, OAuth access tokens, OAuth client secrets.
  { kind: 'google_api_key', pattern: /\bAIza[0-9A-Za-z_-]{35}/g, keywords: ['AIza'] },
  { kind: 'google_oauth_token', pattern: /\bya29\.[0-9A-Za-z_-]{20,}/g, keywords: ['ya29.'] },
  { kind: 'google_client_secret', pattern: /\bGOCSPX-[0-9A-Za-z_-]{28}/g, keywords: ['GOCSPX-'] },
  // AWS: access key ids (long-term AKIA, temporary ASIA); secret keys where they are assigned.
  { kind: 'aws_access_key', pattern: /\b(?:AKIA|ASIA)[A-Z2-7]{16}\b/g, keywords: ['AKIA', 'ASIA'] },
  {
    kind: 'aws_secret_key',
    pattern: /aws_?secret_?(?:access_?)?key["']?\s*[=:]\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/dgi,
    keywords: ['secret', 'SECRET', 'Secret'],
    group: 1,
  },
  // Atlassian API tokens (ATATT3…, a checksum at the end).
  { kind: 'atlassian_token', pattern: /\bATATT3[A-Za-z0-9_=-]{150,250}/g, keywords: ['ATATT3'] },
  // Notion integration tokens: the legacy secret_ form and today's ntn_ form.
  { kind: 'notion_token', pattern: /\bsecret_[A-Za-z0-9]{43}\b/g, keywords: ['secret_'] },
  { kind: 'notion_token', pattern: /\bntn_[0-9]{11}[A-Za-z0-9]{35}\b/g, keywords: ['ntn_'] },
  {
    kind: 'private_key',
    pattern:
      /-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)/g,
    keywords: ['PRIVATE KEY'],
  },
  { kind: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, keywords: ['eyJ'] },
  {
    kind: 'connection_string',
    pattern:
      /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql|sqlserver|ftp|sftp):\/\/[^\s:/@"']+:([^\s@/"']+)@/dgi,
    keywords: [
      'postgres',
      'mysql',
      'mariadb',
      'mongodb',
      'redis',
      'amqp',
      'mssql',
      'sqlserver',
      'ftp',
      'POSTGRES',
      'MYSQL',
    ],
    group: 1,
  },
  {
    kind: 'assigned_secret',
    pattern: new RegExp(
      `\\b(?:${ASSIGNED_NAMES})\\\\?["']?\\s*(?:=|:|=>)\\s*\\\\?["']?(?!\\$\\{)([A-Za-z0-9_+/=.!@#$%^&*~-]{12,200})(?![A-Za-z0-9_+/=.!@#$%^&*~-])`,
      'dgi',
    ),
    // The names' stems, in the cases assignments are written in.
    keywords: ['pass', 'Pass', 'PASS', 'pwd', 'PWD', 'ecret', 'ECRET', 'key', 'Key', 'KEY', 'oken', 'OKEN'],

    group: 1,
    minEntropy: 3.5,
  },
];
