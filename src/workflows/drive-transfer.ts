// drive upload and drive download: the three-step presigned upload and the presigned download,
// streamed from and to disk so memory stays flat whatever the file size. Presigned URLs go
// through HttpClient.external(), which never sends the Authorization header.
import { closeSync, existsSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { link, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { finished, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Handler, Result } from '../core/spec.ts';
import type { Context } from '../core/context.ts';
import { callEndpoint } from '../core/endpoint-request.ts';
import { AgntError, ApiError, EXIT, Interrupted, NAMED_FAILURES, namedFailures, NetworkError, TimeoutError, UsageError } from '../core/errors.ts';
import { escapeControls, FORMATS } from '../core/output.ts';
import { mimeFromName } from '../api/mime.ts';
import { formatBytes, Progress } from '../core/progress.ts';

type Obj = Record<string, any>;
// A new file stays pending; re-uploading an existing name leaves its current version in place.
const PENDING = ': a new file stays pending, an existing one keeps its current version';

/**
 * A file name from the server made safe to create inside a folder: no path separators, no '..',
 * no control or reserved characters, bounded length. Falls back to the file id.
 */
export function safeFileName(name: unknown, fallback: string): string {
  let s = typeof name === 'string' ? name : '';
  s = s.split(/[/\\]/).pop() ?? '';
  s = s.replace(/[\x00-\x1f\x7f-\x9f<>:"|?*\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '_');
  s = s.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  while (Buffer.byteLength(s) > 200) s = s.slice(0, -1);
  return s || fallback.replace(/[^\w.-]/g, '_');
}

function counter(onBytes: (total: number) => void): Transform & { bytes: number } {
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      t.bytes += chunk.length;
      onBytes(t.bytes);
      cb(null, chunk);
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

/** The error a presigned endpoint answered with, in the API's error shape when it sent one. */
async function externalError(status: number, body: Readable & { text(): Promise<string> }, what: string): Promise<ApiError> {
  const text = await body.text().catch(() => '');
  let message = `${what}: HTTP ${status}`;
  let code: string | undefined;
  try {
    const parsed = JSON.parse(text) as Obj;
    if (typeof parsed.error === 'string') message = `${what}: ${parsed.error}`;
    if (typeof parsed.error_code === 'string') code = parsed.error_code;
  } catch {
    const xmlMessage = /<Message>([^<]{1,200})<\/Message>/.exec(text)?.[1];
    if (xmlMessage) message = `${what}: ${xmlMessage}`;
  }
  return new ApiError({ status, error: message, ...(code ? { error_code: code } : {}) });
}

/** A presigned URL as shown in messages: no query, so no signature. */
function shownUrl(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

function streamError(e: AgntError): AgntError {
  if (!(e instanceof TimeoutError)) e.message = `download failed: ${e.message}`;
  return e;
}

function aborted(ctx: Context, e: unknown): boolean {
  return ctx.signal.aborted || (e as Error)?.name === 'AbortError' || e instanceof Interrupted;
}

// 1 MiB a chunk: a socket write of that size hands the kernel as much as its send buffer takes
// in one call, and a 1 GiB upload takes a thousand turns of the loop below instead of four
// thousand. With 256 KiB chunks read through a file stream, the upload cost 2.6x curl's CPU.
const CHUNK = 1024 * 1024;

/**
 * The file's bytes in chunks read into two buffers used in turn, so an upload of any size
 * allocates 2 MiB once instead of a fresh buffer per chunk (garbage that piles up to tens of
 * megabytes before a collection). The next chunk is read (in the thread pool) while this one is
 * sent: read synchronously, one after the other, the reads (a memory copy from the page cache,
 * 0.1-0.2 s a GiB) added to the sending, and a 1 GiB PUT took 1.16x as long (2.42 against 2.08 s,
 * medians of 12 interleaved, for 0.08 s less CPU). Reuse is safe: undici writes a chunk with the
 * socket corked and, for a chunk above the socket's 16 KiB high-water mark, waits for 'drain'
 * (everything flushed) before asking for the next one, so the buffer read into is never one being
 * sent; only the last chunk may be shorter.
 */
async function* fileChunks(path: string, onBytes: (total: number) => void): AsyncGenerator<Buffer> {
  const file = await open(path, 'r');
  const buffers = [Buffer.allocUnsafe(CHUNK), Buffer.allocUnsafe(CHUNK)];
  const fill = async (buf: Buffer): Promise<number> => {
    let filled = 0;
    while (filled < CHUNK) {
      const { bytesRead } = await file.read(buf, filled, CHUNK - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return filled;
  };
  let reading = fill(buffers[0]!);
  let total = 0;
  try {
    for (let turn = 0; ; turn++) {
      const filled = await reading;
      if (filled === 0) return;
      total += filled;
      onBytes(total);
      // A short chunk was the last: nothing more to read.
      reading = filled === CHUNK ? fill(buffers[(turn + 1) % 2]!) : Promise.resolve(0);
      // Awaited at the next turn, or in finally when the upload stops first.
      reading.catch(() => undefined);
      yield buffers[turn % 2]!.subarray(0, filled);
    }
  } finally {
    await reading.catch(() => undefined);
    await file.close();
  }
}

/**
 * PUTs the file to the presigned URL; returns the bytes sent. A failed attempt is sent again
 * from the start by the HTTP core's retry rules (Retry-After, the run's budget), which make the
 * body anew for each attempt.
 */
async function putFile(ctx: Context, url: string, path: string, size: number, contentType: string, label: string): Promise<number> {
  const client = ctx.client();
  let progress: Progress | undefined;
  let body: AsyncGenerator<Buffer> | undefined;
  let sent = 0;
  let attempts = 1;
  const close = () => {
    progress?.end();
    void body?.return(undefined).catch(() => undefined);
  };
  const replay = () => {
    close();
    sent = 0;
    const shown = new Progress(ctx.io, { label: `upload ${escapeControls(label)}`, unit: 'bytes', total: size });
    progress = shown;
    body = fileChunks(path, (n) => {
      sent = n;
      shown.update(n);
    });
    // undici takes async iterables as bodies, though its type names only streams and buffers.
    return body as unknown as Readable;
  };
  const onRetry = (why: string, attempt: number, of: number) => {
    attempts = attempt;
    ctx.io.info(`${label}: upload to the presigned URL failed: ${why}; retrying from the start (attempt ${attempt} of ${of})`);
  };
  try {
    const res = await client.external('PUT', url, { headers: { 'content-type': contentType, 'content-length': String(size) }, replay, onRetry, signal: ctx.signal });
    close();
    if (res.statusCode >= 200 && res.statusCode < 300) {
      await res.body.dump();
      return sent;
    }
    const err = await externalError(res.statusCode, res.body, 'upload to the presigned URL failed');
    if (attempts > 1) err.message += ` (after ${attempts} attempts)`;
    throw err;
  } catch (e) {
    close();
    if (aborted(ctx, e)) throw new Interrupted();
    if (e instanceof AgntError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EACCES') throw new UsageError(`${path}: ${(e as Error).message}`);
    throw client.transferError(e, 'PUT', shownUrl(url));
  }
}

/** A 400 on upload explained with the numbers of the storage usage, when they show a quota problem. */
async function quotaError(ctx: Context, e: ApiError, userId: string, name: string, size: number): Promise<AgntError> {
  try {
    const res = await callEndpoint<Obj>(ctx.client(), 'drive.storage', { params: { userId } });
    const s = res.data;
    if (s && typeof s.remainingBytes === 'number' && (size > s.remainingBytes || /quota/i.test(e.message))) {
      e.message = `${e.message}: ${name} needs ${formatBytes(size)}, ${formatBytes(s.remainingBytes)} remaining (${formatBytes(s.usedBytes)} of ${formatBytes(s.quotaBytes)} used, ${s.percentUsed}%)`;
      e.hint = 'free space with `agnt drive delete`, or check usage with `agnt drive storage`';
    }
  } catch {
    /* the original error stands */
  }
  return e;
}

interface Local {
  path: string;
  name: string;
  size: number;
}

export const upload: Handler<{ name?: string; mimeType?: string; folder?: string }> = async (ctx, inv) => {
  const opts = inv.opts;
  const userId = inv.args.userId!;
  if (opts.name !== undefined && inv.ids.length > 1) throw new UsageError('--name works with one file only');
  // Every file is checked before anything is sent.
  const files: Local[] = inv.ids.map((p) => {
    let st;
    try {
      st = statSync(p);
    } catch (e) {
      throw new UsageError(`${p}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
    }
    if (!st.isFile()) throw new UsageError(`${p}: not a regular file`);
    return { path: p, name: opts.name ?? basename(p), size: st.size };
  });
  const folder = opts.folder === undefined ? undefined : opts.folder === 'null' ? null : opts.folder;
  const client = ctx.client();
  const done: Obj[] = [];
  const failed: string[] = [];
  const reasons: string[] = [];
  let lastError: unknown;

  for (const f of files) {
    const mimeType = opts.mimeType ?? mimeFromName(f.name);
    const body: Obj = { name: f.name, size: f.size, ...(mimeType ? { mimeType } : {}), ...(folder !== undefined ? { folder } : {}) };
    let fileId: string | undefined;
    try {
      let created;
      try {
        created = await callEndpoint<Obj>(client, 'drive.files.upload', { params: { userId }, body });
      } catch (e) {
        if (e instanceof ApiError && e.status === 400) throw await quotaError(ctx, e, userId, f.name, f.size);
        throw e;
      }
      if (created.dryRun) continue;
      const { url, fileId: id, contentType } = created.data ?? {};
      if (typeof url !== 'string' || typeof id !== 'string') throw new NetworkError('the upload answer has no url or fileId');
      fileId = id;
      const sent = await putFile(ctx, url, f.path, f.size, typeof contentType === 'string' && contentType ? contentType : (mimeType ?? 'application/octet-stream'), f.name);
      const confirmed = await callEndpoint<Obj>(client, 'drive.files.confirm', { params: { userId, fileId: id }, body: { size: sent } });
      done.push(confirmed.data ?? { id, name: f.name, size: sent });
      if (files.length > 1 && !ctx.jsonErrors) ctx.io.info(`${escapeControls(f.path)}: uploaded as ${id} (${formatBytes(sent)})`);
    } catch (e) {
      if (e instanceof Interrupted || aborted(ctx, e)) {
        if (fileId) throw new Interrupted(`${f.path}: interrupted; ${fileId} was not confirmed${PENDING}`);
        throw e instanceof AgntError ? e : new Interrupted();
      }
      const pending = fileId ? ` (${fileId} was not confirmed${PENDING})` : '';
      if (files.length === 1) {
        if (e instanceof Error && pending) e.message += pending;
        throw e;
      }
      lastError = e;
      failed.push(f.path);
      reasons.push(`${f.path}: ${(e as Error).message}${pending}`);
      // In the JSON error form the one error object at the end names every failure.
      if (!ctx.jsonErrors) ctx.io.err(escapeControls(`${f.path}: error: ${(e as Error).message}${pending}`));
    }
  }
  if (ctx.dryRun) return;
  const result: Result = { data: files.length === 1 ? done[0] : done };
  if (!failed.length) return result;
  if (!done.length) return { ...result, exitCode: lastError instanceof AgntError ? lastError.exitCode : EXIT.failure, message: `all ${failed.length} uploads failed` };
  return {
    data: done,
    exitCode: EXIT.partial,
    message: `${failed.length} of ${files.length} uploads failed${ctx.jsonErrors ? namedFailures(reasons.slice(0, NAMED_FAILURES), reasons.length) : `: ${failed.join(', ')}`}`,
  };
};

/**
 * Streams a response body into a new file (created here, never an existing one) and returns the
 * bytes written. Each chunk is written with one synchronous write as it arrives, rather than
 * through a file stream: a stream's 16 KiB high-water mark paused the body after every chunk
 * (a socket read stop and start each time) and sent each 64 KiB chunk through the thread pool,
 * which cost 3 to 4 times curl's CPU on a 1 GiB download. A write into the page cache takes
 * tens of microseconds, so the event loop (progress, Ctrl-C) waits no longer than that.
 */
function bodyToFile(body: Readable, path: string, onBytes: (total: number) => void): Promise<number> {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (e) {
    body.destroy();
    return Promise.reject(e);
  }
  let total = 0;
  return new Promise<number>((resolvePromise, reject) => {
    body.on('data', (chunk: Buffer) => {
      try {
        for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at, chunk.length - at);
      } catch (e) {
        body.destroy(e as Error);
        return;
      }
      total += chunk.length;
      onBytes(total);
    });
    // finished() also reports a body cut short (the socket closed before its end).
    finished(body, (err) => {
      try {
        closeSync(fd);
      } catch (e) {
        err ??= e as Error;
      }
      if (err) reject(err);
      else resolvePromise(total);
    });
  });
}

// Temporary download files still on disk when the process exits (a second Ctrl-C exits at once).
const leftovers = new Set<string>();
let exitHook = false;

function track(path: string): void {
  leftovers.add(path);
  if (exitHook) return;
  exitHook = true;
  process.on('exit', () => {
    for (const p of leftovers) {
      try {
        unlinkSync(p);
      } catch {
        /* already gone */
      }
    }
  });
}

export const download: Handler<{ force?: boolean; out?: string }> = async (ctx, inv) => {
  const { userId, fileId } = inv.args as { userId: string; fileId: string };
  // -o was the destination before --out; a value that is no format is that old habit.
  const format = ctx.global.output;
  if (format !== undefined && !(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`-o is the output format (${FORMATS.join(', ')}); the destination of drive download is --out`, `agnt drive download ${fileId} --out ${format}`);
  }
  const output = inv.opts.out;
  const force = Boolean(inv.opts.force);
  const toStdout = output === '-';
  const explicitFile = output !== undefined && !toStdout && !output.endsWith('/') && !(existsSync(output) && statSync(output).isDirectory());
  if (explicitFile && !force && existsSync(output)) throw new UsageError(`${output} already exists`, 'use --force to overwrite it');
  if (!toStdout) {
    const folder = explicitFile ? dirname(resolve(output!)) : resolve(output ?? '.');
    if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(`${folder}: no such folder`);
  }

  const client = ctx.client();
  const meta = await callEndpoint<Obj>(client, 'drive.files.get', { params: { userId, fileId } });
  if (meta.dryRun) {
    await callEndpoint(client, 'drive.files.download', { params: { userId, fileId } });
    return;
  }
  const record = meta.data ?? {};
  if (record.status === 'pending') throw new AgntError(`drive file ${fileId} is still pending: its upload was never confirmed`, EXIT.rejected);

  let target: string | undefined;
  if (!toStdout) {
    const folder = explicitFile ? dirname(resolve(output!)) : resolve(output ?? '.');
    target = explicitFile ? resolve(output!) : join(folder, safeFileName(record.name, fileId));
    // The cleaned name has no separators; this also holds if that ever changes.
    if (!explicitFile && dirname(target) !== folder) throw new AgntError(`refusing to write ${target}: outside ${folder}`);
    if (!force && existsSync(target)) throw new UsageError(`${target} already exists`, 'use --force to overwrite it, or -o to choose another name');
  }

  // {ok, url}: the one key is the result; any further key leaves the url among them.
  const link_ = await callEndpoint<string | Obj>(client, 'drive.files.download', { params: { userId, fileId } });
  const url = typeof link_.data === 'string' ? link_.data : link_.data?.url;
  if (typeof url !== 'string') throw new NetworkError('the download answer has no url');
  let res;
  try {
    res = await client.external('GET', url, { signal: ctx.signal });
  } catch (e) {
    if (aborted(ctx, e)) throw new Interrupted();
    if (e instanceof AgntError) throw e;
    throw new NetworkError(`download from the presigned URL failed: ${(e as Error).message}`);
  }
  if (res.statusCode !== 200) throw await externalError(res.statusCode, res.body, 'download from the presigned URL failed');
  const lengthHeader = Number(res.headers['content-length']);
  const expected = Number.isFinite(lengthHeader) && res.headers['content-length'] !== undefined ? lengthHeader : typeof record.size === 'number' ? record.size : NaN;
  const progress = new Progress(ctx.io, { label: `download ${escapeControls(String(record.name ?? fileId))}`, unit: 'bytes', ...(expected > 0 ? { total: expected } : {}) });
  let received = 0;

  const check = () => {
    if (Number.isFinite(expected) && received !== expected) throw new NetworkError(`download incomplete: got ${received} of ${expected} bytes`);
    if (typeof record.size === 'number' && received !== record.size) throw new NetworkError(`download size ${received} does not match the file's size ${record.size}`);
  };

  if (toStdout) {
    const count = counter((n) => progress.update(n));
    try {
      await pipeline(res.body, count, ctx.io.stdout);
      received = count.bytes;
    } catch (e) {
      if (aborted(ctx, e)) throw new Interrupted();
      throw streamError(client.transferError(e, 'GET', shownUrl(url)));
    } finally {
      progress.end();
    }
    check();
    return;
  }

  const tmp = join(dirname(target!), `.${basename(target!).slice(0, 100)}.${randomBytes(4).toString('hex')}.agnt-part`);
  track(tmp);
  try {
    received = await bodyToFile(res.body, tmp, (n) => progress.update(n));
    progress.end();
    check();
    if (force) await rename(tmp, target!);
    else {
      // link() refuses an existing target, so a file that appeared meanwhile is never clobbered.
      try {
        await link(tmp, target!);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new UsageError(`${target} already exists`, 'use --force to overwrite it');
        throw e;
      }
      await unlink(tmp);
    }
  } catch (e) {
    progress.end();
    await unlink(tmp).catch(() => undefined);
    if (aborted(ctx, e)) throw new Interrupted();
    if (e instanceof AgntError) throw e;
    throw streamError(client.transferError(e, 'GET', shownUrl(url)));
  } finally {
    leftovers.delete(tmp);
  }
  const st = await stat(target!);
  return { data: undefined, message: `saved ${escapeControls(target!)} (${formatBytes(st.size)})` };
};
