import { describe, expect, it } from 'vitest';
import type { Nodes } from 'mdast';
import { parseMarkdown, parseMarkdownWithPositions } from '../../src/toolkit/markdown.js';

/** A tree without source positions (the fast parser gives none; no converter reads them). */
function bare(node: Nodes): unknown {
  const { position: _position, ...rest } = node;
  if ('children' in rest) return { ...rest, children: (rest.children as Nodes[]).map(bare) };
  return rest;
}

/** Snippets where parsers commonly disagree: each must give micromark's tree. */
const SAME_AS_MICROMARK: Record<string, string> = {
  'nested lists': '- a\n  - b\n    - c\n- d\n\n1. one\n2. two\n   1. inner',
  'ordered start': '3. three\n4. four\n\n10) ten',
  'loose list': '- a\n\n- b\n\n- c',
  'loose item, tight list': '- a\n\n  more\n- b',
  'tight list then paragraph': '- a\n- b\n\nafter',
  'list item with code': '- item\n\n  ```js\n  code\n  ```\n- next',
  'task list': '- [ ] todo\n- [x] done\n- [X] upper\n- [ ]\n- [x]not a task\n- plain',
  'task list with marks': '- [ ] **bold** task\n  - [x] nested _task_',
  'ordered task list': '1. [x] first\n2. [ ] second',
  'table with alignment': '| l | c | r | n |\n| :- | :-: | -: | - |\n| 1 | 2 | 3 | 4 |',
  'table with inline marks and escaped pipe': '| a | b |\n| - | - |\n| `x \\| y` | **b** [l](u) |',
  'table without body': '| a | b |\n| --- | --- |',
  'fenced code with language and meta': '```ts title="a.ts" {1}\nconst a = 1;\n```\n\n~~~\nplain\n~~~',
  'empty fenced code': '```\n```',
  'indented code': '    indented\n      more\n\nafter',
  'inline code with backticks': 'a ``code ` tick`` b ` spaced ` and `` `x` ``',
  autolinks: '<https://example.test/a?b=c> and <someone@example.test>',
  'GFM literal links':
    'see https://example.test/path, www.example.test and someone@example.test. (www.a.test/c) www.x.test/a_(b)) www.x.test?q=1. <www.a.test>',
  'bare domains are text': 'example.test and api.example.test/x',
  'HTML block and inline': '<div>\nblock\n</div>\n\ntext <span class="x">inline</span> <br/>',
  'hard breaks': 'line one  \nline two\\\nline three\nsoft',
  'emphasis edge cases': '*a **b** c* __d__ _e_ snake_case_word **unclosed *x* ***both*** a*b*c',
  strikethrough: '~~gone~~ and ~~**bold gone**~~',
  'links with titles': '[a](https://x.test "Title") [b](<u v> \'single\') [c](u (paren))',
  images: '![alt *text*](https://x.test/i.png "T") ![](empty.png)',
  'reference-free brackets': '[not a link] and [x] and [ ]',
  'escapes and entities': '\\*not em\\* &amp; &copy; &#35; \\[x]',
  headings: '# h1\n## h2 ##\n###### h6\n\nSetext\n======\n\nTwo\n---',
  blockquote: '> quote\n> - list\n> > nested\n\n> lazy\ncontinuation',
  'panel form': '> **Warning:** be careful\n>\n> more',
  'thematic breaks': '***\n\n- - -\n\n___',
  'unicode and URLs with spaces': '[é](https://x.test/é) <https://x.test/a%20b> [s](<a b>)',
  'javascript scheme kept as written': '[x](javascript:alert(1))',
  'link with code and emphasis': '[**bold** `code` _em_](https://x.test)',
  'mention-like text': '@Ada Lovelace wrote to ada@example.test',
  'CRLF line endings between blocks': '# a\r\n\r\n- c\r\n- d\r\n\r\ntext',
  tabs: '-\tone\n-\ttwo\n\n\tcode',
  'paragraph then list': 'para\n- a\n- b',
  'adjacent lists': '- a\n- b\n\n* c\n* d',
};

/**
 * Where the fast parser differs from micromark by design, with what the converters then receive.
 * Reference links come resolved: converters treated a resolved reference as the link it names.
 */
const DIFFERS_BY_DESIGN: Record<string, { markdown: string; fast: unknown }> = {
  'reference links arrive resolved': {
    markdown: '[text][ref]\n\n[ref]: https://x.test "T"',
    fast: {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [{ type: 'link', url: 'https://x.test', title: 'T', children: [{ type: 'text', value: 'text' }] }],
        },
      ],
    },
  },
  'line endings inside text are \\n (micromark keeps \\r\\n)': {
    markdown: 'a\r\nb',
    fast: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'a\nb' }] }] },
  },
  'a table row keeps the header’s width (micromark keeps extra cells)': {
    markdown: '| a |\n| - |\n| 1 | extra |',
    fast: {
      type: 'root',
      children: [
        {
          type: 'table',
          align: [null],
          children: [
            { type: 'tableRow', children: [{ type: 'tableCell', children: [{ type: 'text', value: 'a' }] }] },
            { type: 'tableRow', children: [{ type: 'tableCell', children: [{ type: 'text', value: '1' }] }] },
          ],
        },
      ],
    },
  },
  'a bare e-mail address links only with a known top-level domain': {
    markdown: 'mail a@b.zzz',
    fast: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'mail a@b.zzz' }] }] },
  },
  'a list before a blank quoted line and a nested quote stays tight (micromark makes it loose)': {
    markdown: '> - item\n>\n> > after',
    fast: {
      type: 'root',
      children: [
        {
          type: 'blockquote',
          children: [
            {
              type: 'list',
              ordered: false,
              start: null,
              spread: false,
              children: [
                {
                  type: 'listItem',
                  spread: false,
                  checked: null,
                  children: [{ type: 'paragraph', children: [{ type: 'text', value: 'item' }] }],
                },
              ],
            },
            { type: 'blockquote', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'after' }] }] },
          ],
        },
      ],
    },
  },
  'single tildes are text (GFM also reads them as strikethrough)': {
    markdown: '~one~',
    fast: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: '~one~' }] }] },
  },
};

describe('parseMarkdown (markdown-it) gives micromark’s tree', () => {
  for (const [name, markdown] of Object.entries(SAME_AS_MICROMARK))
    it(name, () => {
      expect(bare(parseMarkdown(markdown))).toEqual(bare(parseMarkdownWithPositions(markdown)));
    });

  it('footnotes take micromark’s path', () => {
    const markdown = 'text[^1]\n\n[^1]: the note';
    expect(parseMarkdown(markdown)).toEqual(parseMarkdownWithPositions(markdown));
  });

  for (const [name, { markdown, fast }] of Object.entries(DIFFERS_BY_DESIGN))
    it(`differs by design: ${name}`, () => {
      expect(bare(parseMarkdown(markdown))).toEqual(fast);
      expect(bare(parseMarkdownWithPositions(markdown))).not.toEqual(fast);
    });
});
