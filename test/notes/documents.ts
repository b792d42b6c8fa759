import { parseMarkdown, printMarkdown } from '../../src/toolkit/markdown.js';

/** Markdown in the style the tools print, so a round trip is compared with itself. */
export const canonical = (markdown: string): string => printMarkdown(parseMarkdown(markdown));

/** Documents covering every construct the notes tools convert. */
export const DOCUMENTS = [
  '# Title\n\nA paragraph with **bold**, _italic_, `code`, ~~struck~~ and a [link](https://example.test/a?b=1).',
  '## Section\n\n### Sub-section\n\nText after headings.',
  '- one\n- two\n  - two and a half\n    - deeper still\n- three',
  '1. first\n2. second\n3. third',
  '- [x] done\n- [ ] not yet\n  - [ ] a nested task',
  '```typescript\nconst answer: number = 42;\n```',
  '```\nplain text block\n```',
  '> A quote with **emphasis**.',
  'Before\n\n---\n\nAfter',
  '| Name | Owner | Status |\n| ---- | ----- | ------ |\n| api  | Ada   | Done   |\n| web  | Grace | Doing  |',
  'Mentions API-12 and acme/api in **bold [a link](https://x.test)** text.',
  'Unicode: naïve café, 日本語, emoji 🚀, and “quotes”.',
  '- a list\n\n1. then numbers\n\n- [ ] then tasks',
];
