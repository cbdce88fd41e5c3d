// Part 1, 4.7: drive files and notes (all paths under /users/{userId}), presigned upload and
// download, versions and sharing.
import { defineArea, endpoint, type ApiArea } from '../endpoint.ts';
import { any, arr, bool, enumOf, idOf, int, map, nul, num, obj, recordId, ro, stamp, str, strs, url } from '../shape.ts';

export const NOTE_TYPES = ['raw-transcript', 'shared-summary', 'personal-summary', 'user-notes', 'action-items'] as const;
const STORAGE_TOOLS = ['storage_tool_1', 'storage_tool_2', 'storage_tool_3', 'storage_tool_4'];
const IMPORT_SOURCES = [...Array.from({ length: 15 }, (_, i) => `meeting_tool_${i + 1}`), ...STORAGE_TOOLS];

const userId = idOf('users', { description: 'user id' });
const fileId = idOf('drive-files', { description: 'file id' });
const orNull = nul(str());

const activity = obj(
  { type: enumOf(['message', 'status_change', 'edit', 'share']), role: enumOf(['user', 'assistant', 'system']), content: any(), assistant: orNull, createdAt: stamp() },
  { required: ['type', 'role', 'content', 'createdAt'] },
);
const version = obj({ storageKey: str(), size: int(), mimeType: orNull, savedAt: stamp(), savedBy: str() }, { required: ['storageKey', 'size', 'savedAt', 'savedBy'] });

