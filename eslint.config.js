// ESLint flat config: typescript-eslint's type-checked rules, plus the import boundaries between layers.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * The layers of production code, lowest first: a file may import its own layer and the layers below it
 * at run time, and a higher layer only with `import type`. An entry is a folder (with what is under it,
 * unless a more specific entry claims a subfolder) or a file; `*` stands for every folder there (`tools/*`
 * is every system's folder).
 */
const LAYERS = [
  // Settings, logger and version: everything reads them, they read nothing of ours.
  ['src/config', 'src/version.ts'],
  // The tool model and the executor: what every feature and surface is built on.
  ['src/toolkit'],
  // Metrics of executions, and the SQLite plumbing (it runs the migrations it is given, knows no feature).
  ['src/telemetry.ts', 'src/store'],
  // How upstream clients are built, credentialed and their errors mapped; an upstream is one package,
  // src/integrations/<upstream>/ (client, credentials, errors, OAuth provider).
  ['src/integrations'],
  // Tenants, tokens, the credential vault and the OAuth flow, over the store.
  ['src/auth'],
  // The knowledge graph, then what builds on it (documents link entities) or beside it (analytics cache).
  ['src/graph'],
  ['src/documents', 'src/analytics'],
  // Governance: the audit log and the secret scanning, which every surface's calls pass through.
  ['src/governance'],
  // What a system is made of: tools, integration, extractor (the graph's vocabulary).
  ['src/catalog'],
  // The background sync: reads each system's lists through the executor into the graph, on a schedule.
  ['src/sync'],
  // The fakes of the upstreams: they speak the upstreams' APIs and know no feature or surface.
  ['src/sandbox'],
  // An upstream's demo part: its fake, the credentials each sandbox workspace accepts, the contract probes.
  ['src/integrations/*/demo.ts'],
  // The surfaces' building blocks: MCP, then the REST adapter that also mounts MCP over HTTP (the graph's
  // REST routes, in src/graph/http, belong to it). They read the catalog as data (app.manifests), so a
  // system's REST family can sit in its own folder above them.
  ['src/mcp'],
  // (MCP over streamable HTTP, src/mcp/http.ts, is mounted by the REST adapter and uses its caller check;
  // an upstream's REST part, src/integrations/<upstream>/rest.ts, is what the families reaching it share;
  // its routes.ts, the routes of its own that systems reaching it mount.)
  ['src/http', 'src/graph/http', 'src/mcp/http.ts', 'src/integrations/*/rest.ts', 'src/integrations/*/routes.ts'],
  // The catalog: field schemas and integrations several systems share, the systems (each with its REST
  // family), their assembly.
  ['tools/shared'],
  ['tools/*'],
  ['tools/index.ts', 'tools/catalog.ts', 'tools/systems.ts', 'src/docs'],
  // Composition: the installation's schema and the storage areas its tenant purge reaches, the root that
  // builds every service, demo mode, the CLI.
  ['src/database.ts', 'src/tenant-areas.ts'],
  ['src/app.ts', 'src/app-types.ts', 'src/app-execution.ts', 'src/app-credentials.ts', 'src/app-shutdown.ts'],
  ['src/demo'],
  ['src/cli'],
];

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.bench/**', 'test-results/**', 'test/contracts/**'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // One program for every linted TypeScript file: tsconfig.test.json covers src/, tools/, test/,
        // bench/ and scripts/. (`projectService` would look for a tsconfig.json next to each file and find
        // none that includes test/ or bench/.)
        project: './tsconfig.test.json',
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // `_name` marks a value left out on purpose (Express's four-argument error handlers, rest-omission).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Forwarding a reason we were handed (`signal.reason`, a caught error) is fine; new non-Error values are not.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      // Off: tool handlers and fakes implement interfaces that return promises; `async` without `await`
      // keeps a throw a rejection, and dropping it would change that.
      '@typescript-eslint/require-await': 'off',
      // Off: `String(value)` is used on purpose on untyped scalars (headers, query strings, JSON);
      // template literals stay covered by restrict-template-expressions.
      '@typescript-eslint/no-base-to-string': 'off',
      // Off: the flagged unions are written for the reader (`unknown | Promise<unknown>` says a callback may
      // be async; `keyof ClientMap & string` stays a string however modules augment ClientMap).
      '@typescript-eslint/no-redundant-type-constituents': 'off',
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Off in tests: they read JSON bodies and tool results as untyped values (`call()` returns
      // `body: any`) and the expect() calls are the check. Production code keeps all of these.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // Plain JavaScript entry points and config files are outside the TypeScript program.
  { files: ['**/*.js', 'vitest.config.ts'], ...tseslint.configs.disableTypeChecked },
  { files: ['bin/**/*.js'], languageOptions: { globals: { process: 'readonly' } } },
  ...layerBoundaries(),
);

