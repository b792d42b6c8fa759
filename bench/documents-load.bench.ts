import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createDeflate } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import type { BenchResult } from './lib.js';
import { median, percentile } from './lib.js';

// What heavy uploads cost everyone else: the built server (`npm run build` first) runs in its own
// process, a client polls GET /health on a connection of its own while uploads run, and another
// tenant's GET /documents/list is timed idle and during uploads. Also upload throughput end to end.
const SUITE = 'doc-load';
const BIN = new URL('../bin/constellation.js', import.meta.url).pathname;
const API_KEY = 'bench-api-key-0123456789';
const MB = 1024 * 1024;

interface Server {
  url: string;
  child: ChildProcess;
  token(tenant: string): Promise<string>;
  close(): void;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function startServer(): Promise<Server> {
  if (!existsSync(new URL('../dist/bundle/main.js', import.meta.url)))
    throw new Error('documents-load: run `npm run build` first (it benches the built server)');
  const dataDir = mkdtempSync(join(tmpdir(), 'doc-load-'));
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'serve', '--demo', '--port', String(port)], {
    env: {
      ...process.env,
      CONSTELLATION_ENV: 'development',
      CONSTELLATION_API_KEY: API_KEY,
      CONSTELLATION_JWT_SECRET: 'bench-jwt-secret-0123456789-0123456789',
      CONSTELLATION_DATA_DIR: dataDir,
      CONSTELLATION_RATE_LIMIT: '100000',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 300) throw new Error('documents-load: the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const admin = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'X-API-KEY': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return {
    url,
    child,
    async token(tenant) {
      await admin('/admin/tenants', { id: tenant, consumerId: `${tenant}-consumer`, name: tenant });
      const res = await admin('/admin/token', {
        tenant_id: tenant,
        user_email: `bench@${tenant}.example`,
        connections: {},
        expires_in: 86_400,
      });
      return ((await res.json()) as { token: string }).token;
    },
    close() {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Sequential GETs on one kept-alive connection of their own until stopped; each request's latency. A
 * request the server resets (a stalled server closes its keep-alive connections as it wakes) counts
 * with the time it waited, and the next goes on a new connection.
 */
function poll(url: string, headers: Record<string, string> = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  let resets = 0;
  let running = true;
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const done = () => {
        samples.push(performance.now() - t0);
        resolve();
      };
      get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', done);
      }).on('error', () => {
        resets++;
        done();
      });
    });
  const loop = (async () => {
    while (running) await once();
  })();
  return {
    async stop(): Promise<{ samples: number[]; resets: number }> {
      running = false;
      await loop;
      agent.destroy();
      return { samples: samples.sort((a, b) => a - b), resets };
    },
  };
}

async function upload(
  server: Server,
  token: string,
  filename: string,
  bytes: Uint8Array,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([bytes]), filename);
  const send = () =>
    fetch(`${server.url}/documents/upload`, { method: 'POST', headers: { 'X-JWT-Token': token }, body: form });
  // The server drops keep-alive connections idle for 5 s; a pooled one it already closed fails before
  // the request reaches it, so that one failure is sent again.
  const res = await send().catch(send);
  const body = (await res.json()) as {
    document_id?: string;
    chunk_count?: number;
    chunks_deleted?: number;
    detail?: string;
  };
  return { status: res.status, body };
}

/** DELETE /documents/{id}, answered in the upload's form (status and body). */
async function remove(server: Server, token: string, documentId: string) {
  const res = await fetch(`${server.url}/documents/${documentId}`, {
    method: 'DELETE',
    headers: { 'X-JWT-Token': token },
  });
  return { status: res.status, body: (await res.json()) as { chunks_deleted?: number; detail?: string } };
}

const WORDS =
  'alpha beta gamma delta plan review launch budget team platform mobile release incident owner metric report'.split(
    ' ',
  );
function prose(bytes: number, seed = 1): string {
  let x = seed;
  const out: string[] = [];
  let length = 0;
  while (length < bytes) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const word = WORDS[x % WORDS.length] + (x % 13 === 0 ? '.\n' : x % 7 === 0 ? ', ' : ' ');
    out.push(word);
    length += word.length;
  }
  return out.join('');
}

/** A CSV whose second row holds one quoted field of `bytes` (commas and newlines inside). */
const quotedCsv = (bytes: number, seed: number) =>
  new TextEncoder().encode(`id,note\n1,"${prose(bytes, seed).replace(/"/g, '')}"\n`);

/** A one-page PDF whose content stream is FlateDecode-compressed whitespace inflating to `inflated` bytes. */
async function inflatingPdf(inflated: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  const zeros = Buffer.alloc(MB, 0x20);
  const parts: Buffer[] = [];
  const deflate = createDeflate({ level: 9 });
  deflate.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  Readable.from(
    (function* () {
      for (let i = 0; i < inflated / MB; i++) yield zeros;
    })(),
  ).pipe(deflate);
  await done;
  const compressed = Buffer.concat(parts);
  const stream = doc.context.stream(compressed, { Filter: 'FlateDecode', Length: compressed.length });
  page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  return doc.save({ useObjectStreams: false });
}

