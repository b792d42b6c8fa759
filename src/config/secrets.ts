import type { Config } from './config.js';

// Apart from config.js: the command-line entry checks secrets before it loads the configuration's schema.

export const DEFAULT_API_KEY = 'dev-api-key-change-me';
export const DEFAULT_JWT_SECRET = 'dev-jwt-secret-change-me-at-least-32-chars';

/** True when `NODE_ENV=production`: the operator means a deployment, so no demo is implied (see demoChoice). */
export const deploymentIntended = (env: NodeJS.ProcessEnv): boolean => env.NODE_ENV === 'production';

/** Least estimated entropy, in bits, of a production API key or JWT secret. */
const MIN_SECRET_BITS = 64;
/** Least number of different characters in a production API key or JWT secret. */
const MIN_DISTINCT_CHARACTERS = 8;

/** Shannon entropy of a string's character distribution, in bits per character. */
export function shannonEntropy(text: string): number {
  const chars = [...text];
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar;
}

/**
 * Estimated entropy of a secret in bits: its length times the Shannon entropy of its character
 * distribution. Sixteen identical characters score 0; 32 random hex digits about 120.
 */
function estimatedEntropyBits(secret: string): number {
  return shannonEntropy(secret) * [...secret].length;
}

/** Why a secret is too guessable for production, or undefined when it is strong enough. */
function weakSecretReason(secret: string): string | undefined {
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
