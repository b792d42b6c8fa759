import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_DOCUMENT_LIMITS, LIMIT_VARIABLES, type PdfLimits } from '../../config/documents.js';
import { formatCount } from '../limits.js';
import { checkPdfInflation } from './pdf-inflation.js';
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
 * on first use; eval and scripting stay off (server-side extraction renders nothing). A file past one
 * of `limits` (inflated bytes, pages, characters) is refused before its text is gathered.
 */
export async function parsePdf(bytes: Uint8Array, limits: PdfLimits = DEFAULT_DOCUMENT_LIMITS.pdf): Promise<Section[]> {
  await checkPdfInflation(bytes, limits);
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  let doc;
  try {
    doc = await getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      enableXfa: false,
      standardFontDataUrl: standardFontDataUrl(),
      verbosity: 0,
    }).promise;
  } catch (error) {
    const name = (error as Error).name;
    throw new UnreadableDocument(
      name === 'PasswordException' ? 'the PDF is encrypted' : `not a readable PDF (${(error as Error).message})`,
    );
  }
  try {
    if (doc.numPages > limits.maxPages)
      throw new UnreadableDocument(
        `the PDF has ${formatCount(doc.numPages)} pages, more than ${formatCount(limits.maxPages)} (${LIMIT_VARIABLES.maxPages})`,
      );
    const sections: Section[] = [];
    let chars = 0;
    for (let page = 1; page <= doc.numPages; page++) {
      const content = await (await doc.getPage(page)).getTextContent();
      let text = '';
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
      text = text.replace(/[ \t]+/g, ' ').trim();
      chars += text.length;
      if (chars > limits.maxChars)
        throw new UnreadableDocument(
          `the PDF holds more than ${formatCount(limits.maxChars)} characters of text (${LIMIT_VARIABLES.maxChars})`,
        );
      if (text) sections.push({ text, page });
    }
    return sections;
  } finally {
    await doc.destroy();
  }
}
