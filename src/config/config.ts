import { join } from 'node:path';
import { homedir } from 'node:os';

export type Environment = 'production' | 'development' | 'test';

/** Every setting of the server, read once from the environment. Documented in the README. */
export interface Config {
  environment: Environment;
  apiKey: string;
  jwtSecret: string;
  /** JWT lifetime in seconds. */
  jwtTtlSeconds: number;
  dataDir: string;
  /** SQLite file; `:memory:` for throwaway stores. */
  databaseFile: string;
  /** GET response cache lifetime in seconds. */
  cacheTtlSeconds: number;
  /** Days activity records are kept; 0 keeps them forever. */
  activityRetentionDays: number;
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
  logLevel: 'debug' | 'info' | 'warn' | 'error';
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
  googleOAuthClient?: { clientId: string; clientSecret: string };
  /** The Slack app of the chat workspace's per-user authorization (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET). */
  slackOAuthClient?: { clientId: string; clientSecret: string };
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
}

export const DEFAULT_API_KEY = 'dev-api-key-change-me';
export const DEFAULT_JWT_SECRET = 'dev-jwt-secret-change-me-at-least-32-chars';

export interface ConfigOverrides extends Partial<Config> {
  /** Force demo mode (the `--demo` flag). */
  forceDemo?: boolean;
  /** The local stdio user's environment holds integration credentials: no implicit demo mode. */
  localCredentials?: boolean;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

/** At least a second: Node reads 0 as "never close an idle connection". */
function keepAliveSeconds(value: string | undefined): number {
  const seconds = integer('CONSTELLATION_KEEP_ALIVE_TIMEOUT', value, 65);
  if (seconds < 1) throw new Error('CONSTELLATION_KEEP_ALIVE_TIMEOUT must be at least 1 second');
  return seconds;
}

/** A 32-byte key given as 64 hex digits or base64; anything else refuses to start, naming the variable. */
function encryptionKey(value: string | undefined): Uint8Array | undefined {
  if (!value) return undefined;
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (bytes.length !== 32)
    throw new Error(
      'CONSTELLATION_TOKEN_ENCRYPTION_KEY must be 32 bytes, as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)',
    );
  return new Uint8Array(bytes);
}

/**
 * The credential vault's keys: one 32-byte key, or several separated by commas during a rotation (new
 * key first, the old ones after it until the vault has re-sealed their rows). Undefined when unset.
 */
export function parseVaultKeys(value: string | undefined): Buffer[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const keys = value.split(',').map((part, index) => {
    const text = part.trim();
    const bytes = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
    if (bytes.length !== 32)
      throw new Error(
        `CONSTELLATION_ENCRYPTION_KEY key ${index + 1} must be 32 bytes, as 64 hex digits or base64 (e.g. \`openssl rand -base64 32\`)`,
      );
    return bytes;
  });
  if (new Set(keys.map((key) => key.toString('hex'))).size !== keys.length)
    throw new Error('CONSTELLATION_ENCRYPTION_KEY lists the same key twice');
  return keys;
}

/** An absolute http(s) URL without a trailing slash; anything else refuses to start. */
function publicUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `CONSTELLATION_PUBLIC_URL must be an absolute URL such as https://constellation.example.com, got "${value}"`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`CONSTELLATION_PUBLIC_URL must be http or https, got "${value}"`);
  return url.toString().replace(/\/$/, '');
}

/** An OAuth client's id and secret: both or neither. */
function unifySettings(env: NodeJS.ProcessEnv): Config['unify'] {
  const apiKey = env.APIDECK_API_KEY || undefined;
  const appId = env.APIDECK_APP_ID || undefined;
  if (!apiKey && !appId) return undefined;
  if (!apiKey || !appId) throw new Error('APIDECK_API_KEY and APIDECK_APP_ID must be set together');
  const baseUrl = (env.APIDECK_BASE_URL || 'https://unify.apideck.com').replace(/\/+$/, '');
  if (!URL.canParse(baseUrl)) throw new Error(`APIDECK_BASE_URL is not a URL: ${baseUrl}`);
  return { apiKey, appId, baseUrl };
}

function oauthClient(
  prefix: string,
  clientId: string | undefined,
  clientSecret: string | undefined,
): { clientId: string; clientSecret: string } | undefined {
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret)
    throw new Error(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
  return { clientId, clientSecret };
}

const TRUE_WORDS = ['true', '1', 'yes'];
const FALSE_WORDS = ['false', '0', 'no'];

function boolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  throw new Error(`${name} must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')}, got "${value}"`);
}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`${name} must be ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

/** True when `NODE_ENV=production`: the operator means a deployment, so no demo is implied (see demoChoice). */
export const deploymentIntended = (env: NodeJS.ProcessEnv): boolean => env.NODE_ENV === 'production';

/** The secrets a real server needs that the environment does not set. */
const missingSecrets = (env: NodeJS.ProcessEnv): string[] =>
  ['CONSTELLATION_API_KEY', 'CONSTELLATION_JWT_SECRET'].filter((name) => !env[name]);

/**
 * Demo mode and why, for the start-up line. Asked for (--demo, CONSTELLATION_DEMO=1) it runs; missing
 * secrets imply it only on a development machine: not in production, for a local user with credentials,
 * or under NODE_ENV=production, where an open demo with a well-known JWT secret would be an accident.
 */
function demoChoice(
  env: NodeJS.ProcessEnv,
  overrides: ConfigOverrides,
  environment: Environment,
): { demo: boolean; demoReason?: string } {
  if (overrides.forceDemo === true) return { demo: true, demoReason: '--demo' };
  if (env.CONSTELLATION_DEMO === '1') return { demo: true, demoReason: 'CONSTELLATION_DEMO=1' };
  const missing = missingSecrets(env);
  if (environment === 'production' || overrides.localCredentials || deploymentIntended(env) || missing.length === 0)
    return { demo: false };
  return { demo: true, demoReason: `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set` };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  // Only CONSTELLATION_ENV sets the mode: NODE_ENV=production is set by many images and tools for
  // library reasons, and silently switching to production (refusing plain HTTP, requiring secrets) surprised.
  const environment = oneOf<Environment>(
    'CONSTELLATION_ENV',
    env.CONSTELLATION_ENV,
    ['production', 'development', 'test'],
    'development',
  );
  const apiKey = env.CONSTELLATION_API_KEY ?? '';
  const jwtSecret = env.CONSTELLATION_JWT_SECRET ?? '';
  const dataDir = env.CONSTELLATION_DATA_DIR ?? join(homedir(), '.constellation');
  const { demo, demoReason } = demoChoice(env, overrides, environment);
  const config: Config = {
    environment,
    apiKey: apiKey || DEFAULT_API_KEY,
    jwtSecret: jwtSecret || DEFAULT_JWT_SECRET,
    jwtTtlSeconds: integer('CONSTELLATION_JWT_TTL', env.CONSTELLATION_JWT_TTL, 3600),
    dataDir,
    databaseFile: env.CONSTELLATION_DATABASE ?? join(dataDir, 'constellation.db'),
    cacheTtlSeconds: integer('CACHE_TTL', env.CACHE_TTL, 86_400),
    activityRetentionDays: integer(
      'CONSTELLATION_ACTIVITY_RETENTION_DAYS',
      env.CONSTELLATION_ACTIVITY_RETENTION_DAYS,
      90,
    ),
    callTimeoutSeconds: integer('CONSTELLATION_CALL_TIMEOUT', env.CONSTELLATION_CALL_TIMEOUT, 120),
    shutdownTimeoutSeconds: integer('CONSTELLATION_SHUTDOWN_TIMEOUT', env.CONSTELLATION_SHUTDOWN_TIMEOUT, 10),
    keepAliveTimeoutSeconds: keepAliveSeconds(env.CONSTELLATION_KEEP_ALIVE_TIMEOUT),
    rateLimitPerMinute: integer('CONSTELLATION_RATE_LIMIT', env.CONSTELLATION_RATE_LIMIT, 1_200),
    port: integer('PORT', env.PORT, 8080),
    host: env.HOST ?? '127.0.0.1',
    allowedHosts: list(env.CONSTELLATION_ALLOWED_HOSTS),
    allowedOrigins: list(env.CONSTELLATION_ALLOWED_ORIGINS),
    trustProxy: env.CONSTELLATION_TRUST_PROXY || undefined,
    tlsCertFile: env.CONSTELLATION_TLS_CERT || undefined,
    tlsKeyFile: env.CONSTELLATION_TLS_KEY || undefined,
    demo,
    demoReason,
    logLevel: (env.LOG_LEVEL as Config['logLevel']) ?? 'info',
    stdioToken: env.CONSTELLATION_TOKEN || undefined,
    tokenEncryptionKey: encryptionKey(env.CONSTELLATION_TOKEN_ENCRYPTION_KEY),
    vaultKeys: parseVaultKeys(env.CONSTELLATION_ENCRYPTION_KEY),
    publicUrl: publicUrl(env.CONSTELLATION_PUBLIC_URL),
    googleOAuthClient: oauthClient('GOOGLE', env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
    slackOAuthClient: oauthClient('SLACK', env.SLACK_CLIENT_ID, env.SLACK_CLIENT_SECRET),
    unify: unifySettings(env),
    toolsets: list(env.CONSTELLATION_TOOLSETS),
    tools: list(env.CONSTELLATION_TOOLS),
    readOnly: boolean('CONSTELLATION_READ_ONLY', env.CONSTELLATION_READ_ONLY, false),
    toolMode: oneOf('CONSTELLATION_TOOL_MODE', env.CONSTELLATION_TOOL_MODE, ['full', 'discovery', 'auto'], 'auto'),
    toolListBudgetBytes: integer('CONSTELLATION_TOOL_LIST_BUDGET', env.CONSTELLATION_TOOL_LIST_BUDGET, 100_000),
  };
  const { forceDemo: _ignored, localCredentials: _local, ...rest } = overrides;
  return { ...config, ...rest, demo: config.demo || rest.demo === true };
}

// The secret rule lives in this module: the command-line client loads config.js and nothing else of the server.

/** Least estimated entropy, in bits, of a production API key or JWT secret. */
export const MIN_SECRET_BITS = 64;
/** Least number of different characters in a production API key or JWT secret. */
export const MIN_DISTINCT_CHARACTERS = 8;

/**
 * Estimated entropy of a secret in bits: its length times the Shannon entropy of its character
 * distribution. Sixteen identical characters score 0; 32 random hex digits about 120.
 */
export function estimatedEntropyBits(secret: string): number {
  const chars = [...secret];
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * chars.length;
}

/** Why a secret is too guessable for production, or undefined when it is strong enough. */
export function weakSecretReason(secret: string): string | undefined {
  const distinct = new Set(secret).size;
  if (distinct < MIN_DISTINCT_CHARACTERS)
    return `it has ${distinct} different characters, at least ${MIN_DISTINCT_CHARACTERS} are required`;
  const bits = Math.floor(estimatedEntropyBits(secret));
  if (bits < MIN_SECRET_BITS) return `its estimated entropy is ${bits} bits, at least ${MIN_SECRET_BITS} are required`;
  return undefined;
}

/** A secret's problem for production (unset, default, short or guessable), or undefined when it is fine. */
function secretProblem(
  name: string,
  value: string | undefined,
  fallback: string,
  minLength: number,
): string | undefined {
  if (!value) return `${name} is not set`;
  if (value === fallback || value.length < minLength)
    return `${name} is the default or shorter than ${minLength} characters`;
  const weak = weakSecretReason(value);
  return weak && `${name} is too guessable: ${weak} (generate one with: openssl rand -hex 32)`;
}

/** The API key's problem for a real server, or undefined when it is set and strong. */
export const apiKeyProblem = (env: NodeJS.ProcessEnv): string | undefined =>
  secretProblem('CONSTELLATION_API_KEY', env.CONSTELLATION_API_KEY, DEFAULT_API_KEY, 16);
/** The JWT secret's problem for a real server, or undefined when it is set and strong. */
export const jwtSecretProblem = (env: NodeJS.ProcessEnv): string | undefined =>
  secretProblem('CONSTELLATION_JWT_SECRET', env.CONSTELLATION_JWT_SECRET, DEFAULT_JWT_SECRET, 32);

/** Production refuses to start on missing, default or guessable secrets; the message names each problem. */
export function productionProblems(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  if (config.environment !== 'production') return [];
  const problems: string[] = [];
  for (const problem of [apiKeyProblem(env), jwtSecretProblem(env)]) {
    if (problem) problems.push(problem);
  }
  if (config.demo) problems.push('demo mode cannot run in production');
  if (!config.vaultKeys?.length)
    problems.push(
      'CONSTELLATION_ENCRYPTION_KEY is not set: the per-user credential vault needs a 32-byte key (openssl rand -base64 32)',
    );
  if ((config.tlsCertFile === undefined) !== (config.tlsKeyFile === undefined))
    problems.push('CONSTELLATION_TLS_CERT and CONSTELLATION_TLS_KEY must be set together');
  return problems;
}