/**
 * Import boundaries, one `no-restricted-imports` block per folder of production code (and per file that
 * is a layer of its own). Imports are relative, so each forbidden folder
 * is turned into the path an import from that folder would spell (`src/http` is `../http` from
 * src/toolkit and `../../src/http` from tools/code_host). ESLint keeps only the last options of a rule
 * for a file, so every restriction that applies to a file is gathered into its one block. Dynamic
 * `import()` is not checked by the rule.
 */
function layerBoundaries() {
  const SDKS = [
    { regex: '^@modelcontextprotocol/', message: 'the MCP SDK belongs to src/mcp' },
    {
      regex:
        '^(@octokit/|jira\\.js|confluence\\.js|@notionhq/|@slack/|@googleapis/|googleapis|google-auth-library|@apideck/)',
      message: 'upstream SDKs belong to their package, src/integrations/<upstream>, and the tools that call them',
    },
  ];
  const EXPRESS = [{ regex: '^express(-rate-limit)?(/|$)', message: 'Express belongs to src/http and src/sandbox' }];
  const NOT_TEST_CODE = ['test', 'bench'];
  // Below it, code receives narrow dependencies it declares itself, so not even the App type is imported.
  const COMPOSITION_ROOT = 'src/app.ts';
  // Only these (and the demo parts) may import the sandbox at runtime; anything else may import its types.
  const SANDBOX_USERS = ['src/sandbox', 'src/demo', 'src/cli'];
  const UPSTREAM_DEMO = /^src\/integrations\/[^/]+\/demo\.ts$/;
  const layers = expandedLayers();
  const layerOf = (file) => {
    const entry = layers.entries.filter((e) => within(file, e)).sort((a, b) => b.length - a.length)[0];
    if (entry === undefined)
      throw new Error(`${file} is in no layer: add it or its folder to LAYERS in eslint.config.js`);
    return layers.index.get(entry);
  };

  // `file` stands for the files the block covers: a file, or `<dir>/x.ts` for a folder's files.
  const rulesFor = (file, { sandboxAllowed }) => {
    const dir = path.posix.dirname(file);
    const packages = [];
    if (dir.startsWith('tools')) packages.push(SDKS[0], ...EXPRESS);
    if (within(dir, 'src/toolkit')) packages.push(...SDKS, ...EXPRESS);
    else if (dir.startsWith('src/') && !/^src\/integrations\/[^/]+/.test(dir)) packages.push(SDKS[1]);
    const above = layers.entries.filter((entry) => layers.index.get(entry) > layerOf(file));
    const patterns = [
      ...packages.map(({ regex, message }) => ({ regex, caseSensitive: true, message: `${message} (layer boundary)` })),
      ...NOT_TEST_CODE.map((folder) => restrictFolder(dir, folder, `${dir}/ must not import ${folder}`)),
      ...above.map((entry) =>
        entry === COMPOSITION_ROOT
          ? restrictFolder(
              dir,
              entry,
              `${dir}/ must not import ${entry}, the composition root, not even its types (layer boundary: declare what the code uses in its own layer, the root satisfies it)`,
            )
          : {
              ...restrictFolder(
                dir,
                entry,
                `${dir}/ must not import ${entry}, a higher layer (layer boundary; \`import type\` is allowed)`,
              ),
              allowTypeImports: true,
            },
      ),
    ];
    if (within(dir, 'src/sandbox'))
      patterns.push(restrictFolder(dir, 'src/toolkit/executor', 'the sandbox must not run tools (layer boundary)'));
    if (!sandboxAllowed) patterns.push(sandboxTypesOnly(dir));
    return { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] };
  };

  const blocks = [];
  for (const [dir, files] of sourceFolders()) {
    // A folder whose files are layers of their own (src/, tools/): each file gets its block below.
    if (files.every((file) => layers.index.has(file))) continue;
    const sandboxAllowed = SANDBOX_USERS.some((user) => within(dir, user));
    blocks.push({ files: [`${dir}/*.ts`], rules: rulesFor(`${dir}/x.ts`, { sandboxAllowed }) });
    if (!sandboxAllowed && /^tools\/(shared\/)?[^/]+$/.test(dir)) {
      // A system's demo wires its fake upstream: it is the one file of a system (or of an integration
      // systems share, tools/shared/<integration>) that runs the sandbox.
      blocks.push({ files: [`${dir}/demo.ts`], rules: rulesFor(`${dir}/demo.ts`, { sandboxAllowed: true }) });
    }
  }
  for (const file of layers.entries.filter((e) => e.endsWith('.ts'))) {
    const sandboxAllowed = SANDBOX_USERS.some((user) => within(file, user)) || UPSTREAM_DEMO.test(file);
    blocks.push({ files: [file], rules: rulesFor(file, { sandboxAllowed }) });
  }
  return blocks;
}

