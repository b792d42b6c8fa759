import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, callClient, type CliRun } from '../helpers/cli.js';
import { loadedModules, REPORT_LOADS } from '../helpers/loaded-modules.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// The command-line client end to end: `node bin/constellation.js call ...` against a real server
// (dist/ is built by `pretest`; run `npm run build` first when running vitest directly).

const client = callClient;
type Run = CliRun;

const tempDir = () => mkdtempSync(join(tmpdir(), 'constellation-client-'));

/** A port nothing listens on. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function writeCache(dataDir: string, serverUrl: string, meta: unknown, ageMs: number): void {
  const entry = { fetched_at: new Date(Date.now() - ageMs).toISOString(), meta };
  writeFileSync(join(dataDir, 'meta-cache.json'), JSON.stringify({ [serverUrl]: entry }));
}

const readCache = (dataDir: string) => JSON.parse(readFileSync(join(dataDir, 'meta-cache.json'), 'utf8'));

const FAKE_META = {
  services: [
    {
      name: 'fake_service',
      methods: [
        {
          name: 'get_things',
          description: 'Things.',
          http_method: 'GET',
          path: '/fake_service/get-things',
          params: [],
        },
      ],
    },
  ],
};
const HOUR = 60 * 60 * 1000;

let server: TestServer;
let env: Record<string, string>;
let realMeta: unknown;

beforeAll(async () => {
  server = await startTestServer();
  env = {
    CONSTELLATION_SERVER_URL: server.url,
    CONSTELLATION_TOKEN: await server.tokenFor('acme'),
    CONSTELLATION_DATA_DIR: tempDir(),
  };
  realMeta = await (await fetch(`${server.url}/v1/meta`)).json();
});

afterAll(async () => {
  await server?.close();
});

describe('constellation call: discovery', () => {
  it('--list prints every service and method with its parameters, and caches the meta per server URL', async () => {
    const dataDir = tempDir();
    const result = await client(['--list'], { ...env, CONSTELLATION_DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^code_host \(\d+ methods\)/m);
    expect(result.stdout).toMatch(/^graph \(\d+ methods\)/m);
    expect(result.stdout).toMatch(/^ {2}get-issues +GET +\[--repo_id <str>\] \[--state <str>\] \[--labels <json>\]/m);
    expect(result.stdout).toMatch(/^ {2}get-issue +GET +--repo_id <str> --issue_number <int>/m);
    expect(result.stdout).toMatch(/^ {2}create-issue +POST /m);
    const cache = readCache(dataDir);
    expect(Object.keys(cache)).toEqual([server.url]);
    expect(cache[server.url].meta).toEqual(realMeta);
    expect(Date.now() - Date.parse(cache[server.url].fetched_at)).toBeLessThan(HOUR);

    const json = await client(['--list', '--output', 'json'], { ...env, CONSTELLATION_DATA_DIR: dataDir });
    expect(JSON.parse(json.stdout)).toEqual(realMeta);
    const one = await client(['graph'], env);
    expect(one.stdout).toContain('graph (');
    expect(one.stdout).not.toContain('code_host');
  });

  it('<service> <method> --help prints the description and each parameter with type, default and required', async () => {
    const result = await client(['code_host', 'get_issues', '--help'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('code_host get-issues: GET /code_host/get-issues');
    expect(result.stdout).toContain('List issues');
    expect(result.stdout).toMatch(
      /--state +str +default "open" +Which issues: open \(default\), closed or all; one of "open", "closed", "all"/,
    );
    expect(result.stdout).toMatch(/--limit +int +optional +Page size/);
    const required = await client(['code_host', 'get-issue', '-h'], env);
    expect(required.stdout).toMatch(/--issue_number +int +required/);
    const usage = await client(['--help'], env);
    expect(usage.code).toBe(0);
    expect(usage.stdout).toContain('Usage: constellation call <service> <method>');
    const main = await new Promise<Run>((resolve) => {
      const child = spawn(process.execPath, [BIN, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.on('close', (code) => resolve({ code, stdout, stderr: '' }));
    });
    expect(main.stdout).toMatch(/^ {2}call +command-line client/m);
  });
});

describe('constellation call: start-up', () => {
  it('loads none of the server modules (imports are per command)', async () => {
    const result = await new Promise<Run>((resolve) => {
      const child = spawn(process.execPath, [...REPORT_LOADS, BIN, 'call', '--list'], {
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('close', (code) => resolve({ code, stdout: '', stderr }));
    });
    expect(result.code).toBe(0);
    const loaded = loadedModules(result.stderr)
      .filter((input) => input.startsWith('dist/src/'))
      .map((input) => input.replace('dist/src/', ''));
    expect(loaded.filter((file) => !/^(cli\/|version\.js)/.test(file))).toEqual([]);
  });
});

describe('constellation call: methods and output modes', () => {
  const issuesArgs = ['code_host', 'get-issues', '--repo_id', 'acme/web', '--state', 'all', '--limit', '3'];

  it('a GET method with str, int and json parameters (--output json: the response body)', async () => {
    const result = await client([...issuesArgs, '--output', 'json'], env);
    expect(result.code, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(body.success).toBe(true);
    expect(body.data.issues).toHaveLength(3);
    expect(body.data.pagination.limit).toBe(3);
    expect(result.stdout).toContain('\n  "success": true'); // pretty-printed

    const labelled = await client(
      [
        'code_host',
        'get_issues',
        '--repo-id',
        'acme/web',
        '--state',
        'all',
        '--labels',
        '["bug"]',
        '--fields',
        '["number","labels"]',
      ],
      env,
    );
    expect(labelled.code, labelled.stderr).toBe(0);
    const issues = JSON.parse(labelled.stdout).data.issues as Array<{ labels: Array<{ name: string }> }>;
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.labels.map((l) => l.name)).toContain('bug');
  });

  it('a POST method sends a JSON body (json and bool typed), and the created issue reads back', async () => {
    const title = 'CLI: a, "quoted" <title> & more';
    const created = await client(
      ['code_host', 'create-issue', '--repo_id', 'acme/web', '--title', title, '--labels', '["bug"]', '-o', 'json'],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    const issue = JSON.parse(created.stdout).data;
    expect(issue.title).toBe(title);
    const read = await client(
      ['code_host', 'get-issue', '--repo_id', 'acme/web', '--issue_number', String(issue.number), '--output', 'json'],
      env,
    );
    expect(JSON.parse(read.stdout).data).toMatchObject({ number: issue.number, title });
  });

  it('agent: the data payload only, a `# {...}` line with the list extras, then one compact JSON line per record', async () => {
    const result = await client([...issuesArgs, '--output', 'agent'], env);
    expect(result.code).toBe(0);
    const [first, ...records] = result.stdout.trimEnd().split('\n');
    expect(first.startsWith('# ')).toBe(true);
    expect(JSON.parse(first.slice(2))).toMatchObject({ count: 3, pagination: { limit: 3 } });
    expect(records).toHaveLength(3);
    for (const line of records) {
      const record = JSON.parse(line);
      expect(typeof record.number).toBe('number');
      expect(Object.values(record)).not.toContain(null); // nulls are left out
    }
    expect(result.stdout).not.toContain('"success"');
  });

  it('csv: a header from the union of the keys, nested values JSON-encoded, RFC 4180 quoting', async () => {
    const json = JSON.parse((await client([...issuesArgs, '-o', 'json'], env)).stdout).data.issues as Array<
      Record<string, unknown>
    >;
    const result = await client([...issuesArgs, '--output', 'csv'], env);
    expect(result.code).toBe(0);
    const [header, ...rows] = parseCsv(result.stdout);
    expect(header).toEqual(expect.arrayContaining(['number', 'title', 'body', 'labels', 'user', 'closed_at']));
    expect(rows).toHaveLength(3);
    expect(json.some((issue) => String(issue.body).includes('\n'))).toBe(true);
    rows.forEach((row, i) => {
      const record = Object.fromEntries(header.map((key, j) => [key, row[j]]));
      expect(record.number).toBe(String(json[i].number));
      expect(record.body).toBe(json[i].body ?? ''); // multi-line text survives quoting
      expect(JSON.parse(record.labels)).toEqual(json[i].labels);
      expect(record.closed_at).toBe(json[i].closed_at === null ? '' : json[i].closed_at);
    });
  });

  it('xml: a well-formed document of the response body, text escaped', async () => {
    const result = await client([...issuesArgs, '--output', 'xml'], env);
    expect(result.code).toBe(0);
    const root = parseXml(result.stdout);
    expect(root.name).toBe('response');
    const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name) as XmlNode;
    expect(child(root, 'success').text).toBe('true');
    const items = child(child(root, 'data'), 'issues').children;
    expect(items).toHaveLength(3);
    expect(items.every((item) => item.name === 'item' && /^\d+$/.test(child(item, 'number').text))).toBe(true);
    expect(result.stdout).not.toMatch(/<(?![?/A-Za-z])/);
  });

  it('plaintext: aligned key: value lines, one block per record', async () => {
    const result = await client(
      [...issuesArgs, '--fields', '["number","title","user.login"]', '--output', 'plaintext'],
      env,
    );
    expect(result.code).toBe(0);
    const blocks = result.stdout.trimEnd().split('\n\n');
    expect(blocks[0]).toMatch(/^count: +3$/m);
    expect(blocks[0]).toMatch(/^pagination\.limit: +3$/m);
    const records = blocks.slice(1);
    expect(records).toHaveLength(3);
    for (const block of records) {
      const [heading, ...lines] = block.split('\n');
      expect(heading).toMatch(/^\[issues \d\/3\]$/);
      expect(lines.map((line) => line.replace(/:.*/, ''))).toEqual(['number', 'title', 'user.login']);
      const columns = new Set(lines.map((line) => line.search(/(?<=: *)\S/)));
      expect(columns.size).toBe(1); // values aligned
    }
  });
});