async function manyPagePdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < 40; line++)
      page.drawText(`Page ${p} line ${line}: ${prose(70, p * 40 + line).replace(/\n/g, ' ')}`, {
        x: 30,
        y: 800 - line * 19,
        size: 9,
        font,
      });
  }
  return pdf.save();
}

const peakRssMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

export async function run(): Promise<BenchResult[]> {
  const server = await startServer();
  const out: BenchResult[] = [];
  try {
    const tokens = await Promise.all(['load1', 'load2', 'load3', 'load4', 'other'].map((t) => server.token(t)));
    const other = tokens[4];
    const otherList = () => poll(`${server.url}/documents/list`, { 'X-JWT-Token': other });
    await upload(server, other, 'seed.txt', new TextEncoder().encode(prose(20_000)));

    const idle = otherList();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { samples: idleSamples } = await idle.stop();
    out.push({
      suite: SUITE,
      name: 'other tenant GET /documents/list idle p50',
      value: median(idleSamples),
      unit: 'ms',
      note: `p99 ${percentile(idleSamples, 99).toFixed(1)} ms`,
    });

    // Each scenario's files are made before the clock starts: the pollers share this process's thread.
    type Answer = Awaited<ReturnType<typeof upload>>;
    const csvs = [1, 10, 11, 12, 13].map((seed) => quotedCsv(8 * MB, seed));
    const sixMegabytes = new TextEncoder().encode(prose(6 * MB, 2));
    const inflating = await inflatingPdf(700 * MB);
    let largest: string | undefined;
    const scenarios: Array<[string, () => Promise<Answer[]>]> = [
      ['8 MB CSV, one quoted field', async () => [await upload(server, tokens[0], 'quoted.csv', csvs[0])]],
      [
        '6 MB .txt, chunk_size=100',
        async () => [await upload(server, tokens[0], 'small-chunks.txt', sixMegabytes, { chunk_size: '100' })],
      ],
      // The most chunks the chunk bound lets a 6 MB text have, then that document deleted.
      [
        '6 MB .txt, chunk_size=500',
        async () => {
          const answer = await upload(server, tokens[0], 'most-chunks.txt', sixMegabytes, { chunk_size: '500' });
          largest = answer.body.document_id;
          return [answer];
        },
      ],
      ['deleting that document', async () => [await remove(server, tokens[0], largest ?? 'none')]],
      ['PDF inflating to 700 MB', async () => [await upload(server, tokens[0], 'inflating.pdf', inflating)]],
      [
        '4 tenants x 8 MB CSV at once',
        async () =>
          Promise.all(tokens.slice(0, 4).map((token, i) => upload(server, token, `quoted-${i}.csv`, csvs[i + 1]))),
      ],
    ];
    for (const [name, work] of scenarios) {
      const health = poll(`${server.url}/health`);
      const list = otherList();
      const t0 = performance.now();
      const answers = await work();
      const seconds = (performance.now() - t0) / 1000;
      const [{ samples: h, resets }, { samples: l }] = [await health.stop(), await list.stop()];
      const outcome = answers
        .map((a) =>
          a.status === 200
            ? `${a.body.chunk_count ?? a.body.chunks_deleted} chunks`
            : `${a.status} ${String(a.body.detail).slice(0, 60)}`,
        )
        .join(', ');
      out.push(
        {
          suite: SUITE,
          name: `${name}: /health p99`,
          value: percentile(h, 99),
          unit: 'ms',
          note: `p50 ${median(h).toFixed(1)} ms, max ${h.at(-1)?.toFixed(0)} ms, ${h.length} GETs${resets ? `, ${resets} reset` : ''}`,
        },
        {
          suite: SUITE,
          name: `${name}: other tenant list p50`,
          value: median(l),
          unit: 'ms',
          note: `p99 ${percentile(l, 99).toFixed(1)} ms`,
        },
        {
          suite: SUITE,
          name: `${name}: answered in`,
          value: seconds,
          unit: 's',
          note: `${outcome}; server peak RSS ${peakRssMb(server.child.pid!).toFixed(0)} MB`,
        },
      );
    }

    const pdf = await manyPagePdf(200);
    await upload(server, other, 'warm.pdf', pdf);
    const pdfRuns: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await upload(server, other, `pages-${i}.pdf`, pdf);
      pdfRuns.push(performance.now() - t0);
    }
    const text = new TextEncoder().encode(prose(2 * MB, 3));
    const textRuns: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await upload(server, other, `text-${i}.txt`, text);
      textRuns.push(performance.now() - t0);
    }
    out.push(
      {
        suite: SUITE,
        name: 'PDF upload throughput (200 pages, median of 3)',
        value: 200 / (median(pdfRuns.sort((a, b) => a - b)) / 1000),
        unit: 'pages/s',
      },
      {
        suite: SUITE,
        name: 'text upload throughput (2 MB, median of 3)',
        value: text.length / MB / (median(textRuns.sort((a, b) => a - b)) / 1000),
        unit: 'MB/s',
      },
    );
  } finally {
    server.close();
  }
  return out;
}
