import fc from 'fast-check';
import type { BlockContent, List, PhrasingContent, Root, Table } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, printMarkdown } from '../../src/toolkit/markdown.js';
import { markdownToStorage } from '../../tools/wiki/storage/from-markdown.js';
import { storageToMarkdown } from '../../tools/wiki/storage/to-markdown.js';

// Documents built as syntax trees, printed as Markdown: headings, paragraphs with marks and links,
// nested lists, task lists, code with a language, tables, quotes. Text includes characters both
// formats escape (& < > * _ `) and non-ASCII words.
const word = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/),
  fc.constantFrom('Zürich', 'café', '日本語', 'a&b', '<tag>', 'x*y', 'snake_case', 'API-12', '"quoted"', 'acme/api'),
);
const words = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
const text = words.map((value): PhrasingContent => ({ type: 'text', value }));
const inline: fc.Arbitrary<PhrasingContent> = fc.oneof(
  { weight: 4, arbitrary: text },
  {
    weight: 1,
    arbitrary: words.map((value): PhrasingContent => ({ type: 'strong', children: [{ type: 'text', value }] })),
  },
  {
    weight: 1,
    arbitrary: words.map((value): PhrasingContent => ({ type: 'emphasis', children: [{ type: 'text', value }] })),
  },
  {
    weight: 1,
    arbitrary: fc.stringMatching(/^[a-z.()]{1,10}$/).map((value): PhrasingContent => ({ type: 'inlineCode', value })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(words, fc.stringMatching(/^[a-z]{1,8}$/)).map(([label, path]): PhrasingContent => ({
      type: 'link',
      url: `https://example.test/${path}`,
      children: [{ type: 'text', value: label }],
    })),
  },
);
/** Inline runs separated by spaces, so Markdown never merges two marks. */
const phrasing = fc
  .array(inline, { minLength: 1, maxLength: 4 })
  .map((items) =>
    items.flatMap((item, i): PhrasingContent[] => (i === 0 ? [item] : [{ type: 'text', value: ' ' }, item])),
  );
const paragraph = phrasing.map((children): BlockContent => ({ type: 'paragraph', children }));
const heading = fc
  .tuple(fc.integer({ min: 1, max: 6 }), phrasing)
  .map(([depth, children]): BlockContent => ({ type: 'heading', depth: depth as 1, children }));
const code = fc
  .tuple(
    fc.constantFrom('bash', 'typescript', 'python', 'json', null),
    fc.array(fc.stringMatching(/^[ -~]{0,30}$/), { minLength: 1, maxLength: 4 }),
  )
  .map(([lang, lines]): BlockContent => ({
    type: 'code',
    lang,
    value: lines.join('\n').replace(/`{3,}/g, '``').replace(/\s+$/, '') || 'x',
  }));
const list = (nested: boolean): fc.Arbitrary<List> =>
  fc
    .tuple(
      fc.boolean(),
      fc.array(fc.tuple(phrasing, nested ? fc.option(list(false), { nil: undefined }) : fc.constant(undefined)), {
        minLength: 1,
        maxLength: 4,
      }),
    )
    .map(([ordered, items]) => ({
      type: 'list',
      ordered,
      start: ordered ? 1 : null,
      spread: false,
      children: items.map(([children, sub]) => ({
        type: 'listItem',
        spread: false,
        children: [{ type: 'paragraph', children }, ...(sub ? [sub] : [])],
      })),
    }));
const tasks = fc.array(fc.tuple(fc.boolean(), phrasing), { minLength: 1, maxLength: 3 }).map((items): BlockContent => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map(([checked, children]) => ({
    type: 'listItem',
    spread: false,
    checked,
    children: [{ type: 'paragraph', children }],
  })),
}));
const table = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 })).chain(([cols, rows]) =>
  fc
    .array(fc.array(words, { minLength: cols, maxLength: cols }), { minLength: rows + 1, maxLength: rows + 1 })
    .map((cells): Table => ({
      type: 'table',
      align: [],
      children: cells.map((row) => ({
        type: 'tableRow',
        children: row.map((value) => ({ type: 'tableCell', children: [{ type: 'text', value }] })),
      })),
    })),
);
const quote = paragraph.map((p): BlockContent => ({ type: 'blockquote', children: [p] }));
const document = fc
  .array(fc.oneof(heading, paragraph, list(true), tasks, code, table, quote), { minLength: 1, maxLength: 8 })
  .map((children): Root => ({ type: 'root', children }));

const normal = (markdown: string): string => printMarkdown(parseMarkdown(markdown));

describe('Markdown and Confluence storage format', () => {
  it('Markdown → storage → Markdown keeps headings, lists, links, code and tables (property)', () => {
    fc.assert(
      fc.property(document, (tree) => {
        const markdown = printMarkdown(tree);
        expect(storageToMarkdown(markdownToStorage(markdown))).toBe(normal(markdown));
      }),
      { numRuns: 300 },
    );
  });

  it('storage → Markdown → storage is stable (property)', () => {
    fc.assert(
      fc.property(document, (tree) => {
        const storage = markdownToStorage(printMarkdown(tree));
        expect(markdownToStorage(storageToMarkdown(storage))).toBe(storage);
      }),
      { numRuns: 300 },
    );
  });

  // Storage as Confluence's editor writes it (paragraphs in list items and cells, thead, macros).
  const editorCases: Array<[string, string, string]> = [
    [
      'headings and marks',
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>em</em>, <code>x()</code> and <s>gone</s>.</p>',
      '## Title\n\nSome **bold**, _em_, `x()` and ~~gone~~.',
    ],
    [
      'lists with paragraphs',
      '<ul><li><p>one</p><ol><li><p>a</p></li></ol></li><li><p>two</p></li></ul>',
      '- one\n  1. a\n- two',
    ],
    [
      'code macro with language',
      '<ac:structured-macro ac:name="code" ac:schema-version="1"><ac:parameter ac:name="language">python</ac:parameter><ac:plain-text-body><![CDATA[if a < b and c > d:\n    print("&")]]></ac:plain-text-body></ac:structured-macro>',
      '```python\nif a < b and c > d:\n    print("&")\n```',
    ],
    [
      'table with thead and cell paragraphs',
      '<table><thead><tr><th><p>K</p></th><th><p>V</p></th></tr></thead><tbody><tr><td><p>a</p></td><td><p>1</p></td></tr></tbody></table>',
      '| K | V |\n| - | - |\n| a | 1 |',
    ],
    [
      'info panel with title',
      '<ac:structured-macro ac:name="info"><ac:parameter ac:name="title">Heads up</ac:parameter><ac:rich-text-body><p>Read this.</p></ac:rich-text-body></ac:structured-macro>',
      '> **Info:** Heads up\n>\n> Read this.',
    ],
    [
      'status macro and mention',
      '<p>State <ac:structured-macro ac:name="status"><ac:parameter ac:name="title">DONE</ac:parameter></ac:structured-macro> by <ac:link><ri:user ri:account-id="5f0a1b" /></ac:link></p>',
      'State \\[DONE] by @5f0a1b',
    ],
    [
      'task list',
      '<ac:task-list><ac:task><ac:task-id>1</ac:task-id><ac:task-status>complete</ac:task-status><ac:task-body>ship</ac:task-body></ac:task></ac:task-list>',
      '- [x] ship',
    ],
    ['entities and line breaks', '<p>caf&eacute;&nbsp;ok<br />next &amp; last</p>', 'café ok\\\nnext & last'],
    [
      'page link and image',
      '<p><ac:link><ri:page ri:content-title="Runbook" /></ac:link> <ac:image><ri:url ri:value="https://x.test/a.png" /></ac:image></p>',
      '[Runbook](confluence-page:Runbook) ![](https://x.test/a.png)',
    ],
  ];
  it.each(editorCases)('reads %s', (_name, storage, markdown) => {
    expect(storageToMarkdown(storage)).toBe(markdown);
  });

  it('writes CDATA that cannot be closed early, and panels from their Markdown form', () => {
    const storage = markdownToStorage('```xml\n<a><![CDATA[x]]></a>\n```\n\n> **Warning:**\n>\n> Careful');
    expect(storage).toContain(
      '<ac:structured-macro ac:name="warning"><ac:rich-text-body><p>Careful</p></ac:rich-text-body></ac:structured-macro>',
    );
    expect(storageToMarkdown(storage)).toBe('```xml\n<a><![CDATA[x]]></a>\n```\n\n> **Warning:**\n>\n> Careful');
  });
});
