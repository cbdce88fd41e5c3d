// Part 1, section 4.7: drive files, with presigned upload and download URLs served by the
// sandbox itself (HMAC-signed with sb.secret, expiring), content kept as files on disk so that
// uploads of any size stream through without being held in memory.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SandboxArea } from '../types.ts';
import type { Sandbox } from '../types.ts';
import { HttpError, badRequest, deleted, fail, forbidden, notFound, ok, okMany, type Req, bodyOf, listViews } from '../http.ts';
import { pathUser } from './access.ts';
import type { Rec, Store } from '../store.ts';
import { mimeFromName } from '../../api/mime.ts';

// "15 GB" read as 15 GiB, as the large consumer drives count it.
export const QUOTA_BYTES = 15 * 1024 ** 3;
// The spec gives 15 minutes for download URLs; upload URL validity is not shown: chosen the same.
export const URL_TTL_SECONDS = 15 * 60;
const PRESIGNED = '/_presigned/drive/{key}';

// ---- content on disk -------------------------------------------------------------------

const blobDirs = new WeakMap<Sandbox, string>();
const tempDirs = new Set<string>();
let exitHook = false;

/**
 * Where a sandbox keeps file content: next to its data file, else a temp folder removed when the
 * sandbox closes (or, failing that, when the process exits normally).
 */
function blobDir(sb: Sandbox): string {
  let dir = blobDirs.get(sb);
  if (dir) return dir;
  const dataFile = (sb.store as unknown as { file?: string }).file;
  if (dataFile) {
    dir = `${dataFile}.blobs`;
    // Private like the data file (0600): the content of every user's files.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } else {
    dir = mkdtempSync(join(tmpdir(), 'agnt-sandbox-drive-'));
    tempDirs.add(dir);
    if (!exitHook) {
      exitHook = true;
      process.on('exit', () => {
        for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
      });
    }
  }
  blobDirs.set(sb, dir);
  return dir;
}

/** The file holding a storage key's content (exported for tests that damage content on purpose). */
export function blobPath(sb: Sandbox, storageKey: string): string {
  return join(blobDir(sb), storageKey.replace(/[^\w.-]/g, '_'));
}

/** The bytes of a seeded file (and its earlier version), written from the text its record keeps. */
function seedBlobs(sb: Sandbox, f: Rec): void {
  if (typeof f.metadata?.seedText !== 'string') return;
  const p = blobPath(sb, f.storageKey);
  if (!existsSync(p)) writeFileSync(p, f.metadata.seedText, { mode: 0o600 });
  const v = f.versions?.[0];
  if (v && typeof f.metadata.seedVersionText === 'string' && !existsSync(blobPath(sb, v.storageKey))) writeFileSync(blobPath(sb, v.storageKey), f.metadata.seedVersionText, { mode: 0o600 });
}

function removeBlob(sb: Sandbox, key: string | undefined): void {
  if (!key) return;
  try {
    unlinkSync(blobPath(sb, key));
  } catch {
    /* never uploaded */
  }
}

// ---- presigned URLs ----------------------------------------------------------------------

function sign(sb: Sandbox, method: string, key: string, expires: number, contentType: string): string {
  return createHmac('sha256', sb.secret).update(`${method}\n${key}\n${expires}\n${contentType}`).digest('hex');
}

function presign(sb: Sandbox, method: 'GET' | 'PUT', key: string, contentType = ''): string {
  const expires = Math.floor(sb.store.clock() / 1000) + URL_TTL_SECONDS;
  const q = new URLSearchParams({ expires: String(expires) });
  if (method === 'PUT') q.set('contentType', contentType);
  // 'signature' is one of the query names src/core/redact.ts masks in --debug output.
  q.set('signature', sign(sb, method, key, expires, contentType));
  return `${sb.baseUrl}/_presigned/drive/${encodeURIComponent(key)}?${q}`;
}

function verify(sb: Sandbox, req: Req, method: 'GET' | 'PUT'): string {
  const key = req.params.key!;
  const expires = Number(req.query.expires);
  const contentType = method === 'PUT' ? (req.query.contentType ?? '') : '';
  const given = Buffer.from(String(req.query.signature ?? ''), 'hex');
  const want = Buffer.from(sign(sb, method, key, expires, contentType), 'hex');
  if (!Number.isFinite(expires) || given.length !== want.length || !timingSafeEqual(given, want)) fail(403, 'the signature does not match', 'AGNT_E_SIGNATURE_INVALID');
  if (expires * 1000 < sb.store.clock()) fail(403, 'the presigned URL has expired', 'AGNT_E_URL_EXPIRED');
  if (method === 'PUT') {
    const sent = String(req.headers['content-type'] ?? '');
    if (sent !== contentType) fail(403, `the Content-Type must be '${contentType}' as signed, got '${sent}'`, 'AGNT_E_SIGNATURE_INVALID');
  }
  return key;
}

