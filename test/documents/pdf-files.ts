import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib';

/**
 * `size` zero bytes as a zlib stream, built without ever holding them: one 1 MB block deflated with a
 * full flush (so every copy of it decodes alike) repeated, then a final empty block and the checksum.
 */
function deflatedZeros(size: number): Buffer {
  const BLOCK = 1024 * 1024;
  if (size % BLOCK !== 0) throw new Error('size must be whole megabytes');
  const block = deflateRawSync(Buffer.alloc(BLOCK), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((size % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array<Buffer>(size / BLOCK).fill(block),
    deflateRawSync(Buffer.alloc(0)),
    adler,
  ]);
}

/**
 * A valid PDF of `pages` pages, each page's content a FlateDecode stream of `inflatedSize` zero bytes:
 * whitespace to a PDF reader, so it decodes all of it (with one page of 700 MB: a decompression bomb).
 */
export async function pdfBomb(inflatedSize: number, pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const stream = deflatedZeros(inflatedSize);
  for (let n = 0; n < pages; n++)
    doc
      .addPage([400, 300])
      .node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(stream, { Filter: 'FlateDecode' })));
  return doc.save();
}

/** A one-page PDF of `text` showing `images` RGB images, each a FlateDecode stream of `inflatedSize` bytes. */
export async function pdfWithImages(text: string, images: number, inflatedSize: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  const pixels = deflatedZeros(inflatedSize);
  for (let n = 0; n < images; n++) {
    const image = doc.context.stream(pixels, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 1024,
      Height: inflatedSize / 3072,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    });
    const name = page.node.newXObject('Im', doc.context.register(image));
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(100, 0, 0, 100, 20 + n * 110, 20),
      drawObject(name),
      popGraphicsState(),
    );
  }
  page.drawText(text, { x: 20, y: 250, size: 12, font });
  return doc.save();
}

/** A 1x1 PNG of one colour. */
function tinyPng(): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    header,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 200, 30, 30]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real PDF of `pages` pages as writers make them: compressed object streams, a Flate-compressed
 * content stream per page, and an image on every page.
 */
export async function richPdf(pages: number, textOf: (page: number) => string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const image = await doc.embedPng(tinyPng());
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([400, 300]);
    page.drawImage(image, { x: 300, y: 200, width: 50, height: 50 });
    page.drawText(textOf(n), { x: 20, y: 250, size: 12, font });
  }
  return doc.save({ useObjectStreams: true });
}