/**
 * LAYERS with each `*` spelled out: `tools/*` as every system's folder (those no other entry names),
 * `src/integrations/<upstream>/demo.ts` for every upstream package that has a demo part.
 */
function expandedLayers() {
  const spelled = (entry) => {
    if (!entry.includes('*')) return [entry];
    const [parent, rest] = entry.split('/*');
    return readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `${parent}/${e.name}${rest}`)
      .filter((name) => (rest ? existsSync(path.join(root, name)) : !LAYERS.flat().includes(name)));
  };
  const index = new Map();
  LAYERS.forEach((layer, i) => {
    for (const entry of layer.flatMap(spelled)) index.set(entry, i);
  });
  return { entries: [...index.keys()], index };
}

function sandboxTypesOnly(dir) {
  return {
    ...restrictFolder(
      dir,
      'src/sandbox',
      'only src/demo, src/cli and the demo parts (src/integrations/<upstream>/demo.ts, tools/<system>/demo.ts) run the sandbox; import its types with `import type`',
    ),
    allowTypeImports: true,
  };
}

/** A pattern matching an import of `target` (a folder, or a file spelled `.js`) as spelled from a file in `dir`. */
function restrictFolder(dir, target, message) {
  const relative = path.posix.relative(dir, target.replace(/\.ts$/, ''));
  const spelled = escapeRegex(relative.startsWith('.') ? relative : `./${relative}`);
  return { regex: `^${spelled}(\\.js)?(/|$)`, caseSensitive: true, message };
}

function escapeRegex(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function within(dir, folder) {
  return dir === folder || dir.startsWith(`${folder}/`);
}

/** Every folder of production code (src/ and tools/) with its TypeScript files, relative to the root. */
function sourceFolders() {
  const folders = new Map();
  for (const top of ['src', 'tools']) {
    for (const entry of readdirSync(path.join(root, top), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.ts')) {
        const folder = path.relative(root, entry.parentPath).split(path.sep).join('/');
        folders.set(folder, [...(folders.get(folder) ?? []), `${folder}/${entry.name}`]);
      }
    }
  }
  return [...folders].sort(([a], [b]) => a.localeCompare(b));
}
