import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { AppError } from '../toolkit/errors.js';

/** The spec's form field that carries the document. */
const FILE_FIELD = 'file';

interface UploadLimits {
  /** Most bytes the file may have (413 past it). */
  fileBytes: number;
  /** How long the body may go without a byte before the upload is given up (408). */
  idleMs: number;
}

interface MultipartUpload {
  filename: string;
  bytes: Uint8Array;
  /** The form's text fields, by name (the last value of a repeated name). */
  fields: Record<string, string>;
}

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;

const invalid = (message: string) => new AppError('VALIDATION_ERROR', message);

/**
 * Reads a multipart upload: exactly one file, in the field named `file`, and the form's text fields.
 * Whatever the client sends (a body cut off, a boundary that never closes, a second file, a client
 * that goes away mid-file, a body that stalls) ends as one settled promise: every stream involved has
 * its `error` listened to for as long as it lives, so no part of a bad body can reach the process as
 * an unhandled error. On failure the request is left unread: the caller answers with
 * `Connection: close` when `req.complete` is false.
 */
export function readMultipartUpload(req: IncomingMessage, limits: UploadLimits): Promise<MultipartUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          files: 1,
          fileSize: limits.fileBytes,
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          parts: MAX_FIELDS + 1,
        },
      });
    } catch (error) {
      return reject(
        invalid(`Expected a multipart/form-data body with a "${FILE_FIELD}" part (${(error as Error).message})`),
      );
    }
    const fields: Record<string, string> = {};
    let file: { filename: string; bytes: Buffer } | undefined;
    let settled = false;
    let idle: NodeJS.Timeout | undefined;

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      req.off('data', keepAlive);
      req.unpipe(parser);
      outcome();
    };
    const fail = (error: AppError) => finish(() => reject(error));
    const keepAlive = () => {
      clearTimeout(idle);
      idle = setTimeout(
        () =>
          fail(
            new AppError('REQUEST_TIMEOUT', `The upload sent nothing for ${limits.idleMs / 1000} s and was given up`),
          ),
        limits.idleMs,
      );
      idle.unref();
    };

    // Listeners stay for the streams' whole lives: an error after the outcome is settled is still heard.
    req.on('error', (error: Error) => fail(invalid(`The upload failed while it was read: ${error.message}`)));
    req.on('close', () => {
      if (!req.complete)
        fail(
          new AppError(
            'CANCELLED',
            'The client closed the connection before the upload was complete; nothing was stored',
          ),
        );
    });
    parser.on('error', (error: Error) =>
      fail(invalid(`Malformed multipart body: ${error.message} (the body ended before the form's closing boundary)`)),
    );
    parser.on('filesLimit', () => fail(invalid(`Only one file per upload: send a single "${FILE_FIELD}" part`)));
    parser.on('fieldsLimit', () => fail(invalid(`Too many form fields: at most ${MAX_FIELDS}`)));
    parser.on('partsLimit', () =>
      fail(invalid(`Too many form parts: one "${FILE_FIELD}" and at most ${MAX_FIELDS} fields`)),
    );
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(invalid(`Form field ${name} is longer than ${MAX_FIELD_BYTES} bytes`));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      stream.on('error', (error: Error) =>
        fail(invalid(`Malformed multipart body: ${error.message} (the file part was cut off)`)),
      );
      if (name !== FILE_FIELD) {
        stream.resume();
        return fail(invalid(`Unexpected file field "${name}": send the document in the field named "${FILE_FIELD}"`));
      }
      const parts: Buffer[] = [];
      stream.on('data', (data: Buffer) => {
        if (!settled) parts.push(data);
      });
      stream.on('limit', () => {
        parts.length = 0;
        stream.resume();
        fail(new AppError('PAYLOAD_TOO_LARGE', `File too large: the limit is ${limits.fileBytes} bytes`));
      });
      stream.on('end', () => {
        if (!settled && !stream.truncated) file = { filename: info.filename ?? '', bytes: Buffer.concat(parts) };
      });
    });
    parser.on('close', () => {
      if (!file)
        return fail(
          invalid(`file is required: send the document as a form part named "${FILE_FIELD}" with a filename`),
        );
      const { bytes } = file;
      finish(() =>
        resolve({
          filename: file!.filename,
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          fields,
        }),
      );
    });
    req.on('data', keepAlive);
    keepAlive();
    req.pipe(parser);
  });
}
