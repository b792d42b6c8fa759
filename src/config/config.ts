import { homedir, hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { DATABASE_VARIABLES, databaseSettingsOf, type DatabaseSettings } from './database.js';
import { DOCUMENT_VARIABLES, documentSettingsOf, type DocumentSettings } from './documents.js';
import { choice, commaList, count, flag, httpUrl, secretKey, secretKeys, text } from './env-readers.js';
import { DEFAULT_API_KEY, DEFAULT_JWT_SECRET, deploymentIntended } from './secrets.js';

export type Environment = 'production' | 'development' | 'test';

/** Every setting of the server, read once from the environment. Documented in the README. */
export interface Config {
  environment: Environment;
  apiKey: string;
  jwtSecret: string;
  /** JWT lifetime in seconds. */
  jwtTtlSeconds: number;
  dataDir: string;
  /** SQLite file; `:memory:` for throwaway stores. Unused when `database.url` names PostgreSQL. */
  databaseFile: string;
  /** PostgreSQL instead of the SQLite file, and its connection pool. */
  database: DatabaseSettings;
  /** GET response cache lifetime in seconds. */
  cacheTtlSeconds: number;
  /** Days activity records are kept; 0 keeps them forever. */
  activityRetentionDays: number;
  /** Days audit records are kept before the retention cut (CONSTELLATION_AUDIT_RETENTION_DAYS); 0 keeps them forever. */
  auditRetentionDays: number;
  /** How long a confirmation may be given and used (CONSTELLATION_CONFIRMATION_TTL_SECONDS, seconds). */
  confirmationTtlSeconds: number;
  /** Longest one tool call may run, upstream requests included (CONSTELLATION_CALL_TIMEOUT, seconds). */
  callTimeoutSeconds: number;
  /** On shutdown, how long running calls may take to finish (CONSTELLATION_SHUTDOWN_TIMEOUT, seconds). */
  shutdownTimeoutSeconds: number;
  /** Seconds an idle keep-alive connection stays open (CONSTELLATION_KEEP_ALIVE_TIMEOUT): above a load balancer's. */
  keepAliveTimeoutSeconds: number;
  /** Requests a minute per tenant on authenticated routes; 0 turns the limit off. */
  rateLimitPerMinute: number;
  port: number;
  host: string;
  /** Host names the HTTP server answers to (DNS-rebinding protection); `*` allows any. */
  allowedHosts: string[];
  /** Origins allowed to call from a browser; empty allows only same-host origins. */
  allowedOrigins: string[];
  /** Trust X-Forwarded-* from a TLS-terminating proxy (Express `trust proxy` value). */
  trustProxy: string | undefined;
  tlsCertFile?: string;
  tlsKeyFile?: string;
  /** Demo mode: the sandbox serves the upstreams and demo tenants exist. */
  demo: boolean;
  /** Why demo mode is on, for the start-up message. */
  demoReason?: string;
  logLevel: LogLevel;
  /**
   * This server among the nodes sharing one store (CONSTELLATION_NODE_ID, default `<hostname>-<pid>`):
   * on every log line and metric, and in `/ready`.
   */
  nodeId: string;
  /** JWT the stdio server acts with (its caller); demo user when unset in demo mode. */
  stdioToken?: string;
  /** 32 bytes (CONSTELLATION_TOKEN_ENCRYPTION_KEY): tokens are encrypted (JWE) so they never show credentials. */
  tokenEncryptionKey?: Uint8Array;
  /**
   * Keys of the per-user credential vault (CONSTELLATION_ENCRYPTION_KEY: one 32-byte key, or several
   * separated by commas while rotating, newest first). Unset outside production: a local key is derived.
   */
  vaultKeys?: Buffer[];
  /**
   * The server's address as users' browsers reach it (CONSTELLATION_PUBLIC_URL): OAuth redirect URIs and
   * authorization links are built on it. Defaults to the address the server listens on.
   */
  publicUrl?: string;
  /** The Google OAuth client of the suite's per-user authorization (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET). */
  googleOAuthClient?: OAuthClient;
  /** The Slack app of the chat workspace's per-user authorization (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET). */
  slackOAuthClient?: OAuthClient;
  /**
   * Apideck Unify, behind the vault, crm, calendar, team_chat and notes routes (APIDECK_API_KEY,
   * APIDECK_APP_ID, APIDECK_BASE_URL default https://unify.apideck.com). Unset in demo mode: the sandbox's fake.
   */
  unify?: { apiKey: string; appId: string; baseUrl: string };
  /** Toolset selection and tool exposure mode of the MCP surfaces. */
  toolsets: string[];
  /** Allowlist of qualified tool names (CONSTELLATION_TOOLS); empty allows every selected tool. */
  tools: string[];
  readOnly: boolean;
  toolMode: 'full' | 'discovery' | 'auto';
  /** `auto` mode lists tools in full up to this many bytes of `tools/list` (CONSTELLATION_TOOL_LIST_BUDGET). */
  toolListBudgetBytes: number;
  /** Uploads, their bounds and workers, and the embeddings provider. */
  documents: DocumentSettings;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

interface ConfigOverrides extends Partial<Config> {
  /** Force demo mode (the `--demo` flag). */
  forceDemo?: boolean;
  /** The local stdio user's environment holds integration credentials: no implicit demo mode. */
  localCredentials?: boolean;
}

/** Variables that must be set together, or not at all. */
const PAIRS: Array<[string, string]> = [
  ['APIDECK_API_KEY', 'APIDECK_APP_ID'],
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET'],
];

/**
 * The environment's one schema: each variable read by its reader (./env-readers), pairs checked even
 * when other variables are wrong, so one start-up names every wrong setting.
 */
const ENVIRONMENT = z
  .looseObject({
    // Only CONSTELLATION_ENV sets the mode: NODE_ENV=production is set by many images and tools for
    // library reasons, and silently switching to production (refusing plain HTTP, requiring secrets) surprised.
    CONSTELLATION_ENV: choice<Environment>('CONSTELLATION_ENV', ['production', 'development', 'test'], 'development'),
    CONSTELLATION_API_KEY: text(),
    CONSTELLATION_JWT_SECRET: text(),
    CONSTELLATION_JWT_TTL: count('CONSTELLATION_JWT_TTL', 3600),
    CONSTELLATION_DATA_DIR: text(),
    CONSTELLATION_DATABASE: text(),
    CACHE_TTL: count('CACHE_TTL', 86_400),
    CONSTELLATION_ACTIVITY_RETENTION_DAYS: count('CONSTELLATION_ACTIVITY_RETENTION_DAYS', 90),
    CONSTELLATION_AUDIT_RETENTION_DAYS: count('CONSTELLATION_AUDIT_RETENTION_DAYS', 365),
    CONSTELLATION_CONFIRMATION_TTL_SECONDS: count('CONSTELLATION_CONFIRMATION_TTL_SECONDS', 300),
    CONSTELLATION_CALL_TIMEOUT: count('CONSTELLATION_CALL_TIMEOUT', 120),
    CONSTELLATION_SHUTDOWN_TIMEOUT: count('CONSTELLATION_SHUTDOWN_TIMEOUT', 10),
    // At least a second: Node reads 0 as "never close an idle connection".
    CONSTELLATION_KEEP_ALIVE_TIMEOUT: count('CONSTELLATION_KEEP_ALIVE_TIMEOUT', 65).refine((seconds) => seconds >= 1, {
      message: 'CONSTELLATION_KEEP_ALIVE_TIMEOUT must be at least 1 second',
    }),
    CONSTELLATION_RATE_LIMIT: count('CONSTELLATION_RATE_LIMIT', 1_200),
    PORT: count('PORT', 8080),
    HOST: text(),
    CONSTELLATION_ALLOWED_HOSTS: commaList(),
    CONSTELLATION_ALLOWED_ORIGINS: commaList(),
    CONSTELLATION_TRUST_PROXY: text(),
    CONSTELLATION_TLS_CERT: text(),
    CONSTELLATION_TLS_KEY: text(),
    CONSTELLATION_DEMO: text(),
    LOG_LEVEL: choice<LogLevel>('LOG_LEVEL', ['debug', 'info', 'warn', 'error'], 'info'),
    CONSTELLATION_NODE_ID: text(),
    CONSTELLATION_TOKEN: text(),
    CONSTELLATION_TOKEN_ENCRYPTION_KEY: secretKey('CONSTELLATION_TOKEN_ENCRYPTION_KEY'),
    CONSTELLATION_ENCRYPTION_KEY: secretKeys('CONSTELLATION_ENCRYPTION_KEY'),
    CONSTELLATION_PUBLIC_URL: httpUrl('CONSTELLATION_PUBLIC_URL'),
    GOOGLE_CLIENT_ID: text(),
    GOOGLE_CLIENT_SECRET: text(),
    SLACK_CLIENT_ID: text(),
    SLACK_CLIENT_SECRET: text(),
    APIDECK_API_KEY: text(),
    APIDECK_APP_ID: text(),
    APIDECK_BASE_URL: text(),
    CONSTELLATION_TOOLSETS: commaList(),
    CONSTELLATION_TOOLS: commaList(),
    CONSTELLATION_READ_ONLY: flag('CONSTELLATION_READ_ONLY', false),
    CONSTELLATION_TOOL_MODE: choice('CONSTELLATION_TOOL_MODE', ['full', 'discovery', 'auto'], 'auto'),
    CONSTELLATION_TOOL_LIST_BUDGET: count('CONSTELLATION_TOOL_LIST_BUDGET', 100_000),
    ...DATABASE_VARIABLES,
    ...DOCUMENT_VARIABLES,
  })
  // Run even when a variable is wrong (zod skips refinements after an issue), so a pair is named too.
  .superRefine(
    (v, ctx) => {
      for (const [first, second] of PAIRS) {
        if (!v[first] !== !v[second])
          ctx.addIssue({ code: 'custom', message: `${first} and ${second} must be set together` });
      }
      const base = unifyBaseUrl(v.APIDECK_BASE_URL);
      if (!URL.canParse(base)) ctx.addIssue({ code: 'custom', message: `APIDECK_BASE_URL is not a URL: ${base}` });
    },
    { when: () => true },
  );

type Variables = z.output<typeof ENVIRONMENT>;

const unifyBaseUrl = (value: unknown): string =>
  (typeof value === 'string' && value ? value : 'https://unify.apideck.com').replace(/\/+$/, '');

/** Settings that cannot be read: every wrong variable, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? problems[0] : `${problems.length} settings are wrong:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  // Parsed once per process: zod's compiled fast path (built with `new Function` on an object's first parse) cost a
  // start more than it saves on a single parse of some eighty variables.
  const parsed = ENVIRONMENT.safeParse(env, { jitless: true });
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message));
  const v = parsed.data;
  const environment = v.CONSTELLATION_ENV;
  const dataDir = v.CONSTELLATION_DATA_DIR ?? join(homedir(), '.constellation');
  const config: Config = {
    environment,
    apiKey: v.CONSTELLATION_API_KEY ?? DEFAULT_API_KEY,
    jwtSecret: v.CONSTELLATION_JWT_SECRET ?? DEFAULT_JWT_SECRET,
    jwtTtlSeconds: v.CONSTELLATION_JWT_TTL,
    dataDir,
    databaseFile: v.CONSTELLATION_DATABASE ?? join(dataDir, 'constellation.db'),
    database: databaseSettingsOf(v),
    cacheTtlSeconds: v.CACHE_TTL,
    activityRetentionDays: v.CONSTELLATION_ACTIVITY_RETENTION_DAYS,
    auditRetentionDays: v.CONSTELLATION_AUDIT_RETENTION_DAYS,
    confirmationTtlSeconds: v.CONSTELLATION_CONFIRMATION_TTL_SECONDS,
    callTimeoutSeconds: v.CONSTELLATION_CALL_TIMEOUT,
    shutdownTimeoutSeconds: v.CONSTELLATION_SHUTDOWN_TIMEOUT,
    keepAliveTimeoutSeconds: v.CONSTELLATION_KEEP_ALIVE_TIMEOUT,
    rateLimitPerMinute: v.CONSTELLATION_RATE_LIMIT,
    port: v.PORT,
    host: v.HOST ?? '127.0.0.1',
    allowedHosts: v.CONSTELLATION_ALLOWED_HOSTS,
    allowedOrigins: v.CONSTELLATION_ALLOWED_ORIGINS,
    trustProxy: v.CONSTELLATION_TRUST_PROXY,
    tlsCertFile: v.CONSTELLATION_TLS_CERT,
    tlsKeyFile: v.CONSTELLATION_TLS_KEY,
    ...demoChoice(env, v, overrides),
    logLevel: v.LOG_LEVEL,
    nodeId: v.CONSTELLATION_NODE_ID ?? `${hostname()}-${process.pid}`,
    stdioToken: v.CONSTELLATION_TOKEN,
    tokenEncryptionKey: v.CONSTELLATION_TOKEN_ENCRYPTION_KEY,
    vaultKeys: v.CONSTELLATION_ENCRYPTION_KEY,
    publicUrl: v.CONSTELLATION_PUBLIC_URL,
    googleOAuthClient: oauthClient(v.GOOGLE_CLIENT_ID, v.GOOGLE_CLIENT_SECRET),
    slackOAuthClient: oauthClient(v.SLACK_CLIENT_ID, v.SLACK_CLIENT_SECRET),
    unify:
      v.APIDECK_API_KEY && v.APIDECK_APP_ID
        ? { apiKey: v.APIDECK_API_KEY, appId: v.APIDECK_APP_ID, baseUrl: unifyBaseUrl(v.APIDECK_BASE_URL) }
        : undefined,
    toolsets: v.CONSTELLATION_TOOLSETS,
    tools: v.CONSTELLATION_TOOLS,
    readOnly: v.CONSTELLATION_READ_ONLY,
    toolMode: v.CONSTELLATION_TOOL_MODE,
    toolListBudgetBytes: v.CONSTELLATION_TOOL_LIST_BUDGET,
    documents: documentSettingsOf(v),
  };
  const { forceDemo: _ignored, localCredentials: _local, ...rest } = overrides;
  return { ...config, ...rest, demo: config.demo || rest.demo === true };
}

const oauthClient = (clientId?: string, clientSecret?: string): OAuthClient | undefined =>
  clientId && clientSecret ? { clientId, clientSecret } : undefined;

/** The secrets a real server needs that the environment does not set. */
const missingSecrets = (v: Variables): string[] =>
  (['CONSTELLATION_API_KEY', 'CONSTELLATION_JWT_SECRET'] as const).filter((name) => !v[name]);

/**
 * Demo mode and why, for the start-up line. Asked for (--demo, CONSTELLATION_DEMO=1) it runs; missing
 * secrets imply it only on a development machine: not in production, for a local user with credentials,
 * or under NODE_ENV=production, where an open demo with a well-known JWT secret would be an accident.
 */
function demoChoice(
  env: NodeJS.ProcessEnv,
  v: Variables,
  overrides: ConfigOverrides,
): { demo: boolean; demoReason?: string } {
  if (overrides.forceDemo === true) return { demo: true, demoReason: '--demo' };
  if (v.CONSTELLATION_DEMO === '1') return { demo: true, demoReason: 'CONSTELLATION_DEMO=1' };
  const missing = missingSecrets(v);
  if (
    v.CONSTELLATION_ENV === 'production' ||
    overrides.localCredentials ||
    deploymentIntended(env) ||
    missing.length === 0
  )
    return { demo: false };
  return { demo: true, demoReason: `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set` };
}
