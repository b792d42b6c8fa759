import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from './cli.js';
import { laneDatabaseEnv } from './lane-env.js';

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** Resolves with stderr once it matches `pattern` (now or when more arrives). */
  stderrMatching(pattern: RegExp): Promise<string>;
  /** Sends SIGTERM and resolves with the exit code (null when a signal, such as an abort, ended it). */
  stop(): Promise<number | null>;
}

/**
 * Spawns a command that prints the address it serves at (a line matching `urlPattern` on stdout or
 * stderr) and resolves once that line arrives, or rejects with its output when it exits first.
 */
export function spawnServer(args: string[], env: Record<string, string>, urlPattern: RegExp): Promise<SpawnedServer> {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const onOutput = () => {
      const url = urlPattern.exec(output)?.[1];
      if (!url) return;
      child.stdout?.off('data', onStdout);
      const stderrMatching = (pattern: RegExp) =>
        new Promise<string>((found) => {
          const check = () => pattern.test(stderr) && (child.stderr?.off('data', check), found(stderr));
          child.stderr?.on('data', check);
          check();
        });
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      const stop = () => (child.kill('SIGTERM'), exited);
      resolve({ url, child, stderr: () => stderr, stderrMatching, stop });
    };
    const onStdout = (chunk: Buffer) => {
      output += chunk.toString();
      onOutput();
    };
    child.stdout?.on('data', onStdout);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      output += chunk.toString();
      onOutput();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before serving: ${output}`)));
  });
}

/** The built command (`npm run build`) serving the demo on a free port, with a throwaway data folder. */
export async function startBuiltDemo(env: Record<string, string> = {}): Promise<SpawnedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'constellation-built-'));
  return spawnServer(
    [BIN, 'serve', '--demo', '--port', '0'],
    { CONSTELLATION_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(await laneDatabaseEnv()), ...env },
    /serving REST and MCP .* at (http:\/\/[\d.:]+)/,
  );
}