describe('constellation call: errors', () => {
  it('bad, unknown and missing parameters: exit 2 with a message naming the parameter, before any request', async () => {
    // A fresh cache for a closed port: a method request would fail with exit 1, so exit 2 proves none was made.
    const dataDir = tempDir();
    const url = await closedPortUrl();
    writeCache(dataDir, url, realMeta, 0);
    const offline = { CONSTELLATION_SERVER_URL: url, CONSTELLATION_DATA_DIR: dataDir };
    const cases: Array<[string[], RegExp]> = [
      [['code_host', 'get-issues', '--limit', 'three'], /--limit must be an integer, got "three"/],
      [['code_host', 'get-issues', '--labels', '[bug'], /--labels must be JSON/],
      [['code_host', 'get-issues', '--state', 'weird'], /--state must be one of "open", "closed", "all"/],
      [['code_host', 'get-issue', '--repo_id', 'acme/web'], /missing required parameter --issue_number \(int\)/],
      [['code_host', 'get-issues', '--colour', 'red'], /unknown parameter --colour/],
      [
        ['code_host', 'create-pull-request', '--repo_id', 'a/b', '--title', 't', '--head', 'h', '--draft', 'maybe'],
        /--draft must be true or false/,
      ],
      [['code_host', 'get-issues', '--output', 'yaml'], /--output must be one of agent, json, csv, xml, plaintext/],
      [['code_host', 'get-issues', 'stray'], /unexpected argument "stray"/],
      [['code_host', 'get-isues'], /unknown method "get-isues" of code_host/],
      [['nowhere', 'get-issues'], /unknown service "nowhere"/],
    ];
    for (const [args, message] of cases) {
      const result = await client(args, offline);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toContain('cannot reach');
      expect(result.stdout).toBe('');
    }
  });

  it('a server error prints the error body on stderr with exit code 1', async () => {
    const globex = { ...env, CONSTELLATION_TOKEN: await server.tokenFor('globex') };
    const result = await client(['code_host', 'get-issues', '--repo_id', 'acme/web'], globex);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('failed with HTTP 404');
    const body = JSON.parse(result.stderr.slice(result.stderr.indexOf('{')));
    expect(body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });

    const badToken = await client(['code_host', 'get-issues'], { ...env, CONSTELLATION_TOKEN: 'not-a-jwt' });
    expect(badToken.code).toBe(1);
    expect(badToken.stderr).toContain('HTTP 401');
  });
});

