/**
 * Atlassian Document Format <-> Markdown. Jira keeps descriptions and comments as ADF trees; agents
 * read and write Markdown. Table-driven cases pin what each kind of node becomes; a property test
 * generates Markdown-shaped syntax trees and checks that print -> parse -> ADF -> back gives the
 * same tree (and the same text).
 */
import fc from 'fast-check';
import type { BlockContent, List, ListItem, PhrasingContent, Root, Table } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, printMarkdown } from '../../src/toolkit/markdown.js';
import { adfToMarkdown, adfToMdast, markdownToAdf, mdastToAdf, type AdfNode } from '../../tools/ticketing/adf/index.js';

const doc = (...content: AdfNode[]) => ({ type: 'doc', version: 1, content });
const p = (...content: AdfNode[]): AdfNode => ({ type: 'paragraph', content });
const t = (text: string, ...marks: Array<string | { type: string; attrs: Record<string, unknown> }>): AdfNode =>
  marks.length
    ? { type: 'text', text, marks: marks.map((m) => (typeof m === 'string' ? { type: m } : m)) }
    : { type: 'text', text };
const li = (...content: AdfNode[]): AdfNode => ({ type: 'listItem', content });

/** A tree without source positions, for comparison. */
function bare<T>(node: T): T {
  if (Array.isArray(node)) return node.map(bare) as T;
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => key !== 'position')
        .map(([key, value]) => [key, bare(value)]),
    ) as T;
  }
  return node;
}

