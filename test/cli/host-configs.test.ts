import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../../src/cli/args.js';

/** Every configuration a user copies parses and starts this package's real entry point. */
const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
  mcpName: string;
};

interface StdioEntry {
  command: string;
  args: string[];
}

/**
 * The CLI arguments a host entry hands to our command, checked to name a command a user has today: the
 * bin of the installed tarball, or the clone's entry point. `npx -y constellation-mcp` waits for the
 * package to be on the npm registry (see the README's release checklist).
 */
function ourArguments(entry: StdioEntry): string[] {
  expect(entry.command, 'npx needs the package on the npm registry').not.toBe('npx');
  if (entry.command in pkg.bin) return entry.args;
  expect(entry.command).toBe('node');
  expect(entry.args[0]).toMatch(/^\/.*\/bin\/constellation\.js$/);
  return entry.args.slice(1);
}

function expectStartsServer(entry: StdioEntry): void {
  const parsed = parseCli(ourArguments(entry));
  expect(parsed.command).toBe('mcp');
}

describe('host configurations', () => {
  it('the package has one bin, and it exists', () => {
    expect(Object.keys(pkg.bin)).toEqual(['constellation']);
    expect(existsSync(new URL(pkg.bin.constellation, root))).toBe(true);
  });

  it(".mcp.json, where Claude Code reads a project's servers, starts the stdio server from any directory", () => {
    const config = JSON.parse(read('.mcp.json')) as { mcpServers: Record<string, StdioEntry> };
    expectStartsServer(config.mcpServers.constellation);
  });

  it('every JSON block of the README parses, and every host entry in it starts the stdio server', () => {
    const blocks = [...read('README.md').matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    let entries = 0;
    for (const block of blocks) {
      const parsed = JSON.parse(block) as {
        mcpServers?: Record<string, StdioEntry>;
        servers?: Record<string, StdioEntry>;
      };
      for (const entry of Object.values(parsed.mcpServers ?? parsed.servers ?? {})) {
        expectStartsServer(entry);
        entries++;
      }
    }
    expect(entries).toBeGreaterThanOrEqual(2);
  });

  it('server.json names this package, its version and its mcpName', () => {
    const server = JSON.parse(read('server.json')) as {
      name: string;
      version: string;
      packages: Array<{
        registryType: string;
        identifier: string;
        version: string;
        transport: { type: string };
        packageArguments: Array<{ value: string }>;
      }>;
    };
    expect(server.name).toBe(pkg.mcpName);
    expect(server.version).toBe(pkg.version);
    expect(server.packages).toEqual([
      expect.objectContaining({
        registryType: 'npm',
        identifier: pkg.name,
        version: pkg.version,
        transport: { type: 'stdio' },
      }),
    ]);
    expect(parseCli(server.packages[0].packageArguments.map((a) => a.value)).command).toBe('mcp');
  });

  it('the README installs the tarball npm pack writes for this version', () => {
    const tarballs = [...read('README.md').matchAll(/constellation-mcp-(\d[\w.-]*)\.tgz/g)].map((m) => m[1]);
    expect(tarballs.length).toBeGreaterThan(0);
    expect(new Set(tarballs)).toEqual(new Set([pkg.version]));
  });

  it("the README's one-line Claude Code command starts the stdio server", () => {
    const line = /`(claude mcp add [^`]*)`/.exec(read('README.md'))?.[1] ?? '';
    const [, server = ''] = line.split(' -- ');
    const [command = '', ...args] = server.split(' ');
    expectStartsServer({ command, args });
  });

  it('.env.example names every variable an integration reads', async () => {
    const { MANIFESTS } = await import('../../tools/index.js');
    const { integrationsOf } = await import('../../src/catalog/manifest.js');
    const { environmentVariables } = await import('../../src/auth/local-user.js');
    const example = read('.env.example');
    for (const variable of environmentVariables(integrationsOf(MANIFESTS)))
      expect(example).toMatch(new RegExp(`^${variable}=`, 'm'));
  });
});
