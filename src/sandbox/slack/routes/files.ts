import Busboy from 'busboy';
import type { Request, Router } from 'express';
import { slackTs } from '../../kit/index.js';
import type { FakeContext } from '../../fake-upstream.js';
import type { SlackFile, SlackState } from '../state.js';
import { callerOf, channelFor, paramsOf, requireScope, slackFailure, type States } from './caller.js';

const MAX_FILE_BYTES = 1024 * 1024 * 1024;

const filesOf = (state: SlackState): Map<string, SlackFile> => (state.files ??= new Map<string, SlackFile>());

const MIME_TYPES: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/plain',
  md: 'text/markdown',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
};
const extensionOf = (name: string): string => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');
const mimeOf = (name: string): string => MIME_TYPES[extensionOf(name)] ?? 'application/octet-stream';

/** A file as Slack describes it, with where it was shared when asked (files.info). */
export function fileJson(state: SlackState, file: SlackFile, withShares = false): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: file.id,
    created: file.created,
    timestamp: file.created,
    name: file.name,
    title: file.title,
    mimetype: mimeOf(file.name),
    filetype: extensionOf(file.name) || 'binary',
    user: file.user,
    size: file.size,
  };
  if (!withShares) return out;
  const shares: Record<'public' | 'private', Record<string, Array<{ ts: string }>>> = { public: {}, private: {} };
  for (const share of file.shares) {
    const kind = state.channels.find((c) => c.id === share.channel)?.kind === 'public' ? 'public' : 'private';
    (shares[kind][share.channel] ??= []).push({ ts: share.ts });
  }
  return { ...out, shares, channels: file.shares.map((s) => s.channel) };
}

/** The file bytes a client posts to an upload URL: multipart (any field) or the raw body. */
function uploadedBytes(req: Request): Promise<Buffer> {
  const type = req.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  }
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    const parser = Busboy({ headers: req.headers, limits: { fileSize: MAX_FILE_BYTES } });
    // A cut-off body errors the file stream as well as the parser: both are heard (a settled promise ignores the second).
    parser.on('file', (_name, stream) => stream.on('data', (chunk: Buffer) => parts.push(chunk)).on('error', reject));
    parser.on('field', (_name, value) => parts.push(Buffer.from(value)));
    parser.on('close', () => resolve(Buffer.concat(parts)));
    parser.on('error', reject);
    req.on('error', reject);
    req.pipe(parser);
  });
}

/**
 * The upload URL files.getUploadURLExternal hands out: pre-signed, so it takes no token (a public
 * route). Slack answers `OK - <bytes>` in plain text.
 */
export function fileUploadRoutes(router: Router, states: States): void {
  router.post('/upload/v1/:workspace/:id', async (req, res) => {
    const state = (states as Record<string, SlackState | undefined>)[req.params.workspace];
    const file = state && filesOf(state).get(req.params.id);
    if (!file) return void res.status(404).type('text').send('Not Found');
    const bytes = await uploadedBytes(req).catch(
      (error: Error) => void res.status(400).type('text').send(`Bad Request - ${error.message}`),
    );
    if (!bytes) return;
    file.bytes = bytes;
    file.size = bytes.length;
    res.type('text').send(`OK - ${file.bytes.length}`);
  });
}

/** files.getUploadURLExternal, files.completeUploadExternal and files.info: Slack's upload flow. */
export function fileRoutes(router: Router, states: States, ctx: FakeContext): void {
  router.post('/api/files.getUploadURLExternal', (req, res) => {
    const caller = callerOf(states, req, res);
    requireScope(caller, 'files:write');
    const params = paramsOf(req);
    const length = Number(params.length);
    if (!params.filename || !Number.isInteger(length) || length <= 0 || length > MAX_FILE_BYTES)
      throw slackFailure('invalid_arguments');
    const id = `F${String(caller.state.workspace.idBase + ++caller.state.sequence).padStart(10, '0')}`;
    const now = Math.floor(ctx.clock.now() / 1000);
    filesOf(caller.state).set(id, {
      id,
      name: params.filename,
      title: params.filename,
      size: length,
      user: caller.userId,
      created: now,
      shares: [],
    });
    res.json({
      ok: true,
      upload_url: `${ctx.origin()}/slack/upload/v1/${caller.state.workspace.id}/${id}`,
      file_id: id,
    });
  });

  router.post('/api/files.completeUploadExternal', (req, res) => {
    const caller = callerOf(states, req, res);
    requireScope(caller, 'files:write');
    const params = paramsOf(req);
    let listed: Array<{ id?: unknown; title?: unknown }>;
    try {
      listed = JSON.parse(params.files ?? '') as Array<{ id?: unknown; title?: unknown }>;
    } catch {
      throw slackFailure('invalid_arguments');
    }
    if (!Array.isArray(listed) || listed.length === 0) throw slackFailure('invalid_arguments');
    const files = listed.map((entry) => {
      const file = filesOf(caller.state).get(String(entry.id));
      // A file nobody uploaded bytes to, or someone else's, is not there for this caller.
      if (!file || file.user !== caller.userId || !file.bytes) throw slackFailure('file_not_found');
      if (typeof entry.title === 'string' && entry.title) file.title = entry.title;
      return file;
    });
    const channelId = params.channel_id ?? params.channels;
    if (channelId) {
      const channel = channelFor(caller, channelId, 'write');
      const thread = params.thread_ts ? channel.messages.find((m) => m.ts === params.thread_ts) : undefined;
      if (params.thread_ts && !thread) throw slackFailure('thread_not_found');
      const ts = slackTs(ctx.clock.now(), ++caller.state.sequence % 1_000_000);
      if (thread && !thread.threadTs) thread.threadTs = thread.ts;
      channel.messages.push({
        ts,
        user: caller.userId,
        text: params.initial_comment ?? '',
        files: files.map((f) => f.id),
        ...(thread ? { threadTs: thread.threadTs } : {}),
      });
      for (const file of files) file.shares.push({ channel: channel.id, ts });
    }
    res.json({ ok: true, files: files.map((f) => ({ id: f.id, title: f.title })) });
  });

  router.post('/api/files.info', (req, res) => {
    const caller = callerOf(states, req, res);
    requireScope(caller, 'files:read');
    const file = filesOf(caller.state).get(paramsOf(req).file ?? '');
    if (!file) throw slackFailure('file_not_found');
    res.json({ ok: true, file: fileJson(caller.state, file, true), comments: [] });
  });
}
