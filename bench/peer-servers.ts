import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** An MCP server others wrote that users install instead of ours, as its host would spawn it over stdio. */
export interface PeerServer {
  label: string;
  /** The script its package's `bin` runs, relative to the package folder. */
  script: string;
  /** A placeholder credential: the peer must list its tools without reaching its upstream. */
  env: Record<string, string>;
  pkg: string;
  version: string;
}

export const PEERS: readonly PeerServer[] = [
  {
    label: 'Notion (official)',
    pkg: '@notionhq/notion-mcp-server',
    version: '2.5.2',
    script: 'bin/cli.mjs',
    env: { NOTION_TOKEN: 'ntn_bench_placeholder' },
  },
  {
    label: 'GitHub (reference)',
    pkg: '@modelcontextprotocol/server-github',
    version: '2025.4.8',
    script: 'dist/index.js',
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_bench_placeholder' },
  },
];

/**
 * Installs the peers once per set of versions into a folder under the system's temporary directory (they
 * are not dependencies of the project) and answers each one's script path, or why they could not be installed.
 */
export async function installPeers(
  peers: readonly PeerServer[] = PEERS,
): Promise<{ scripts: Map<PeerServer, string> } | { problem: string }> {
  const specs = peers.map((peer) => `${peer.pkg}@${peer.version}`);
  const folder = join(tmpdir(), 'constellation-bench-peers', specs.join('+').replaceAll('/', '_'));
  const scriptOf = (peer: PeerServer) => join(folder, 'node_modules', peer.pkg, peer.script);
  if (!peers.every((peer) => existsSync(scriptOf(peer)))) {
    mkdirSync(folder, { recursive: true });
    try {
      await promisify(execFile)('npm', ['install', '--prefix', folder, '--no-audit', '--no-fund', ...specs], {
        timeout: 300_000,
      });
    } catch (error) {
      const reason = (error as { stderr?: string }).stderr?.trim().split('\n').slice(-3).join(' ') || String(error);
      return { problem: `could not install ${specs.join(' and ')} (registry unreachable?): ${reason}` };
    }
  }
  return { scripts: new Map(peers.map((peer) => [peer, scriptOf(peer)])) };
}
