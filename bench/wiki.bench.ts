import { loadConfig } from '../src/config/config.js';
import { silentLogger } from '../src/config/logger.js';
import { createDemoApp } from '../src/demo/start-demo.js';
import type { ConfluenceState } from '../src/sandbox/confluence/index.js';
import { SANDBOX_EPOCH } from '../src/sandbox/server.js';
import { markdownToStorage } from '../tools/wiki/storage/from-markdown.js';
import { storageToMarkdown } from '../tools/wiki/storage/to-markdown.js';
import { median, percentile, time, type BenchResult } from './lib.js';

/**
 * wiki: storage format to Markdown (what wiki_get_page returns) and back (what wiki_create_page sends)
 * on a 50 KB page of headings, marks, nested lists, code macros, panels, status macros and tables; and
 * wiki_get_my_wiki_work cold over every space, through the executor and confluence.js against the
 * sandbox at SCALE times the test data.
 */
const SUITE = 'wiki';
const SCALE = 8;

function largeStoragePage(bytes: number): string {
  const parts: string[] = [];
  for (let i = 0; parts.join('').length < bytes; i++) {
    parts.push(
      `<h2>Section ${i}</h2>`,
      `<p>Paragraph ${i} with <strong>bold</strong>, <em>italic</em>, <code>code()</code> and <a href="https://example.test/${i}">a link</a> about API-${i} in acme/api.</p>`,
      `<ul><li><p>item ${i}</p><ul><li><p>nested ${i}</p></li></ul></li><li><p>other ${i}</p></li></ul>`,
      `<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">typescript</ac:parameter><ac:plain-text-body><![CDATA[const value${i} = ${i} < 10 && true;]]></ac:plain-text-body></ac:structured-macro>`,
      `<ac:structured-macro ac:name="info"><ac:rich-text-body><p>Note ${i}: status <ac:structured-macro ac:name="status"><ac:parameter ac:name="title">DONE</ac:parameter></ac:structured-macro></p></ac:rich-text-body></ac:structured-macro>`,
      `<table><tbody><tr><th><p>Service</p></th><th><p>Owner</p></th></tr><tr><td><p>api-${i}</p></td><td><p><ac:link><ri:user ri:account-id="5f0a${i}" /></ac:link></p></td></tr></tbody></table>`,
    );
  }
  return parts.join('');
}

async function conversions(): Promise<BenchResult[]> {
  const storage = largeStoragePage(50_000);
  const markdown = storageToMarkdown(storage);
  const toMarkdown = (await time(() => storageToMarkdown(storage), 50)).sort((a, b) => a - b);
  const toStorage = (await time(() => markdownToStorage(markdown), 50)).sort((a, b) => a - b);
  const kb = Math.round(storage.length / 1000);
  return [
    {
      suite: SUITE,
      name: `storage format to Markdown, ${kb} KB page (median)`,
      value: median(toMarkdown),
      unit: 'ms',
      note: `${Math.round(1000 / median(toMarkdown))} pages/s`,
    },
    {
      suite: SUITE,
      name: `Markdown to storage format, ${Math.round(markdown.length / 1000)} KB Markdown (median)`,
      value: median(toStorage),
      unit: 'ms',
      note: `${Math.round(1000 / median(toStorage))} pages/s`,
    },
  ];
}

async function myWork(): Promise<BenchResult[]> {
  const config = loadConfig(
    {
      CONSTELLATION_ENV: 'test',
      CONSTELLATION_API_KEY: 'bench-api-key-0123456789',
      CONSTELLATION_JWT_SECRET: 'bench-jwt-secret-0123456789-0123456789',
    },
    { databaseFile: ':memory:', demo: true, port: 0, logLevel: 'error' },
  );
  const { app, demo } = await createDemoApp(
    config,
    { clock: { now: () => SANDBOX_EPOCH + 12 * 3_600_000 }, log: silentLogger },
    { scale: SCALE, rateLimits: 'count' },
  );
  try {
    const state = demo.sandbox.state<ConfluenceState>('/confluence', 'acme');
    const person = state.users[1];
    const execute = () =>
      app.executor.execute(demo.callerOf('acme'), app.registry.find('get_my_wiki_work', 'wiki')!, {
        user_identifier: person.email,
      });
    const cold = (await time(execute, 20, 3)).sort((a, b) => a - b);
    const note = `${state.spaces.size} spaces, ${state.pages.size} pages (scale ${SCALE})`;
    return [
      { suite: SUITE, name: 'get_my_wiki_work over every space, cold (median)', value: median(cold), unit: 'ms', note },
      { suite: SUITE, name: 'get_my_wiki_work over every space, cold (p90)', value: percentile(cold, 90), unit: 'ms' },
    ];
  } finally {
    await app.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  return [...(await conversions()), ...(await myWork())];
}