describe('ADF to Markdown, node by node', () => {
  const cases: Array<[string, ReturnType<typeof doc>, string]> = [
    ['paragraphs', doc(p(t('one')), p(t('two'))), 'one\n\ntwo'],
    ['headings keep their level', doc({ type: 'heading', attrs: { level: 3 }, content: [t('Plan')] }), '### Plan'],
    [
      'strong, emphasis, strike, code',
      doc(p(t('a', 'strong'), t(' '), t('b', 'em'), t(' '), t('c', 'strike'), t(' '), t('d', 'code'))),
      '**a** _b_ ~~c~~ `d`',
    ],
    ['nested marks nest strong outside emphasis', doc(p(t('x ', 'strong'), t('y', 'em', 'strong'))), '**x _y_**'],
    ['spaces at the edges of emphasis move outside it', doc(p(t('Expected: ', 'strong'), t('ok'))), '**Expected:** ok'],
    [
      'links with their marks',
      doc(p(t('see '), t('docs', { type: 'link', attrs: { href: 'https://acme.test/docs' } }, 'strong'))),
      'see [**docs**](https://acme.test/docs)',
    ],
    [
      'marks Markdown lacks are dropped, text kept',
      doc(p(t('under', 'underline'), t(' '), t('red', { type: 'textColor', attrs: { color: '#ff0000' } }))),
      'under red',
    ],
    [
      'mentions read as @Display Name',
      doc(
        p(
          t('ping '),
          { type: 'mention', attrs: { id: '5b10a2844c20165700ede21g', text: '@Ada Lovelace' } },
          t(' please'),
        ),
      ),
      'ping @Ada Lovelace please',
    ],
    [
      'a mention without its text falls back to the id',
      doc(p({ type: 'mention', attrs: { id: 'abc123' } })),
      '@abc123',
    ],
    [
      'emoji as their character',
      doc(p(t('ship it '), { type: 'emoji', attrs: { shortName: ':rocket:', text: '🚀' } })),
      'ship it 🚀',
    ],
    ['hard breaks', doc(p(t('line one'), { type: 'hardBreak' }, t('line two'))), 'line one\\\nline two'],
    [
      'bullet lists, nested',
      doc({
        type: 'bulletList',
        content: [li(p(t('a')), { type: 'bulletList', content: [li(p(t('a.1')))] }), li(p(t('b')))],
      }),
      '- a\n  - a.1\n- b',
    ],
    [
      'ordered lists keep their start',
      doc({ type: 'orderedList', attrs: { order: 3 }, content: [li(p(t('three'))), li(p(t('four')))] }),
      '3. three\n4. four',
    ],
    [
      'task lists',
      doc({
        type: 'taskList',
        attrs: { localId: 'l' },
        content: [
          { type: 'taskItem', attrs: { localId: 'a', state: 'DONE' }, content: [t('write tests')] },
          { type: 'taskItem', attrs: { localId: 'b', state: 'TODO' }, content: [t('ship')] },
        ],
      }),
      '- [x] write tests\n- [ ] ship',
    ],
    [
      'code blocks with language',
      doc({ type: 'codeBlock', attrs: { language: 'sql' }, content: [t('select 1;\nselect 2;')] }),
      '```sql\nselect 1;\nselect 2;\n```',
    ],
    [
      'quotes and rules',
      doc({ type: 'blockquote', content: [p(t('quoted'))] }, { type: 'rule' }, p(t('after'))),
      '> quoted\n\n---\n\nafter',
    ],
    [
      'panels read as quotes',
      doc({ type: 'panel', attrs: { panelType: 'warning' }, content: [p(t('careful'))] }),
      '> careful',
    ],
    [
      'expands show their title and body',
      doc({ type: 'expand', attrs: { title: 'Details' }, content: [p(t('hidden text'))] }),
      '**Details**\n\nhidden text',
    ],
    [
      'tables: header row, cells of several paragraphs on one line',
      doc({
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              { type: 'tableHeader', content: [p(t('Key'))] },
              { type: 'tableHeader', content: [p(t('Value'))] },
            ],
          },
          {
            type: 'tableRow',
            content: [
              { type: 'tableCell', content: [p(t('a'))] },
              { type: 'tableCell', content: [p(t('one')), p(t('two', 'strong'))] },
            ],
          },
        ],
      }),
      '| Key | Value       |\n| --- | ----------- |\n| a   | one **two** |',
    ],
    [
      'media becomes a placeholder',
      doc({
        type: 'mediaSingle',
        content: [{ type: 'media', attrs: { id: 'f-1', type: 'file', alt: 'screenshot.png' } }],
      }),
      '(attachment: screenshot.png)',
    ],
    [
      'cards become links',
      doc(p(t('see '), { type: 'inlineCard', attrs: { url: 'https://acme.test/x' } })),
      'see <https://acme.test/x>',
    ],
    [
      'status lozenges and dates as text',
      doc(
        p({ type: 'status', attrs: { text: 'BLOCKED' } }, t(' since '), {
          type: 'date',
          attrs: { timestamp: '1763856000000' },
        }),
      ),
      '`BLOCKED` since 2025-11-23',
    ],
    ['inline nodes directly in the document are wrapped in a paragraph', doc(t('loose text')), 'loose text'],
    [
      'unknown containers keep their text',
      doc({ type: 'layoutSection', content: [{ type: 'layoutColumn', content: [p(t('left'))] }] }),
      'left',
    ],
    ['an empty document is empty text', doc(), ''],
  ];
  it.each(cases)('%s', (_name, adf, markdown) => {
    expect(adfToMarkdown(adf)).toBe(markdown);
  });

  it('no value is null; plain strings pass through', () => {
    expect(adfToMarkdown(null)).toBeNull();
    expect(adfToMarkdown(undefined)).toBeNull();
    expect(adfToMarkdown('already text')).toBe('already text');
  });
});

describe('Markdown to ADF', () => {
  it('writes valid ADF node types for each construct', () => {
    const adf = markdownToAdf(
      '# T\n\n- [x] done\n- [ ] todo\n\n| h |\n| - |\n| c |\n\n![logo](https://acme.test/l.png)',
    );
    expect(adf).toMatchObject({ type: 'doc', version: 1 });
    expect(adf.content.map((n) => n.type)).toEqual(['heading', 'taskList', 'table', 'paragraph']);
    expect(adf.content[1].content!.map((n) => [n.type, n.attrs?.state])).toEqual([
      ['taskItem', 'DONE'],
      ['taskItem', 'TODO'],
    ]);
    expect(adf.content[2].content!.map((row) => row.content![0].type)).toEqual(['tableHeader', 'tableCell']);
    // An image from a URL cannot be ADF media: it is kept as a link.
    expect(adf.content[3].content).toEqual([
      { type: 'text', text: 'logo', marks: [{ type: 'link', attrs: { href: 'https://acme.test/l.png' } }] },
    ]);
  });

  it('plain text is a paragraph; reference links resolve', () => {
    expect(markdownToAdf('Just a sentence.')).toEqual(doc(p(t('Just a sentence.'))));
    expect(markdownToAdf('See [the spec][s].\n\n[s]: https://acme.test/spec').content).toEqual([
      p(t('See '), t('the spec', { type: 'link', attrs: { href: 'https://acme.test/spec' } }), t('.')),
    ]);
  });

  it('@Display Name of a known person becomes a mention; an email address does not', () => {
    const people = [
      { accountId: 'acc-ada', displayName: 'Ada Lovelace' },
      { accountId: 'acc-ad', displayName: 'Ada' },
    ];
    const adf = markdownToAdf('@Ada Lovelace and @Ada, not ada@acme.test or @Adam', { people });
    expect(adf.content[0].content).toEqual([
      { type: 'mention', attrs: { id: 'acc-ada', text: '@Ada Lovelace' } },
      t(' and '),
      { type: 'mention', attrs: { id: 'acc-ad', text: '@Ada' } },
      t(', not '),
      t('ada@acme.test', { type: 'link', attrs: { href: 'mailto:ada@acme.test' } }),
      t(' or @Adam'),
    ]);
    expect(adfToMarkdown(adf)).toBe('@Ada Lovelace and @Ada, not <ada@acme.test> or @Adam');
  });

  it('code keeps only a link mark (ADF allows no other mark with code)', () => {
    expect(markdownToAdf('**`x`**').content[0].content).toEqual([t('x', 'code')]);
    expect(markdownToAdf('[`x`](https://a.test)').content[0].content).toEqual([
      t('x', { type: 'link', attrs: { href: 'https://a.test' } }, 'code'),
    ]);
  });
});

