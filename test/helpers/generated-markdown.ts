import { seededRandom } from './seeded-random.js';
/**
 * A large Markdown document made from a seed: every construct the converters handle (nested, loose and
 * task lists, tables with alignment, panels, code with `]]>`, references used before their definition (some defined in quotes and list items),
 * bare links, mentions, runs longer than Notion's 2,000 characters) mixed in an order no person wrote.
 * The same seed always gives the same document.
 */
export function generatedMarkdown(bytes: number, seed = 1): string {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const sentence = (): string =>
    Array.from({ length: 3 + Math.floor(random() * 8) }, () => pick(PHRASES)(Math.floor(random() * 1000))).join(' ');
  const blocks: string[] = [];
  let size = 0;
  while (size < bytes) {
    const block = pick(BLOCKS)(sentence, Math.floor(random() * 1000), random);
    blocks.push(block);
    size += block.length + 2;
  }
  return blocks.join(pick(['\n\n', '\n\n\n']));
}

type Phrase = (n: number) => string;

const PHRASES: readonly Phrase[] = [
  (n) => `plain words ${n}`,
  (n) => `**strong ${n}**`,
  (n) => `_em ${n}_ and *star em*`,
  (n) => `***both ${n}***`,
  (n) => `~~gone ${n}~~ ~single~`,
  (n) => `\`code ${n}\` \`\` a ` + '`' + ` b \`\``,
  (n) => `[link ${n}](https://x.test/${n} "Title ${n}")`,
  (n) => `[**bold** \`code\` _em_](<https://x.test/a b/${n}>)`,
  (n) => `![alt *${n}*](https://x.test/i${n}.png "T") ![](e.png)`,
  (n) => `<https://auto.test/${n}> <mail${n}@example.test>`,
  (n) => `see https://bare.test/p/${n}, www.w${n}.test and ops-${n}@example.test.`,
  (n) => `(www.a.test/c_(d)) www.x.test?q=${n}. mail a@b.zzz`,
  (n) => `example.test and api.example.test/${n}`,
  () => '@Ada Lovelace and @Ada wrote to ada@example.test',
  () => '\\*not em\\* &amp; &copy; &#35; \\[x] a\\\\b',
  () => 'snake_case_word a*b*c **unclosed',
  () => '<span class="x">inline</span> <br/>',
  () => 'line one  \nline two\\\nline three',
  (n) => `[reference ${n}][ref-${n % 7}] [missing][nowhere] [brackets]`,
  (n) => `[quoted ${n}][ref-q${n % 3}] and [listed][ref-l${n % 3}]`,
  () => '[é](https://x.test/é) ünïcödé 😀 & < > " \'',
  (n) => `[x](javascript:alert(${n}))`,
];

type Block = (sentence: () => string, n: number, random: () => number) => string;

const BLOCKS: readonly Block[] = [
  (s) => s(),
  (s) => `${s()}\n${s()}`,
  (s, n) => `${'#'.repeat(1 + (n % 6))} ${s()}${n % 3 === 0 ? ' ##' : ''}`,
  (s) => `${s()}\n${'='.repeat(3)}`,
  (s) => `- ${s()}\n  - ${s()}\n    - ${s()}\n- ${s()}`,
  (s, n) => `${n}. ${s()}\n${n + 1}. ${s()}\n   1. ${s()}`,
  (s) => `- ${s()}\n\n- ${s()}\n\n  more ${s()}`,
  (s) => `* ${s()}\n* ${s()}\n\n+ ${s()}`,
  (s) => `- [ ] ${s()}\n- [x] ${s()}\n  - [X] ${s()}\n- [ ]\n- [x]not a task\n- plain ${s()}`,
  (s) => `1. [x] ${s()}\n2. [ ] ${s()}`,
  (s) => `- item\n\n  \`\`\`js\n  ${s()}\n  \`\`\`\n- next`,
  (s) => `| l | c | r | n |\n| :- | :-: | -: | - |\n| ${s()} | \`x \\| y\` | **b** | ${s()} |\n| 1 | 2 |`,
  (s) => `| a |\n| - |\n| ${s()} | extra |`,
  () => `| a | b |\n| --- | --- |`,
  (s) => `> ${s()}\n> - list ${s()}\n> > nested\n\n> lazy\ncontinuation`,
  (s, n) => `> **${['Warning', 'Note', 'Info', 'Tip', 'Other'][n % 5]}:** ${s()}\n>\n> ${s()}`,
  (s, n) => `\`\`\`${['ts title="a.ts"', 'py', 'sh', '', 'Rust', 'md'][n % 6]}\n${s()}\nend ]]> here\n\`\`\``,
  (s) => `~~~\n${s()}\n~~~`,
  (s) => `    indented ${s()}\n      more`,
  () => '```\n```',
  (_s, n) => ['***', '- - -', '___'][n % 3],
  (s) => `<div>\n${s()}\n</div>`,
  (_s, n) => `[ref-${n % 7}]: https://ref.test/${n % 7} "Ref ${n % 7}"`,
  (s, n) => `> ${s()}\n>\n> [ref-q${n % 3}]: https://q.test/${n % 3}`,
  (s, n) => `- ${s()}\n\n  [ref-l${n % 3}]: <https://l.test/${n % 3}> 'L'\n- after`,
  (s) => `# a\r\n\r\n- ${s()}\r\n- d\r\n\r\n${s()}`,
  (s) => `-\tone ${s()}\n-\ttwo\n\n\tcode`,
  (s) => `para ${s()}\n- a\n- b`,
  (s, _n, random) => `A long run: ${Array.from({ length: 180 + Math.floor(random() * 80) }, s).join(' ')}`,
  (_s, n) => `${'x'.repeat(1999 - (n % 3))}😀${'y'.repeat(n % 50)}`,
];