// ---- records -----------------------------------------------------------------------------

function view(f: Rec): Rec {
  const { upload: _u, ...rest } = f;
  return rest;
}

/** Bytes a user's drive holds: each stored object once, current content and saved versions. */
export function usage(store: Store, userId: string): Rec {
  const keys = new Map<string, number>();
  for (const f of store.filter('driveFiles', (x) => x.user === userId)) {
    if (f.status === 'ready') keys.set(f.storageKey, f.size);
    for (const v of f.versions ?? []) keys.set(v.storageKey, v.size);
  }
  const usedBytes = [...keys.values()].reduce((a, b) => a + b, 0);
  return {
    usedBytes,
    quotaBytes: QUOTA_BYTES,
    remainingBytes: Math.max(0, QUOTA_BYTES - usedBytes),
    percentUsed: Math.min(100, Math.floor((usedBytes * 100) / QUOTA_BYTES)),
  };
}

function owner(store: Store, caller: Rec, id: string): Rec {
  return pathUser(store, caller, id, 'drive');
}

function findFile(store: Store, u: Rec, id: string): Rec {
  const f = store.get('driveFiles', id);
  if (!f || f.user !== u.id) notFound('drive file', id);
  return f!;
}

function activity(store: Store, f: Rec, type: string, role: string, content: unknown, assistant: string | null = null): void {
  store.update('driveFiles', f.id, { activities: [...(f.activities ?? []), { type, role, content, assistant, createdAt: store.now() }] });
}

export function makeDriveFile(store: Store, fields: Rec): Rec {
  return store.insert('driveFiles', 'fil', {
    account: fields.account,
    user: fields.user,
    team: null,
    organization: null,
    kind: 'file',
    folder: null,
    event: null,
    noteType: undefined,
    isPrivate: false,
    attendees: [],
    externalShare: null,
    summaryStatus: 'none',
    tags: [],
    storageKey: '',
    name: '',
    mimeType: null,
    size: 0,
    status: 'pending',
    assistant: null,
    source: null,
    importSource: null,
    remoteRef: null,
    preview: null,
    relatedTasks: [],
    activities: [],
    versions: [],
    metadata: {},
    ...fields,
  });
}

/** Fuzzy name match: the letters of the query appear in order. */
function fuzzy(name: string, q: string): boolean {
  const n = name.toLowerCase();
  let i = 0;
  for (const ch of q.toLowerCase()) {
    i = n.indexOf(ch, i);
    if (i < 0) return false;
    i++;
  }
  return true;
}

/** Counts bytes on their way to disk and stops a body that would pass the quota. */
function limiter(max: number): Transform & { bytes: number } {
  const tr = new Transform({
    transform(chunk: Buffer, _e, cb) {
      tr.bytes += chunk.length;
      if (tr.bytes > max) return cb(new HttpError(400, 'storage quota exceeded while uploading', 'AGNT_E_QUOTA_EXCEEDED'));
      cb(null, chunk);
    },
  }) as Transform & { bytes: number };
  tr.bytes = 0;
  return tr;
}

