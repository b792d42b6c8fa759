import { toString } from 'mdast-util-to-string';
import { parseMarkdownWithPositions } from '../../toolkit/markdown.js';
import type { Section } from './types.js';

/**
 * Markdown split at headings: each section is the source text under one heading (code blocks and
 * tables kept verbatim), labelled with its heading path (`Guide > Install > Linux`).
 */
export function parseMarkdownSections(source: string): Section[] {
  const tree = parseMarkdownWithPositions(source);
  const path: string[] = [];
  const sections: Section[] = [];
  let current: { heading?: string; parts: string[] } = { parts: [] };
  const flush = () => {
    const text = current.parts.join('\n\n').trim();
    if (text) sections.push({ text, heading: current.heading });
  };
  for (const node of tree.children) {
    const slice = source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
    if (node.type === 'heading') {
      flush();
      const heading = node;
      path.length = heading.depth - 1;
      path[heading.depth - 1] = toString(heading);
      const label = path.filter(Boolean).join(' > ');
      current = { heading: label, parts: [slice] };
    } else {
      current.parts.push(slice);
    }
  }
  flush();
  return sections;
}
