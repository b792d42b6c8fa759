import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltDemo, type SpawnedServer } from '../helpers/built-server.js';
import { pdfOf, workbookOf } from '../documents/files.js';

/**
 * The shipped command (the esbuild bundle of `npm run build`), where the other tests run the TypeScript
 * sources: each system's SDK is loaded with `import()` on first use, and a bundling mistake there (a
 * CommonJS SDK whose chunk exports only `default`) shows only in the built command. One list method of
 * every system, with no required parameter, is called through the built `serve --demo`, and documents
 * are uploaded through it (their worker threads are entries of the bundle).
 */
interface Method {
  name: string;
  http_method: string;
  path: string;
  params: Array<{ name: string; required: boolean }>;
}

let server: SpawnedServer;
let base: string;

beforeAll(async () => {
  server = await startBuiltDemo();
  base = server.url;
}, 40_000);
afterAll(() => server.stop());

describe('the built command', () => {
  it('runs a read method of every system, each loading its SDK from the bundle', async () => {
    const meta = (await (await fetch(`${base}/v1/meta`)).json()) as {
      services: Array<{ name: string; methods: Method[] }>;
    };
    expect(meta.services.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const service of meta.services) {
      // List methods (they page, so `limit` is one of their parameters) that need nothing else; the
      // first that answers 200 has loaded the system's SDK (one may still want one of two filters).
      const lists = service.methods.filter(
        (m) =>
          m.http_method === 'GET' && m.params.some((p) => p.name === 'limit') && m.params.every((p) => !p.required),
      );
      const answers: string[] = [];
      for (const method of lists) {
        const response = await fetch(`${base}${method.path}?limit=1`);
        const body = (await response.json()) as { success?: boolean };
        if (response.status === 200 && body.success === true) break;
        answers.push(`${method.name}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
      }
      if (answers.length === lists.length)
        failures.push(`${service.name}: ${answers.join('; ') || 'no list method without required parameters'}`);
    }
    expect(failures, server.stderr()).toEqual([]);
  }, 60_000);

  it('uploads a PDF, a workbook and a text file, each prepared in a worker thread of the bundle', async () => {
    const files: Array<[string, Uint8Array | string, number]> = [
      ['report.pdf', await pdfOf(['Revenue grew in Europe.', 'Churn fell after the pricing change.']), 2],
      [
        'plan.xlsx',
        workbookOf(
          {
            Plan: [
              ['Team', 'Owner'],
              ['Payments', 'Ada'],
            ],
          },
          'xlsx',
        ),
        1,
      ],
      ['notes.txt', 'The launch plan for the payments team.', 1],
    ];
    const answers = [];
    for (const [filename, content, _chunks] of files) {
      const form = new FormData();
      form.append('file', new Blob([typeof content === 'string' ? content : Buffer.from(content)]), filename);
      const response = await fetch(`${base}/documents/upload`, { method: 'POST', body: form });
      answers.push([filename, response.status, ((await response.json()) as { chunk_count?: number }).chunk_count]);
    }
    expect(answers, server.stderr()).toEqual(files.map(([filename, , chunks]) => [filename, 200, chunks]));
  }, 60_000);
});
