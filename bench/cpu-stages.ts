import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Server CPU per call by stage, from the profiles `BENCH_LOAD_CPU_PROF=<dir> npm run bench mcp-load` writes:
// `node --import tsx bench/cpu-stages.ts <dir>`. The bench notes when each surface's slices ran (its
// slices-<pid>.json beside the server's profile); a sample is counted to the surface loaded at its time, so
// every surface is profiled in the same server under the same load. A sample's stage is that of its
// innermost frame that names one (a function below, else the module the bundle's comments say it is in);
// Node's web fetch objects count to whatever called them. A second argument (part of a stage's name)
// lists that stage's time by the frame that decided it.

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
/** One slice of load: the surface, and its start and end on the monotonic clock, in microseconds. */
export interface Slice {
  surface: string;
  startUs: number;
  endUs: number;
}

const BY_FUNCTION = new Map<string, string>(
  Object.entries({
    '(garbage collector)': 'GC',
    '(idle)': 'idle, program',
    '(program)': 'idle, program',
    webRequestOf: 'web Request built from the Node request',
    sendWebResponse: 'response written (web Response read, headers, write)',
    successResult: 'tool result as MCP content (text JSON)',
    createServer: 'protocol server built per request',
    classifyInboundRequest: 'era classification',
    isLegacy: 'era classification',
    resolveCaller: 'auth (JWT verify, tenant state)',
    jsonParser: 'HTTP body parse',
  }),
);

const BY_MODULE: Array<[RegExp, string]> = [
  [/src\/toolkit\/write-behind/, 'write-behind (audit, activity, graph)'],
  [/@octokit|universal-user-agent|before-after-hook/, 'GitHub client (Octokit)'],
  [/dist\/src\/sandbox/, 'fake GitHub (in-process sandbox)'],
  [/jose/, 'auth (JWT verify, tenant state)'],
  [/@modelcontextprotocol/, 'MCP SDK (dispatch, transports, protocol)'],
  [/node_modules\/zod/, 'zod validation (SDK and ours)'],
  [/dist\/src\/mcp/, 'our MCP layer (handlers, narrowing, results)'],
  [/dist\/src\/toolkit|dist\/src\/governance|dist\/tools|dist\/src\/integrations/, 'our handler (executor, tool)'],
  [/node_modules\/(express|router|body-parser|raw-body|finalhandler|send|on-finished)/, 'Express (routing, res.json)'],
  [/dist\/src\/http/, 'our HTTP layer (routes, rate limit, envelope)'],
];
const NODE_HTTP = /^node:_http|^node:net|stream_base_commons|^node:internal\/(streams|http)/;

/** The module each line of a bundle chunk belongs to, from the `// <path>` comments esbuild writes. */
class Modules {
  private readonly byFile = new Map<string, Array<[number, string]>>();
  of(url: string, line: number): string | undefined {
    if (!url.startsWith('file://')) return undefined;
    let marks = this.byFile.get(url);
    if (!marks) {
      const path = fileURLToPath(url);
      marks = existsSync(path)
        ? readFileSync(path, 'utf8')
            .split('\n')
            .flatMap((text, n): Array<[number, string]> =>
              /^\/\/ \S+\.(m?js|json)$/.test(text) ? [[n, text.slice(3)]] : [],
            )
        : [];
      this.byFile.set(url, marks);
    }
    let found: string | undefined;
    for (const [at, module] of marks) if (at <= line) found = module;
    return found;
  }
}

function stageOfFrame(modules: Modules, frame: Frame): string | undefined {
  const named = BY_FUNCTION.get(frame.functionName);
  if (named) return named;
  const module = modules.of(frame.url, frame.lineNumber);
  if (module) return BY_MODULE.find(([pattern]) => pattern.test(module))?.[1];
  if (NODE_HTTP.test(frame.url)) return 'Node HTTP (parse, write)';
  return undefined;
}

/** CPU microseconds by surface and stage in one profile. */
function stagesOf(profile: Profile, slices: Slice[]): Map<string, Map<string, number>> {
  const modules = new Modules();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOf = new Map<number, [string, string]>();
  const stage = (id: number): [string, string] => {
    let found = stageOf.get(id);
    if (found) return found;
    let at: number | undefined = id;
    for (; at !== undefined && !found; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const named = stageOfFrame(modules, frame);
      if (named)
        found = [
          named,
          `${frame.functionName || '(anonymous)'} ${modules.of(frame.url, frame.lineNumber) ?? frame.url}`,
        ];
    }
    found ??= ['other (promises, timers, Node internals)', ''];
    stageOf.set(id, found);
    return found;
  };
  const out = new Map<string, Map<string, number>>();
  let now = profile.startTime;
  profile.samples.forEach((id, i) => {
    now += profile.timeDeltas[i];
    const surface = slices.length ? slices.find((s) => s.startUs <= now && now < s.endUs)?.surface : 'all';
    if (!surface) return;
    const row = out.get(surface) ?? new Map<string, number>();
    out.set(surface, row);
    const [key, frame] = stage(id);
    const spent = profile.timeDeltas[i + 1] ?? 0;
    row.set(key, (row.get(key) ?? 0) + spent);
    if (detail && key.includes(detail)) row.set(`  ${frame}`, (row.get(`  ${frame}`) ?? 0) + spent);
  });
  return out;
}

const [dir, detail] = process.argv.slice(2);
if (!dir) throw new Error('usage: node --import tsx bench/cpu-stages.ts <profile dir> [a stage to list by frame]');
for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const pid = file.split('.')[3];
  const slicesFile = join(dir, `slices-${pid}.json`);
  const { slices, calls, bin } = existsSync(slicesFile)
    ? (JSON.parse(readFileSync(slicesFile, 'utf8')) as { slices: Slice[]; calls: Record<string, number>; bin: string })
    : { slices: [], calls: {} as Record<string, number>, bin: '?' };
  const bySurface = stagesOf(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile, slices);
  const surfaces = [...bySurface.keys()];
  const stages = [...new Set(surfaces.flatMap((s) => [...bySurface.get(s)!.keys()]))];
  const perCall = (surface: string, stage: string) => (bySurface.get(surface)?.get(stage) ?? 0) / (calls[surface] ?? 1);
  stages.sort((a, b) => perCall(surfaces.at(-1)!, b) - perCall(surfaces.at(-1)!, a));
  console.log(`\n${file} (${bin}): CPU µs a call by stage`);
  console.log(['stage'.padEnd(56), ...surfaces.map((s) => s.slice(0, 14).padStart(15))].join(''));
  for (const name of [...stages, 'total'])
    console.log(
      [
        name.padEnd(56),
        ...surfaces.map((s) =>
          (name === 'total' ? stages.reduce((sum, st) => sum + perCall(s, st), 0) : perCall(s, name))
            .toFixed(0)
            .padStart(15),
        ),
      ].join(''),
    );
}
