import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const fixtures = mkdtempSync(join(tmpdir(), 'cycles-'));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

/** Writes a tree of files under a fresh folder and returns its path. */
function tree(name: string, files: Record<string, string>): string {
  const folder = join(fixtures, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    writeFileSync(join(folder, file), text);
  }
  return folder;
}

/** Runs the cycle check as `npm run lint` does, on the given folders. */
function checkCycles(...folders: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/check-cycles.ts', ...folders], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('scripts/check-cycles.ts', () => {
  it('fails naming the files of each import cycle, across folders and through re-exports', async () => {
    const low = tree('cyclic/low', {
      'store.ts': "import { feature } from '../high/feature.js';\nexport const store = () => feature;\n",
      'plain.ts': 'export const plain = 1;\n',
    });
    const high = tree('cyclic/high', {
      'feature.ts': "import { store } from '../low/store.js';\nexport const feature = () => store;\n",
      'a.ts': "export * from './b.js';\nexport const a = 1;\n",
      'b.ts': "import { a } from './a.js';\nexport const b = a;\n",
    });
    const { code, stderr } = await checkCycles(low, high);
    expect(code).toBe(1);
    const cycles = stderr.split('\n').filter((line) => line.startsWith('import cycle: '));
    expect(cycles).toHaveLength(2);
    expect(cycles).toContainEqual(`import cycle: ${high}/feature.ts -> ${low}/store.ts -> ${high}/feature.ts`);
    expect(cycles).toContainEqual(`import cycle: ${high}/a.ts -> ${high}/b.ts -> ${high}/a.ts`);
    expect(stderr).toContain('2 import cycle(s)');
  });

  it('passes a tree whose only cycles are through type-only or dynamic imports', async () => {
    const folder = tree('acyclic', {
      'service.ts': "import { retrieve } from './retrieve.js';\nexport class Service { run = retrieve; }\n",
      'retrieve.ts': "import type { Service } from './service.js';\nexport const retrieve = (s?: Service) => s;\n",
      'named.ts':
        "import { type Service } from './service.js';\nexport { type Helper } from './helper.js';\nexport const named = (s?: Service) => s;\n",
      'helper.ts': "import { named } from './named.js';\nexport type Helper = typeof named;\n",
      'lazy.ts': "export const load = () => import('./loaded.js');\n",
      'loaded.ts': "import { load } from './lazy.js';\nexport const again = load;\n",
    });
    const { code, stderr } = await checkCycles(folder);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