describe('round trips: Markdown -> ADF -> Markdown', () => {
  const documents = [
    'Plain paragraph.',
    '# Title\n\nIntro with **bold**, _emphasis_, ~~gone~~ and `code`.',
    '## Steps\n\n1. Open the page\n2. Click **Save**\n3. See the error',
    '- one\n- two\n  - two.a\n  - two.b\n- three',
    '- [x] tests\n- [ ] docs',
    '> A quote\n> on two lines',
    '```ts\nconst x = 1;\n```',
    '```\nno language\n```',
    'Before\n\n---\n\nAfter',
    '| Name | Points |\n| ---- | ------ |\n| Ada  | 5      |\n| Alan | 3      |',
    'Visit [the board](https://acme.test/board "Board") or <https://acme.test>.',
    'Line one\\\nline two',
    '**bold with _nested emphasis_ inside**',
    '[**strong link**](https://acme.test/x)',
    'Ping @Grace Hopper about PAY-12.',
    '5. five\n6. six',
  ];
  it.each(documents)('%j', (markdown) => {
    const adf = markdownToAdf(markdown);
    expect(adfToMarkdown(adf)).toBe(markdown);
    // ADF is a fixed point too: converting again gives the same tree.
    expect(markdownToAdf(adfToMarkdown(adf)!)).toEqual(adf);
  });
});

// ---- generated documents ----------------------------------------------------------------------

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/);
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
const text = (value: string): PhrasingContent => ({ type: 'text', value });
const inlineCode = (value: string): PhrasingContent => ({ type: 'inlineCode', value });

/** Phrasing content: atoms separated by spaces (adjacent text merged), marks nested in canonical order. */
function inlineOf(atom: fc.Arbitrary<PhrasingContent>, withBreaks: boolean): fc.Arbitrary<PhrasingContent[]> {
  const separator = withBreaks
    ? fc.constantFrom<PhrasingContent[]>([text(' ')], [text(' ')], [{ type: 'break' }])
    : fc.constant([text(' ')]);
  return fc.array(fc.tuple(atom, separator), { minLength: 1, maxLength: 4 }).map((pairs) => {
    const out: PhrasingContent[] = [];
    pairs.forEach(([a, sep], i) => {
      if (i > 0) out.push(...sep.map((s) => ({ ...s })));
      out.push(a);
    });
    const merged: PhrasingContent[] = [];
    for (const node of out) {
      const last = merged.at(-1);
      if (node.type === 'text' && last?.type === 'text') last.value += node.value;
      else merged.push(node.type === 'text' ? { ...node } : node);
    }
    return merged;
  });
}