const area: SandboxArea = {
  name: 'drive',
  close(sb) {
    const dir = blobDirs.get(sb);
    if (dir && tempDirs.delete(dir)) rmSync(dir, { recursive: true, force: true });
  },
  seed(store) {
    const base = { account: 'acc_acme', user: 'usr_admin', status: 'ready', mimeType: 'text/markdown' };
    const notes = [
      { id: 'fil_board_notes', name: 'Board prep - notes.md', noteType: 'user-notes', text: '# Board prep\n\n- Q3 numbers\n- Hiring plan\n', eventId: 'evt_board' },
      { id: 'fil_board_actions', name: 'Board prep - action items.md', noteType: 'action-items', text: '- [ ] Send the deck to Carol\n- [ ] Book the room\n', eventId: 'evt_board' },
    ];
    for (const n of notes) {
      const size = Buffer.byteLength(n.text);
      makeDriveFile(store, {
        ...base,
        id: n.id,
        kind: 'note',
        name: n.name,
        noteType: n.noteType,
        size,
        storageKey: `seed/${n.noteType}`,
        event: { calendarId: 'cal_admin', eventId: n.eventId },
        attendees: ['carol@client.test'],
        tags: ['board'],
        // Content written to disk when the sandbox starts (the seed has no blob folder yet).
        metadata: { seedText: n.text },
      });
    }
  },
  seedExamples(store) {
    // An earlier version of the board notes, so that restoring a version can be tried.
    const f = store.get('driveFiles', 'fil_board_notes')!;
    const earlier = '# Board prep\n\n- Q3 numbers\n';
    store.update('driveFiles', f.id, {
      versions: [{ storageKey: 'seed/user-notes-v0', size: Buffer.byteLength(earlier), mimeType: f.mimeType, savedAt: '2026-11-01T15:00:00.000Z', savedBy: 'usr_admin' }],
      metadata: { ...f.metadata, seedVersionText: earlier },
    });
  },
  register(r, sb) {
    const store = sb.store;
    for (const f of store.filter('driveFiles', (x) => typeof x.metadata?.seedText === 'string')) seedBlobs(sb, f);
    const P = '/users/{userId}/drive-files';

    r.get('/users/{userId}/drive-storage', (req) => ok('storage', usage(store, owner(store, req.user, req.params.userId!).id)));

    r.get(P, (req) => {
      const u = owner(store, req.user, req.params.userId!);
      const q = req.query;
      const tags = q.tags
        ? q.tags
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
        : [];
      const items = store.filter(
        'driveFiles',
        (f) =>
          f.user === u.id &&
          // Omitting folder lists the root, as the spec says; a search or an event looks everywhere.
          (q.folder ? f.folder === q.folder : q.search || q.eventId ? true : f.folder === null) &&
          (!q.status || f.status === q.status) &&
          (!q.kind || f.kind === q.kind) &&
          (!q.noteType || f.noteType === q.noteType) &&
          (!q.eventId || f.event?.eventId === q.eventId) &&
          (!q.search || fuzzy(f.name, q.search)) &&
          tags.every((tag) => (f.tags ?? []).includes(tag)),
      );
      return listViews('driveFiles', items, view, q);
    });

    r.get(`${P}/shared`, (req) => {
      const u = owner(store, req.user, req.params.userId!);
      const items = store.filter(
        'driveFiles',
        (f) => f.user !== u.id && f.status === 'ready' && f.account === u.account && ((!!f.team && f.team === u.team) || (!!f.organization && f.organization === u.organization)),
      );
      return listViews('driveFiles', items, view, req.query);
    });

    r.get(`${P}/{fileId}`, (req) => ok('driveFile', view(findFile(store, owner(store, req.user, req.params.userId!), req.params.fileId!))));

    r.delete(`${P}/{fileId}`, (req) => {
      const f = findFile(store, owner(store, req.user, req.params.userId!), req.params.fileId!);
      const keys = new Set<string>([f.storageKey, f.upload?.storageKey, ...(f.versions ?? []).map((v: Rec) => v.storageKey)].filter(Boolean));
      for (const k of keys) removeBlob(sb, k);
      store.remove('driveFiles', f.id);
      return deleted('driveFile', f.id, 'drive file');
    });

    r.post(`${P}/upload`, (req) => {
      const u = owner(store, req.user, req.params.userId!);
      const b = bodyOf(req.body);
      if (b.size < 0) badRequest('size must not be negative', 'AGNT_E_VALIDATION');
      const s = usage(store, u.id);
      if (b.size > s.remainingBytes) {
        fail(400, `storage quota exceeded: ${b.size} bytes requested, ${s.remainingBytes} of ${s.quotaBytes} remaining`, 'AGNT_E_QUOTA_EXCEEDED', { storage: s });
      }
      const folder = b.folder ?? null;
      // Chosen: uploading a name that already exists in the folder is a new version of that file.
      const existing = store.find('driveFiles', (f) => f.user === u.id && f.kind === 'file' && f.folder === folder && f.name === b.name);
      const mimeType = b.mimeType ?? mimeFromName(b.name) ?? 'application/octet-stream';
      const fileId = existing?.id ?? store.newId('fil');
      const storageKey = `${u.id}/${fileId}/${randomBytes(6).toString('hex')}`;
      const upload = { storageKey, declaredSize: b.size, mimeType };
      if (existing) {
        removeBlob(sb, existing.upload?.storageKey);
        store.update('driveFiles', existing.id, { upload });
      } else {
        makeDriveFile(store, {
          id: fileId,
          account: u.account,
          user: u.id,
          organization: null,
          name: b.name,
          folder,
          size: b.size,
          mimeType,
          storageKey,
          status: 'pending',
          source: { type: 'upload', id: fileId },
          upload,
        });
      }
      return okMany({ url: presign(sb, 'PUT', storageKey, mimeType), fileId, contentType: mimeType });
    });

    r.put(
      PRESIGNED,
      async (req) => {
        const key = verify(sb, req, 'PUT');
        const f = store.find('driveFiles', (x) => x.upload?.storageKey === key);
        if (!f) fail(404, 'no upload is waiting for this URL', 'AGNT_E_NOT_FOUND');
        const room = usage(store, f!.user).remainingBytes;
        const dest = blobPath(sb, key);
        const tmp = `${dest}.${randomBytes(4).toString('hex')}.part`;
        const count = limiter(room);
        try {
          await pipeline(req.stream!, count, createWriteStream(tmp, { mode: 0o600 }));
          renameSync(tmp, dest);
        } catch (e) {
          rmSync(tmp, { force: true });
          if (e instanceof HttpError) throw e;
          fail(400, `the upload was cut short: ${(e as Error).message}`, 'AGNT_E_UPLOAD_INCOMPLETE');
        }
        const current = store.get('driveFiles', f!.id);
        if (current?.upload?.storageKey === key) store.update('driveFiles', f!.id, { upload: { ...current.upload, receivedBytes: count.bytes } });
        return { status: 200, headers: { etag: `"${key.slice(-12)}"` } };
      },
      { public: true, stream: true, notAnEndpoint: true },
    );

    r.get(
      PRESIGNED,
      (req) => {
        const key = verify(sb, req, 'GET');
        const f = store.find('driveFiles', (x) => x.storageKey === key || (x.versions ?? []).some((v: Rec) => v.storageKey === key));
        const p = blobPath(sb, key);
        // A seeded file brought back by a snapshot restore after it was deleted gets its bytes back.
        if (f && !existsSync(p)) seedBlobs(sb, f);
        if (!f || !existsSync(p)) fail(404, 'no such object', 'AGNT_E_NOT_FOUND');
        const size = statSync(p).size;
        return {
          status: 200,
          headers: {
            'content-type': f!.mimeType ?? 'application/octet-stream',
            'content-length': String(size),
            'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(f!.name)}`,
          },
          raw: createReadStream(p),
        };
      },
      { public: true, raw: true, notAnEndpoint: true },
    );

    r.post(`${P}/{fileId}/confirm`, (req) => {
      const u = owner(store, req.user, req.params.userId!);
      const f = findFile(store, u, req.params.fileId!);
      const b = bodyOf(req.body);
      const up = f.upload;
      if (!up) {
        if (f.status === 'ready') return ok('driveFile', view(f)); // a repeated confirm changes nothing
        badRequest('no upload is waiting for confirmation', 'AGNT_E_NOT_UPLOADED');
      }
      if (up.receivedBytes === undefined) badRequest('no bytes were received at the upload URL: PUT the file first', 'AGNT_E_NOT_UPLOADED');
      if (b.size !== up.receivedBytes) badRequest(`size ${b.size} does not match the ${up.receivedBytes} bytes received`, 'AGNT_E_SIZE_MISMATCH');
      const versions = [...(f.versions ?? [])];
      if (f.status === 'ready') versions.push({ storageKey: f.storageKey, size: f.size, mimeType: f.mimeType, savedAt: store.now(), savedBy: req.user.id });
      const wasReady = f.status === 'ready';
      store.update('driveFiles', f.id, { status: 'ready', storageKey: up.storageKey, size: b.size, mimeType: up.mimeType, versions, upload: undefined });
      activity(store, f, wasReady ? 'edit' : 'status_change', 'user', wasReady ? `new version uploaded (${b.size} bytes)` : 'upload confirmed: ready');
      return ok('driveFile', view(store.get('driveFiles', f.id)!));
    });

    r.patch(`${P}/{fileId}/move`, (req) => {
      const f = findFile(store, owner(store, req.user, req.params.userId!), req.params.fileId!);
      const b = bodyOf(req.body);
      if (b.folder === undefined) fail(400, 'folder is required (a folder id or null)', 'AGNT_E_VALIDATION');
      store.update('driveFiles', f.id, { folder: b.folder });
      activity(store, f, 'edit', 'user', `moved to ${b.folder ?? 'the root'}`);
      return ok('driveFile', view(store.get('driveFiles', f.id)!));
    });

    r.patch(`${P}/{fileId}/share`, (req) => {
      const u = owner(store, req.user, req.params.userId!);
      const f = findFile(store, u, req.params.fileId!);
      const b = bodyOf(req.body);
      // Chosen: a file can be shared only with its owner's own team or organization.
      if (b.team && b.team !== u.team) forbidden(`user ${u.id} is not a member of team ${b.team}`);
      if (b.organization && b.organization !== u.organization) forbidden(`user ${u.id} does not belong to organization ${b.organization}`);
      const patch: Rec = {};
      if (b.team !== undefined) patch.team = b.team;
      if (b.organization !== undefined) patch.organization = b.organization;
      store.update('driveFiles', f.id, patch);
      const g = store.get('driveFiles', f.id)!;
      activity(store, g, 'share', 'user', g.team || g.organization ? `shared with ${[g.team, g.organization].filter(Boolean).join(' and ')}` : 'unshared');
      return ok('driveFile', view(store.get('driveFiles', f.id)!));
    });

    r.post(`${P}/{fileId}/link-task`, (req) => {
      const f = findFile(store, owner(store, req.user, req.params.userId!), req.params.fileId!);
      const b = bodyOf(req.body);
      if (!f.relatedTasks.includes(b.taskId)) store.update('driveFiles', f.id, { relatedTasks: [...f.relatedTasks, b.taskId] });
      return okMany({ fileId: f.id, taskId: b.taskId });
    });

    r.post(`${P}/{fileId}/process`, (req) => {
      const f = findFile(store, owner(store, req.user, req.params.userId!), req.params.fileId!);
      const b = bodyOf(req.body);
      const assistant = b.assistantId ?? f.assistant ?? req.user.assistant ?? null;
      activity(store, f, 'message', 'user', b.message, assistant);
      // The agent answers a moment later, as the real one runs asynchronously.
      setTimeout(() => {
        const g = store.get('driveFiles', f.id);
        if (g) activity(store, g, 'message', 'assistant', `Done: ${b.message}`, assistant);
      }, 50).unref();
      return ok('driveFile', view(store.get('driveFiles', f.id)!));
    });

    r.get(`${P}/{fileId}/activities`, (req) => okMany({ activities: findFile(store, owner(store, req.user, req.params.userId!), req.params.fileId!).activities ?? [] }));

    r.get(`${P}/{fileId}/versions`, (req) => okMany({ versions: findFile(store, owner(store, req.user, req.params.userId!), req.params.fileId!).versions ?? [] }));

    r.post(`${P}/{fileId}/versions/{versionIndex}/restore`, (req) => {
      const f = findFile(store, owner(store, req.user, req.params.userId!), req.params.fileId!);
      const raw = req.params.versionIndex!;
      const versions: Rec[] = [...(f.versions ?? [])];
      // Chosen: indexes count from 0 in the order of GET versions (oldest first).
      const i = /^\d+$/.test(raw) ? Number(raw) : -1;
      const v = versions[i];
      if (!v) notFound('version', raw);
      if (f.status !== 'ready') badRequest('the file has no confirmed content yet', 'AGNT_E_NOT_READY');
      // Chosen: the current content is saved as a version first, so a restore can itself be undone.
      versions.push({ storageKey: f.storageKey, size: f.size, mimeType: f.mimeType, savedAt: store.now(), savedBy: req.user.id });
      store.update('driveFiles', f.id, { storageKey: v!.storageKey, size: v!.size, mimeType: v!.mimeType, versions });
      activity(store, f, 'edit', 'user', `restored version ${i} (saved ${v!.savedAt})`);
      return ok('driveFile', view(store.get('driveFiles', f.id)!));
    });

    r.get(`${P}/{fileId}/download`, (req) => {
      const f = findFile(store, owner(store, req.user, req.params.userId!), req.params.fileId!);
      // Chosen: a pending file has no content to hand out yet (400, like other invalid requests).
      if (f.status !== 'ready') badRequest(`drive file ${f.id} is pending: its upload was never confirmed`, 'AGNT_E_NOT_READY');
      return okMany({ url: presign(sb, 'GET', f.storageKey) });
    });
  },
};

export default area;
