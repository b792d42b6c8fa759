import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
// Loaded by URL: the config is plain JavaScript, outside the TypeScript program.
const { default: config } = (await import(new URL('../../eslint.config.js', import.meta.url).href)) as {
  default: Linter.Config[];
};
const RULE = '@typescript-eslint/no-restricted-imports';

// The project's import boundaries alone, on the TypeScript parser without type information: the
// boundary rule reads only the import statements, and a probe file need not exist.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    tseslint.configs.base,
    ...config.filter((block) => block.rules?.[RULE] !== undefined).map(({ files, rules }) => ({ files, rules })),
  ],
});

/** The boundary problems of `code` as if it were the file `path`. */
async function boundaryProblems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('layer boundaries (eslint.config.js)', () => {
  it('refuse an import of a higher layer, from any folder', async () => {
    expect(
      await boundaryProblems('src/store/probe.ts', "import { graphMigrations } from '../graph/schema.js';"),
    ).toEqual([expect.stringContaining('src/store/ must not import src/graph, a higher layer')]);
    expect(
      await boundaryProblems('src/integrations/probe.ts', "import { vaultCredentials } from '../auth/vault/index.js';"),
    ).toHaveLength(1);
    expect(await boundaryProblems('src/graph/ingest/probe.ts', "import { createApp } from '../../app.js';")).toEqual([
      expect.stringContaining('must not import src/app.ts'),
    ]);
    expect(await boundaryProblems('src/http/probe.ts', "import { MANIFESTS } from '../../tools/index.js';")).toEqual([
      expect.stringContaining('must not import tools/index.ts'),
    ]);
    expect(await boundaryProblems('src/mcp/probe.ts', "import { sendError } from '../http/errors.js';")).toHaveLength(
      1,
    );
  });

  it('let a file import its own layer, lower layers, and higher ones as types', async () => {
    expect(
      await boundaryProblems(
        'src/documents/probe.ts',
        "import { GraphService } from '../graph/service/graph-service.js';",
      ),
    ).toEqual([]);
    expect(
      await boundaryProblems(
        'src/store/probe.ts',
        "import type { GraphService } from '../graph/service/graph-service.js';",
      ),
    ).toEqual([]);
    expect(await boundaryProblems('src/app.ts', "import { createGraph } from './graph/install.js';")).toEqual([]);
  });

  it('refuse even the types of the composition root below it: code declares the narrow dependencies it uses', async () => {
    expect(await boundaryProblems('src/http/probe.ts', "import type { App } from '../app.js';")).toEqual([
      expect.stringContaining('src/http/ must not import src/app.ts, the composition root, not even its types'),
    ]);
    expect(await boundaryProblems('src/mcp/probe.ts', "import { type App } from '../app.js';")).toHaveLength(1);
    expect(await boundaryProblems('src/graph/http/probe.ts', "import type { App } from '../../app.js';")).toHaveLength(
      1,
    );
    expect(await boundaryProblems('tools/crm/probe.ts', "import type { App } from '../../src/app.js';")).toHaveLength(
      1,
    );
    // Above the root, demo mode and the CLI work with the app it builds.
    expect(await boundaryProblems('src/demo/probe.ts', "import type { App } from '../app.js';")).toEqual([]);
    expect(await boundaryProblems('src/cli/probe.ts', "import type { App } from '../app.js';")).toEqual([]);
  });

  it('keep an upstream SDK in its package, src/integrations/<upstream>, and the tools that call it', async () => {
    expect(await boundaryProblems('src/http/probe.ts', "import type { Octokit } from '@octokit/rest';")).toEqual([
      expect.stringContaining('upstream SDKs belong to their package'),
    ]);
    expect(
      await boundaryProblems('src/integrations/probe.ts', "import { Client } from '@notionhq/client';"),
    ).toHaveLength(1);
    expect(
      await boundaryProblems('src/integrations/github/probe.ts', "import { Octokit } from '@octokit/rest';"),
    ).toEqual([]);
    expect(await boundaryProblems('tools/code_host/probe.ts', "import type { Octokit } from '@octokit/rest';")).toEqual(
      [],
    );
  });

  it("let an upstream's demo part, and no other file of its package, run the sandbox's fake", async () => {
    const fake = "import { githubFake } from '../../sandbox/github/index.js';";
    expect(await boundaryProblems('src/integrations/github/demo.ts', fake)).toEqual([]);
    expect(await boundaryProblems('src/integrations/github/client.ts', fake)).toEqual(
      expect.arrayContaining([expect.stringContaining('must not import src/sandbox')]),
    );
  });

  it("let a system's REST family use the REST adapter it sits above", async () => {
    expect(
      await boundaryProblems('tools/crm/rest.ts', "import { addToolRoutes } from '../../src/http/tool-routes.js';"),
    ).toEqual([]);
  });
});
