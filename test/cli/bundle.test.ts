import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;

// The bundle step of `npm run build` (over the compiled dist/src, as the CLI tests need it), into a folder of its own.
it('bundles into an emptied folder: no chunk of an earlier build stays beside the new ones', async () => {
  const out = mkdtempSync(join(tmpdir(), 'constellation-bundle-'));
  writeFileSync(join(out, 'stale-OLDHASH.js'), 'export {};\n');
  await promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'bundle.ts'), out], {
    cwd: ROOT,
  });
  const files = readdirSync(out);
  expect(files).not.toContain('stale-OLDHASH.js');
  expect(files).toEqual(expect.arrayContaining(['main.js', 'meta.json']));
  expect(existsSync(join(out, 'sheet-worker.js'))).toBe(true);
});
