import type { Root } from 'mdast';
import { parseMarkdown, parseMarkdownWithPositions } from '../src/toolkit/markdown.js';
import { toBlocks } from '../tools/notes/blocks/from-markdown.js';
import { mdastToAdf } from '../tools/ticketing/adf/index.js';
import { treeToStorage } from '../tools/wiki/storage/from-markdown.js';
import { median, type BenchResult } from './lib.js';

/**
 * Markdown to Notion blocks, Confluence storage format and ADF, in KB/s, on a 50 KB page and a 1 MB
 * document: each conversion through today's parser (markdown-it) and, on the 50 KB page, through
 * micromark, the parser it replaced, alternating round by round in the same run. micromark is left out
 * at 1 MB: a minute a round (about 85 KB/s), and the garbage it leaves weighed on the rounds after it.
 */
const SUITE = 'markdown';

const CONVERSIONS: Record<string, (tree: Root) => unknown> = {
  'Notion blocks': (tree) => toBlocks(tree.children),
  'Confluence storage': treeToStorage,
  ADF: mdastToAdf,
};
type Parse = (markdown: string) => Root;
const PARSERS: Record<string, Parse> = {
  'markdown-it': parseMarkdown,
  'micromark (before)': parseMarkdownWithPositions,
};
const FAST_PARSER: Record<string, Parse> = { 'markdown-it': parseMarkdown };

/** A page as people write them: prose with marks and links, nested and task lists, code, tables, quotes. */
function page(bytes: number): string {
  const sections: string[] = [];
  // The joined length is kept as sections are added: joining on every round took seconds at 1 MB.
  for (let i = 0, length = -2; length < bytes; i++) {
    const added = [
      `## ${i}. Rollout of service-${i}`,
      `We moved **service-${i}** to the new cluster on _Tuesday_; see [the runbook](https://wiki.example.test/runbooks/${i} "Runbook ${i}") and \`deploy --env prod\`. ` +
        `Latency stayed under 120 ms at p99, and the error budget (https://status.example.test/${i}) was not touched. ` +
        `Questions go to @Ada Lovelace or ops-${i}@example.test.`,
      `- Preparation\n  - freeze the schema\n  - announce in #ops-${i}\n- Migration\n  1. drain traffic\n  2. copy data\n- [x] dashboards updated\n- [ ] old hosts removed`,
      `> **Note:** the old endpoint answers until the end of the quarter.\n> Clients should move before then.`,
      `\`\`\`typescript\nexport async function migrate${i}(db: Database): Promise<void> {\n  await db.exec('ALTER TABLE t${i} ADD COLUMN owner TEXT');\n}\n\`\`\``,
      `| Step | Owner | Status |\n| :--- | :---: | ---: |\n| drain | ops | ~~pending~~ done |\n| copy | data-${i} | **running** |`,
    ];
    sections.push(...added);
    for (const section of added) length += section.length + 2;
  }
  return sections.join('\n\n');
}

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** KB/s from wall time; the note adds the process's CPU time, less swayed by other work on the machine. */
async function rates(
  markdown: string,
  rounds: number,
  warmup: number,
  parsers: Record<string, Parse>,
): Promise<BenchResult[]> {
  const samples = new Map<string, { wall: number[]; cpu: number[] }>();
  for (let round = 0; round < rounds + warmup; round++)
    for (const [parserName, parse] of Object.entries(parsers))
      for (const [conversion, convert] of Object.entries(CONVERSIONS)) {
        const [wall0, cpu0] = [performance.now(), cpuMs()];
        convert(parse(markdown));
        const [wall, cpu] = [performance.now() - wall0, cpuMs() - cpu0];
        const key = `${conversion} via ${parserName}`;
        const seen = samples.get(key) ?? { wall: [], cpu: [] };
        if (round >= warmup) samples.set(key, { wall: [...seen.wall, wall], cpu: [...seen.cpu, cpu] });
      }
  const kb = markdown.length / 1000;
  return [...samples].map(([key, { wall, cpu }]) => {
    const [wallMs, cpuMsMedian] = [median(wall.sort((a, b) => a - b)), median(cpu.sort((a, b) => a - b))];
    return {
      suite: SUITE,
      name: `${key}, ${Math.round(kb)} KB (median)`,
      value: kb / (wallMs / 1000),
      unit: 'KB/s',
      note: `${wallMs.toFixed(1)} ms; CPU ${cpuMsMedian.toFixed(1)} ms = ${Math.round(kb / (cpuMsMedian / 1000))} KB/s`,
    };
  });
}

export async function run(): Promise<BenchResult[]> {
  return [...(await rates(page(50_000), 15, 2, PARSERS)), ...(await rates(page(1_000_000), 7, 1, FAST_PARSER))];
}