describe('constellation call: the meta cache', () => {
  it('reuses a stale cache with a warning when the server is down; a call still fails with exit 1', async () => {
    const own = await startTestServer();
    const dataDir = tempDir();
    const ownEnv = { CONSTELLATION_SERVER_URL: own.url, CONSTELLATION_DATA_DIR: dataDir };
    try {
      expect((await client(['code_host', 'get-repositories', '--limit', '1'], ownEnv)).code).toBe(0);
    } finally {
      await own.close();
    }
    const cache = readCache(dataDir);
    cache[own.url].fetched_at = new Date(Date.now() - 3 * HOUR).toISOString();
    writeFileSync(join(dataDir, 'meta-cache.json'), JSON.stringify(cache));

    const list = await client(['--list'], ownEnv);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('get-issues');
    expect(list.stderr).toMatch(/warning: cannot reach .*using the cached method list \(3 hours old\)/);
    const help = await client(['code_host', 'get-issue', '--help'], ownEnv);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--issue_number');
    expect(help.stderr).toContain('using the cached method list');
    const call = await client(['code_host', 'get-issues'], ownEnv);
    expect(call.code).toBe(1);
    expect(call.stderr).toContain(`cannot reach ${own.url}`);

    const nothing = await client(['--list'], { ...ownEnv, CONSTELLATION_DATA_DIR: tempDir() });
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain(`cannot load the method list from ${own.url}/v1/meta`);
  });

  it('uses a cache under an hour old without asking the server, and refreshes one over an hour old', async () => {
    const dataDir = tempDir();
    const cached = { ...env, CONSTELLATION_DATA_DIR: dataDir };
    writeCache(dataDir, server.url, FAKE_META, 50 * 60 * 1000);
    const fresh = await client(['--list'], cached);
    expect(fresh.stdout).toContain('fake_service');
    expect(fresh.stdout).not.toContain('code_host');

    writeCache(dataDir, server.url, FAKE_META, HOUR + 60_000);
    const expired = await client(['--list'], cached);
    expect(expired.code).toBe(0);
    expect(expired.stdout).not.toContain('fake_service');
    expect(expired.stdout).toContain('code_host');
    expect(expired.stderr).toBe('');
    const entry = readCache(dataDir)[server.url];
    expect(entry.meta).toEqual(realMeta);
    expect(Date.now() - Date.parse(entry.fetched_at)).toBeLessThan(HOUR);
  });

  it('asks the server again when a fresh cache does not know the method (the server may be newer)', async () => {
    const dataDir = tempDir();
    writeCache(dataDir, server.url, FAKE_META, 0);
    const result = await client(['code_host', 'get-repositories', '--limit', '1', '-o', 'agent'], {
      ...env,
      CONSTELLATION_DATA_DIR: dataDir,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(readCache(dataDir)[server.url].meta).toEqual(realMeta);
  });
});

// Minimal readers of the two text formats, to check the output parses back.

/** RFC 4180: fields separated by commas, records ended by CRLF, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') field += text[++i];
      else {
        quoted = false;
        if (i + 1 < text.length && text[i + 1] !== ',' && text[i + 1] !== '\r')
          throw new Error(`junk after a quoted field at ${i}`);
      }
    } else if (ch === '"') {
      if (field !== '') throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      [row, field] = [[], ''];
      i++;
    } else if (ch === '\r' || ch === '\n') {
      throw new Error(`bare line break in an unquoted field at ${i}`);
    } else {
      field += ch;
    }
  }
  if (quoted || field !== '' || row.length) throw new Error('the last record does not end with CRLF');
  return rows;
}

interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (_, ref: string) => {
    if (ref[0] !== '#') {
      if (!(ref in ENTITIES)) throw new Error(`unknown entity &${ref};`);
      return ENTITIES[ref];
    }
    return String.fromCodePoint(ref[1] === 'x' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
  });

/** Elements, attributes, text and the five entities; throws on anything not well-formed. */
function parseXml(source: string): XmlNode {
  const text = source.replace(/^<\?xml[^?]*\?>\s*/, '');
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>/y;
  const stack: XmlNode[] = [{ name: '#document', attributes: {}, children: [], text: '' }];
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt === -1 ? text.length : lt);
    if (/[<>]/.test(chunk) || /&(?!(#x[0-9a-f]+|#\d+|\w+);)/i.test(chunk)) throw new Error(`bad text at ${i}`);
    stack[stack.length - 1].text += decode(chunk);
    if (lt === -1) break;
    tag.lastIndex = lt;
    const match = tag.exec(text);
    if (!match) throw new Error(`bad tag at ${lt}: ${text.slice(lt, lt + 40)}`);
    const [, closing, name, attrs, selfClosing] = match;
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name || stack.length === 0) throw new Error(`</${name}> closes <${open?.name}>`);
    } else {
      const attributes = Object.fromEntries(
        [...attrs.matchAll(/([\w.-]+)="([^"]*)"/g)].map(([, k, v]) => [k, decode(v)]),
      );
      const node: XmlNode = { name, attributes, children: [], text: '' };
      stack[stack.length - 1].children.push(node);
      if (!selfClosing) stack.push(node);
    }
    i = tag.lastIndex;
  }
  const [document] = stack;
  if (stack.length !== 1 || document.children.length !== 1 || document.text.trim() !== '')
    throw new Error('not one root element');
  return document.children[0];
}
