import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Section } from './types.js';
import { UnreadableDocument } from './types.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
const standardFontDataUrl = (): string => {
  const packageJson = createRequire(import.meta.url).resolve('pdfjs-dist/package.json');
  return pathToFileURL(join(dirname(packageJson), 'standard_fonts') + '/').href;
};

/**
 * Text of each page of a PDF, page numbers kept (pages without text are left out). pdf.js is loaded
 * on first use; eval and scripting stay off (server-side extraction renders nothing).
 */
export async function parsePdf(bytes: Uint8Array): Promise<Section[]> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  let doc;
  try {
    doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, enableXfa: false, standardFontDataUrl: standardFontDataUrl(), verbosity: 0 }).promise;
  } catch (error) {
    const name = (error as Error).name;
    throw new UnreadableDocument(name === 'PasswordException' ? 'the PDF is encrypted' : `not a readable PDF (${(error as Error).message})`);
  }
  try {
    const sections: Section[] = [];
    for (let page = 1; page <= doc.numPages; page++) {
      const content = await (await doc.getPage(page)).getTextContent();
      let text = '';
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
      text = text.replace(/[ \t]+/g, ' ').trim();
      if (text) sections.push({ text, page });
    }
    return sections;
  } finally {
    await doc.destroy();
  }
}
