import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

interface PackedFile {
  path: string;
}

/** What `npm pack` would ship, without running the build (the suite builds dist/ before it runs). */
function packedFiles(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [pack] = JSON.parse(out) as { files: PackedFile[] }[];
  return pack.files.map((f) => f.path);
}

describe('the published package', () => {
  it('ships the licence, the CLI and the build, and every source map it ships points at shipped files', () => {
    const files = packedFiles();
    for (const needed of ['LICENSE', 'README.md', 'package.json', 'bin/constellation.js', 'dist/src/cli/main.js'])
      expect(files).toContain(needed);
    const shipped = new Set(files);
    const broken: string[] = [];
    for (const map of files.filter((f) => f.endsWith('.map'))) {
      const { sources } = JSON.parse(readFileSync(join(ROOT, map), 'utf8')) as { sources: string[] };
      for (const source of sources)
        if (!shipped.has(normalize(join(dirname(map), source)))) broken.push(`${map} -> ${source}`);
    }
    expect(broken).toEqual([]);
  });

  it('declares its licence, repository, homepage, issue tracker and keywords', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toContain('Copyright (c) 2026 The Constellation contributors');
    expect(JSON.stringify(pkg.repository)).toContain('github.com/constellation-mcp/constellation');
    expect(pkg.homepage).toMatch(/^https:\/\/github\.com\/constellation-mcp\/constellation/);
    expect(pkg.bugs).toMatchObject({ url: expect.stringContaining('/issues') });
    expect((pkg.keywords as string[]).length).toBeGreaterThan(0);
  });
});
