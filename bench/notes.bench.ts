import { markdownToBlocks } from '../tools/notes/blocks/from-markdown.js';
import { blocksToMarkdown } from '../tools/notes/blocks/to-markdown.js';
import { median, time, type BenchResult } from './lib.js';

/**
 * Notion page bodies: Markdown to blocks (what notes_add_page_content sends) and blocks back to
 * Markdown (what notes_get_page_content returns), on a 50 KB page of headings, styled paragraphs,
 * nested lists, tasks, code and tables.
 */
const SUITE = 'notes';

function largePage(bytes: number): string {
  const sections: string[] = [];
  for (let i = 0; sections.join('\n\n').length < bytes; i++) {
    sections.push(
      `## Section ${i}`,
      `Paragraph ${i} with **bold**, _italic_, \`code\` and a [link](https://example.test/${i}) about API-${i}.`,
      `- item ${i}\n  - nested ${i}\n    - deeper ${i}\n- [ ] task ${i}\n- [x] done ${i}`,
      `\`\`\`typescript\nconst value${i} = ${i};\n\`\`\``,
      `| a | b |\n| - | - |\n| ${i} | ${i * 2} |`,
    );
  }
  return sections.join('\n\n');
}

export async function run(): Promise<BenchResult[]> {
  const markdown = largePage(50_000);
  const blocks = markdownToBlocks(markdown);
  const toBlocks = (await time(() => markdownToBlocks(markdown), 50)).sort((a, b) => a - b);
  const toMarkdown = (await time(() => blocksToMarkdown(blocks), 50)).sort((a, b) => a - b);
  const kb = Math.round(markdown.length / 1000);
  return [
    {
      suite: SUITE,
      name: `Markdown to blocks, ${kb} KB page (median)`,
      value: median(toBlocks),
      unit: 'ms',
      note: `${Math.round(1000 / median(toBlocks))} pages/s, ${blocks.length} top-level blocks`,
    },
    {
      suite: SUITE,
      name: `blocks to Markdown, ${kb} KB page (median)`,
      value: median(toMarkdown),
      unit: 'ms',
      note: `${Math.round(1000 / median(toMarkdown))} pages/s`,
    },
  ];
}