const driveFile = obj(
  {
    id: recordId('drive-files'),
    account: ro(str()),
    user: ro(idOf('users')),
    team: nul(idOf('teams')),
    organization: nul(idOf('organizations')),
    kind: ro(enumOf(['file', 'note', 'netfs'])),
    folder: nul(str({ description: 'folder id' })),
    event: ro(nul(obj({ calendarId: str(), eventId: str() }, { required: ['calendarId', 'eventId'] }))),
    noteType: ro(enumOf(NOTE_TYPES)),
    isPrivate: ro(bool()),
    attendees: ro(strs()),
    externalShare: ro(nul(obj({ token: str({ secret: true }), expiresAt: stamp({ nullable: true }), sharedAt: stamp({ nullable: true }), sharedWith: strs() }, { required: ['token'] }))),
    summaryStatus: ro(enumOf(['none', 'pending', 'ready'])),
    tags: ro(strs()),
    storageKey: ro(str()),
    name: ro(str()),
    mimeType: ro(orNull),
    size: ro(int()),
    status: ro(enumOf(['pending', 'ready'])),
    assistant: ro(orNull),
    source: ro(nul(obj({ type: enumOf(['chat', 'dispatch', 'task', 'upload']), id: str() }, { required: ['type', 'id'] }))),
    importSource: ro(nul(obj({ type: enumOf(IMPORT_SOURCES), externalId: str(), importedAt: stamp(), hash: str() }, { required: ['type', 'externalId', 'importedAt', 'hash'] }))),
    remoteRef: ro(
      nul(obj({ provider: enumOf(STORAGE_TOOLS), fileId: str(), webLink: nul(url()), lastFetchedAt: stamp({ nullable: true }), contentCached: bool() }, { required: ['provider', 'fileId'] })),
    ),
    preview: ro(nul(obj({ status: enumOf(['pending', 'ready', 'failed']), slideCount: nul(num()), storagePrefix: orNull }, { required: ['status', 'slideCount', 'storagePrefix'] }))),
    relatedTasks: ro(strs()),
    activities: ro(arr(activity)),
    versions: ro(arr(version)),
    metadata: map(any()),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  { required: ['id', 'account', 'user', 'storageKey', 'name', 'size', 'status', 'createdAt', 'updatedAt'] },
);

const storage = obj({ usedBytes: int(), quotaBytes: int(), remainingBytes: int(), percentUsed: int() }, { required: ['usedBytes', 'quotaBytes', 'remainingBytes', 'percentUsed'] });
const P = '/users/{userId}/drive-files';

export const area: ApiArea = defineArea({
  name: 'drive',
  section: 'part 1, 4.7',
  resources: { driveFile, storage, activity, version },
  endpoints: [
    endpoint({ id: 'drive.storage', method: 'GET', path: '/users/{userId}/drive-storage', params: { userId }, summary: "Show a user's drive usage and quota", resultKey: 'storage', result: storage }),
    endpoint({
      id: 'drive.files.list',
      method: 'GET',
      path: P,
      params: { userId },
      summary: "List a user's drive files and notes",
      query: obj({
        status: enumOf(['pending', 'ready']),
        search: str({ description: 'fuzzy match on the name' }),
        folder: str({ description: 'folder id (omit for the root)' }),
        kind: enumOf(['file', 'note']),
        eventId: str({ description: 'notes of a calendar event' }),
        noteType: enumOf(NOTE_TYPES),
        tags: strs({ description: 'tags, all must match (sent comma-separated)' }),
      }),
      resultKey: 'driveFiles',
      result: arr(driveFile),
      paging: 'page',
      takesLimit: true,
      resource: 'driveFile',
    }),
    endpoint({
      id: 'drive.files.shared',
      method: 'GET',
      path: `${P}/shared`,
      params: { userId },
      summary: 'List the files shared with a user',
      resultKey: 'driveFiles',
      result: arr(driveFile),
      paging: 'page',
      pageParams: false,
      resource: 'driveFile',
    }),
    endpoint({
      id: 'drive.files.get',
      method: 'GET',
      path: `${P}/{fileId}`,
      params: { userId, fileId },
      summary: 'Show a drive file',
      resultKey: 'driveFile',
      result: driveFile,
      resource: 'driveFile',
    }),
    endpoint({
      id: 'drive.files.delete',
      method: 'DELETE',
      path: `${P}/{fileId}`,
      params: { userId, fileId },
      summary: 'Delete a file and its stored object',
      resultKey: 'driveFile',
      result: obj({ id: str(), deleted: bool(), message: str() }, { required: ['id'] }),
    }),
    endpoint({
      id: 'drive.files.download',
      method: 'GET',
      path: `${P}/{fileId}/download`,
      params: { userId, fileId },
      summary: 'Get a presigned download URL (valid 15 minutes)',
      result: obj({ url: url({ secret: true, description: 'presigned GET URL, valid 15 minutes' }) }, { required: ['url'] }),
    }),
    endpoint({
      id: 'drive.files.upload',
      method: 'POST',
      path: `${P}/upload`,
      params: { userId },
      summary: 'Start an upload: a presigned PUT URL and the new file id',
      body: obj(
        {
          name: str(),
          size: int({ description: 'bytes (checked against the quota)' }),
          mimeType: str({ description: 'detected from the name when omitted' }),
          folder: nul(str({ description: 'folder id; null or omitted: the root' })),
        },
        { required: ['name', 'size'] },
      ),
      result: obj(
        { url: url({ secret: true, description: 'presigned PUT URL' }), fileId: idOf('drive-files'), contentType: str({ description: 'the Content-Type of the PUT' }) },
        { required: ['url', 'fileId', 'contentType'] },
      ),
      errors: [{ status: 400, when: 'the file would exceed the storage quota', hint: 'free space by deleting files, or check the usage' }],
    }),
    endpoint({
      id: 'drive.files.confirm',
      method: 'POST',
      path: `${P}/{fileId}/confirm`,
      params: { userId, fileId },
      summary: 'Confirm an upload (the file becomes ready)',
      body: obj({ size: int({ description: 'bytes actually sent' }) }, { required: ['size'] }),
      resultKey: 'driveFile',
      result: driveFile,
    }),
    endpoint({
      id: 'drive.files.move',
      method: 'PATCH',
      path: `${P}/{fileId}/move`,
      params: { userId, fileId },
      summary: 'Move a file to a folder',
      body: obj({ folder: nul(str({ description: "folder id, or 'null' for the root" })) }, { required: ['folder'] }),
      resultKey: 'driveFile',
      result: driveFile,
    }),
    endpoint({
      id: 'drive.files.share',
      method: 'PATCH',
      path: `${P}/{fileId}/share`,
      params: { userId, fileId },
      summary: 'Share a file with a team or an organization (null unshares)',
      body: obj({ team: nul(idOf('teams', { description: "team id, or 'null'" })), organization: nul(idOf('organizations', { description: "organization id, or 'null'" })) }),
      resultKey: 'driveFile',
      result: driveFile,
    }),
    endpoint({
      id: 'drive.files.link-task',
      method: 'POST',
      path: `${P}/{fileId}/link-task`,
      params: { userId, fileId },
      summary: 'Link a file to a task',
      body: obj({ taskId: str() }, { required: ['taskId'] }),
      result: obj({ fileId: idOf('drive-files'), taskId: str() }),
    }),
    endpoint({
      id: 'drive.files.process',
      method: 'POST',
      path: `${P}/{fileId}/process`,
      params: { userId, fileId },
      summary: 'Ask the assistant about a file (runs asynchronously)',
      body: obj({ message: str(), assistantId: idOf('assistants') }, { required: ['message'] }),
      resultKey: 'driveFile',
      result: driveFile,
    }),
    endpoint({
      id: 'drive.files.activities',
      method: 'GET',
      path: `${P}/{fileId}/activities`,
      params: { userId, fileId },
      summary: "List a file's activities",
      resultKey: 'activities',
      result: arr(activity),
    }),
    endpoint({ id: 'drive.files.versions', method: 'GET', path: `${P}/{fileId}/versions`, params: { userId, fileId }, summary: "List a file's versions", resultKey: 'versions', result: arr(version) }),
    endpoint({
      id: 'drive.files.restore',
      method: 'POST',
      path: `${P}/{fileId}/versions/{versionIndex}/restore`,
      params: { userId, fileId, versionIndex: str({ description: 'version index (as listed by the versions endpoint)' }) },
      summary: 'Restore a version of a file',
      resultKey: 'driveFile',
      result: driveFile,
    }),
  ],
});
