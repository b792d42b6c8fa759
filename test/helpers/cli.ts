import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { laneDatabaseEnv } from './lane-env.js';

export const BIN = new URL('../../bin/constellation.js', import.meta.url).pathname;
const ROOT = new URL('../../', import.meta.url).pathname;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built command with `args` asynchronously (a test server in this process must keep answering),
 * with only PATH and the given variables in its environment.
 */
export function runBin(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `constellation call ...` (see `runBin`). */
export const callClient = (args: string[], env: Record<string, string>): Promise<CliRun> =>
  runBin(['call', ...args], env);

/**
 * How a host starts the built command over stdio, as options for either SDK's StdioClientTransport: a
 * throwaway data folder, and only PATH and `env` in its environment.
 */
export async function builtStdioCommand(args: string[], env: Record<string, string> = {}) {
  return {
    command: process.execPath,
    args: [BIN, ...args],
    env: {
      PATH: process.env.PATH ?? '',
      CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-stdio-')),
      ...(await laneDatabaseEnv()),
      ...env,
    },
  };
}

/** SIGTERM to a process group this test started; it may have ended by itself already. */
function stopGroup(pid: number | undefined): void {
  try {
    if (pid !== undefined) process.kill(-pid, 'SIGTERM');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

export interface StartRun extends CliRun {
  /** True when `until` appeared on stderr (the process was then stopped with SIGTERM). */
  started: boolean;
}

/**
 * Runs a server command of the real bin (`serve`, `mcp`) in a fresh data directory with only PATH and
 * the given variables, until it exits or until stderr shows `until` (then stops it). Standard input is
 * closed at once, so a stdio server that did start ends as when its host goes away.
 */
export async function startCommand(
  command: string[],
  env: Record<string, string>,
  until: string,
  program: string[] = [process.execPath, BIN],
): Promise<StartRun> {
  const laneEnv = await laneDatabaseEnv();
  const dataDir = mkdtempSync(join(tmpdir(), 'constellation-start-'));
  const [executable = process.execPath, ...prefix] = program;
  // Its own process group, so stopping it also stops what it runs (npm runs the server through a shell).
  const child = spawn(executable, [...prefix, ...command], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', CONSTELLATION_DATA_DIR: dataDir, ...laneEnv, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  let started = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    if (!started && stderr.includes(until)) {
      started = true;
      stopGroup(child.pid);
    }
  });
  child.stdin.end();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, started }));
  });
}