const MARKS = ['strong', 'emphasis', 'delete'] as const;
/** A mark node that may contain only marks after it in the canonical order. */
function markAtom(from: number): fc.Arbitrary<PhrasingContent> {
  return fc.integer({ min: from, max: MARKS.length - 1 }).chain((index) => {
    const inner =
      index + 1 < MARKS.length
        ? fc.oneof({ weight: 3, arbitrary: words.map(text) }, { weight: 1, arbitrary: markAtom(index + 1) })
        : words.map(text);
    return inlineOf(inner, false).map((children) => ({ type: MARKS[index], children }));
  });
}
const url = word.map((w) => `https://acme.test/${w}`);
const linkAtom: fc.Arbitrary<PhrasingContent> = fc
  .tuple(url, inlineOf(fc.oneof(words.map(text), markAtom(0), words.map(inlineCode)), false))
  .map(([href, children]) => ({ type: 'link', url: href, title: null, children }));
const atom: fc.Arbitrary<PhrasingContent> = fc.oneof(
  { weight: 4, arbitrary: words.map(text) },
  { weight: 3, arbitrary: markAtom(0) },
  { weight: 1, arbitrary: words.map(inlineCode) },
  { weight: 1, arbitrary: linkAtom },
);
const inline = inlineOf(atom, true);
const oneLine = inlineOf(atom, false);

const paragraph = inline.map((children): BlockContent => ({ type: 'paragraph', children }));
const heading = fc
  .tuple(fc.integer({ min: 1, max: 6 }), oneLine)
  .map(([depth, children]): BlockContent => ({ type: 'heading', depth: depth as 1, children }));
const code = fc
  .tuple(fc.constantFrom(null, 'ts', 'sql'), fc.array(words, { minLength: 1, maxLength: 3 }))
  .map(([lang, lines]): BlockContent => ({ type: 'code', lang, meta: null, value: lines.join('\n') }));
const quote = fc
  .array(paragraph, { minLength: 1, maxLength: 2 })
  .map((children): BlockContent => ({ type: 'blockquote', children }));
const rule = fc.constant<BlockContent>({ type: 'thematicBreak' });

const item = (children: ListItem['children'], checked: boolean | null = null): ListItem => ({
  type: 'listItem',
  spread: false,
  checked,
  children,
});
// A nested ordered list starts at 1: one starting elsewhere cannot interrupt a paragraph in Markdown.
const plainList = (nested: fc.Arbitrary<List | undefined>, maxStart = 9) =>
  fc
    .tuple(
      fc.boolean(),
      fc.integer({ min: 1, max: maxStart }),
      fc.array(fc.tuple(oneLine, nested), { minLength: 1, maxLength: 3 }),
    )
    .map(([ordered, start, items]): List => ({
      type: 'list',
      ordered,
      start: ordered ? start : null,
      spread: false,
      children: items.map(([children, sub]) => item([{ type: 'paragraph', children }, ...(sub ? [sub] : [])])),
    }));
const list = plainList(fc.option(plainList(fc.constant(undefined), 1), { nil: undefined }));
const taskList = fc.array(fc.tuple(oneLine, fc.boolean()), { minLength: 1, maxLength: 3 }).map((items): List => ({
  type: 'list',
  ordered: false,
  start: null,
  spread: false,
  children: items.map(([children, done]) => item([{ type: 'paragraph', children }], done)),
}));
const table = fc.integer({ min: 1, max: 3 }).chain((width) =>
  fc
    .array(fc.array(oneLine, { minLength: width, maxLength: width }), { minLength: 2, maxLength: 3 })
    .map((rows): Table => ({
      type: 'table',
      align: Array.from({ length: width }, () => null),
      children: rows.map((cells) => ({
        type: 'tableRow',
        children: cells.map((children) => ({ type: 'tableCell', children })),
      })),
    })),
);

const block: fc.Arbitrary<BlockContent> = fc.oneof(
  { weight: 4, arbitrary: paragraph },
  heading,
  code,
  quote,
  rule,
  list,
  taskList,
  table,
);
const root = fc
  .array(block, { minLength: 1, maxLength: 5 })
  .map((children): Root => ({ type: 'root', children: children }));

describe('round trips of generated documents (fast-check)', () => {
  it('print -> parse -> ADF -> mdast gives the same tree and the same Markdown', () => {
    fc.assert(
      fc.property(root, (tree) => {
        const markdown = printMarkdown(tree);
        const parsed = bare(parseMarkdown(markdown));
        // The generator only makes trees Markdown can express: parsing gives them back.
        expect(parsed).toEqual(tree);
        const adf = mdastToAdf(parsed);
        const back = adfToMdast(adf.content);
        expect(back).toEqual(tree);
        expect(printMarkdown(back)).toBe(markdown);
      }),
      { numRuns: 300 },
    );
  });
});
