// ESLint flat config: typescript-eslint's type-checked rules, plus the import boundaries between layers.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

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
 * Import boundaries between layers, one `no-restricted-imports` block per folder of production code.
 * Imports are relative, so each forbidden folder is turned into the path an import from that folder would
 * spell (`src/http` is `../http` from src/toolkit and `../../src/http` from tools/code_host). ESLint keeps
 * only the last options of a rule for a file, so every restriction that applies to a folder is gathered
 * into its one block. Dynamic `import()` is not checked by the rule.
 */
function layerBoundaries() {
  const SDKS = [
    { regex: '^@modelcontextprotocol/', message: 'the MCP SDK belongs to src/mcp' },
    {
      regex:
        '^(@octokit/|jira\\.js|confluence\\.js|@notionhq/|@slack/|@googleapis/|googleapis|google-auth-library|@apideck/)',
      message: 'upstream SDKs belong to tools/<system>',
    },
  ];
  const EXPRESS = [{ regex: '^express(-rate-limit)?(/|$)', message: 'Express belongs to src/http and src/sandbox' }];
  const SURFACES = ['src/http', 'src/mcp', 'src/cli'];
  const NOT_TEST_CODE = ['test', 'bench'];
  // Only these may import the sandbox at runtime; anything else may import its types.
  const SANDBOX_USERS = ['src/sandbox', 'src/demo', 'src/cli'];

  const rulesFor = (dir, allowed) => {
    const folders = [...NOT_TEST_CODE];
    const packages = [];
    if (dir.startsWith('tools')) {
      packages.push(SDKS[0], ...EXPRESS);
      folders.push(...SURFACES);
    }
    if (within(dir, 'src/toolkit')) {
      packages.push(...SDKS, ...EXPRESS);
      folders.push('src/http', 'src/mcp', 'src/graph', 'tools');
    }
    if (within(dir, 'src/sandbox')) folders.push('src/http', 'src/mcp', 'src/graph', 'tools', 'src/toolkit/executor');
    return [
      ...packages.map(({ regex, message }) => ({ regex, caseSensitive: true, message: `${message} (layer boundary)` })),
      ...folders
        .filter((folder) => folder !== allowed)
        .map((folder) => restrictFolder(dir, folder, `${dir}/ must not import ${folder} (layer boundary)`)),
    ];
  };

  const blocks = [];
  for (const dir of sourceFolders()) {
    const patterns = rulesFor(dir);
    const sandboxAllowed = SANDBOX_USERS.some((user) => within(dir, user));
    if (!sandboxAllowed) patterns.push(sandboxTypesOnly(dir));
    blocks.push({
      files: [`${dir}/*.ts`],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
    });
    if (dir.startsWith('tools/')) {
      // A system's REST family declares routes that call its tools: the one file of a system that uses src/http.
      const sandbox = sandboxAllowed ? [] : [sandboxTypesOnly(dir)];
      blocks.push({
        files: [`${dir}/rest.ts`],
        rules: {
          '@typescript-eslint/no-restricted-imports': [
            'error',
            { patterns: [...rulesFor(dir, 'src/http'), ...sandbox] },
          ],
        },
      });
    }
    if (!sandboxAllowed && /^tools\/(shared\/)?[^/]+$/.test(dir)) {
      // A system's demo wires its fake upstream: it is the one file of a system (or of an integration
      // systems share, tools/shared/<integration>) that runs the sandbox.
      blocks.push({
        files: [`${dir}/demo.ts`],
        rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: rulesFor(dir) }] },
      });
    }
  }
  return blocks;
}

function sandboxTypesOnly(dir) {
  return {
    ...restrictFolder(
      dir,
      'src/sandbox',
      'only src/demo, src/cli and tools/<system>/demo.ts run the sandbox; import its types with `import type`',
    ),
    allowTypeImports: true,
  };
}

/** A pattern matching an import of `folder` (or of `folder.js`) as spelled from a file in `dir`. */
function restrictFolder(dir, folder, message) {
  let relative = path.posix.relative(dir, folder);
  if (!relative.startsWith('.')) relative = `./${relative}`;
  return { regex: `^${escapeRegex(relative)}(\\.js)?(/|$)`, caseSensitive: true, message };
}

function escapeRegex(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function within(dir, folder) {
  return dir === folder || dir.startsWith(`${folder}/`);
}

/** Every folder of production code (src/ and tools/) that holds TypeScript files, relative to the root. */
function sourceFolders() {
  const folders = new Set();
  for (const top of ['src', 'tools']) {
    for (const entry of readdirSync(path.join(root, top), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.ts')) {
        folders.add(path.relative(root, entry.parentPath).split(path.sep).join('/'));
      }
    }
  }
  return [...folders].sort();
}
