import { apiKeyProblem, deploymentIntended, jwtSecretProblem, productionProblems } from '../config/secrets.js';
import type { Config } from '../config/config.js';

/** What the start-up checks and the mode line know about the command besides the configuration. */
export interface StartContext {
  command: 'serve' | 'mcp';
  /** stdio: every integration's environment variable, to name in a refusal. */
  credentialVariables: readonly string[];
  /** stdio: those set in this environment (the local user's own credentials). */
  localCredentialVariables: readonly string[];
}

/**
 * Under NODE_ENV=production no demo is implied, so the server must be a real one. `serve` needs its own
 * secrets, set and strong: the defaults are public. A stdio server listens on nothing and acts for the
 * one person who started it: their integration credentials are enough; a CONSTELLATION_TOKEN needs the
 * real secret it is verified with.
 */
function deploymentProblems(config: Config, env: NodeJS.ProcessEnv, context: StartContext): string[] {
  if (!deploymentIntended(env) || config.demo || config.environment === 'production') return [];
  if (context.command === 'serve')
    return [apiKeyProblem(env), jwtSecretProblem(env)].filter((problem) => problem !== undefined);
  if (config.stdioToken) return [jwtSecretProblem(env)].filter((problem) => problem !== undefined);
  if (context.localCredentialVariables.length > 0) return [];
  return [
    `no credentials: set an integration's variables (${context.credentialVariables.join(', ')}), or CONSTELLATION_TOKEN with CONSTELLATION_SERVER_URL (the team server), or CONSTELLATION_TOKEN and CONSTELLATION_JWT_SECRET`,
  ];
}

/** How `constellation mcp` serves a team token: relayed to the team server, or refused naming what is missing. */
export type StdioTokenRoute = { relay: { serverUrl: string; token: string } } | { refusal: string };

/**
 * A stdio server given CONSTELLATION_TOKEN relays to the team server at CONSTELLATION_SERVER_URL (a
 * member's machine has neither the secret that verifies the token nor the tenants), or verifies the
 * token itself where CONSTELLATION_JWT_SECRET is set (the server's own machine, its data directory).
 * With the token alone it cannot do either. Undefined: no token, or verified here.
 */
export function stdioTokenRoute(
  env: NodeJS.ProcessEnv,
  servedHereOptions: readonly string[] = [],
): StdioTokenRoute | undefined {
  const token = env.CONSTELLATION_TOKEN?.trim();
  if (!token) return undefined;
  const serverUrl = env.CONSTELLATION_SERVER_URL?.trim();
  if (serverUrl && !(/^https?:\/\//.test(serverUrl) && URL.canParse(serverUrl)))
    return { refusal: `CONSTELLATION_SERVER_URL is not an http(s) URL: ${serverUrl}` };
  // Relayed, the team server decides the tools a session sees: an option asking otherwise would be ignored.
  if (serverUrl && servedHereOptions.length > 0)
    return {
      refusal: `${servedHereOptions.join(', ')} cannot apply when relaying to the team server at CONSTELLATION_SERVER_URL (it decides the tools a session sees): remove ${servedHereOptions.length > 1 ? 'them' : 'it'}`,
    };
  if (serverUrl) return { relay: { serverUrl, token } };
  if (env.CONSTELLATION_JWT_SECRET) return undefined;
  return {
    refusal:
      'CONSTELLATION_TOKEN is set, but not the server it belongs to: set CONSTELLATION_SERVER_URL to the team server (e.g. https://constellation.example.com) and this stdio server relays to its /mcp with the token; ' +
      'or, on the machine that runs the team server, set CONSTELLATION_JWT_SECRET (the secret that signed the token) with the same CONSTELLATION_DATA_DIR',
  };
}

/** Why this server must not start, each problem naming what to set; empty when it may. */
export function startProblems(config: Config, env: NodeJS.ProcessEnv, context: StartContext): string[] {
  return [...productionProblems(config, env), ...deploymentProblems(config, env, context)];
}

/** The one message of a refused start (the command prints it without a stack trace). */
export function refusal(problems: readonly string[], config: Config): string {
  const listed = problems.map((problem) => `\n  - ${problem}`).join('');
  if (config.environment === 'production') return `refusing to start in production:${listed}`;
  return `refusing to start: NODE_ENV=production without --demo needs a configured server:${listed}\n  set what is named, or pass --demo to run the demo (fake upstreams, sample tenants)`;
}

/** How the server runs and why, for the start-up line: `production mode (CONSTELLATION_ENV=production)`. */
export function modeLine(config: Config, env: NodeJS.ProcessEnv, context: StartContext): string {
  if (config.demo) return `demo mode (${config.demoReason ?? 'asked for by the caller'})`;
  if (config.environment === 'production') return 'production mode (CONSTELLATION_ENV=production)';
  if (context.command === 'mcp' && !config.stdioToken && context.localCredentialVariables.length > 0) {
    return `local mode (one user, credentials from ${context.localCredentialVariables.join(', ')})`;
  }
  const why = env.CONSTELLATION_ENV
    ? `CONSTELLATION_ENV=${env.CONSTELLATION_ENV}`
    : `CONSTELLATION_ENV is not set${deploymentIntended(env) ? '; NODE_ENV does not choose the mode' : ''}`;
  return `${config.environment} mode (${why})`;
}
