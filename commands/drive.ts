// Part 1, section 4.7: drive files (all paths under /users/{userId}; --user defaults to me).
import type { AreaSpec, ArgSpec, Column } from '../src/core/spec.ts';
import { area as api } from '../src/api/areas/drive.ts';
import { endpointsOf } from '../src/api/endpoint.ts';

const E = endpointsOf(api);

const user: ArgSpec = { name: 'userId', flag: 'user', default: 'me', description: 'whose drive (a user id)', resource: 'users' };
const file: ArgSpec = { name: 'fileId', description: 'drive file id', resource: 'drive-files' };

export const fileColumns: Column[] = [{ path: 'id' }, { path: 'name' }, { path: 'kind' }, { path: 'size' }, { path: 'status' }, { path: 'folder' }, { path: 'updatedAt', header: 'UPDATED' }];

export const drive: AreaSpec = {
  name: 'drive',
  summary: 'Drive: files and notes, upload and download, versions, sharing',
  commands: [
    {
      command: 'drive storage',
      summary: 'Show storage usage and quota',
      endpoint: E('drive.storage'),
      args: [user],
      examples: ['agnt drive storage', 'agnt drive storage --user usr_member --json'],
    },
    {
      command: 'drive list',
      aliases: ['ls'],
      summary: 'List files and notes',
      endpoint: E('drive.files.list'),
      args: [user],
      columns: fileColumns,
      fields: [{ name: 'tags', description: 'tags (all must match)' }],
      examples: ['agnt drive list', 'agnt drive list --kind note --note-type action-items', 'agnt drive list --search report --all -o id'],
    },
    {
      command: 'drive shared',
      summary: 'List files shared with the user',
      endpoint: E('drive.files.shared'),
      args: [user],
      columns: [...fileColumns.slice(0, 4), { path: 'user', header: 'OWNER' }, { path: 'team' }, { path: 'organization' }],
      examples: ['agnt drive shared', 'agnt drive shared -o json'],
    },
    {
      command: 'drive get',
      aliases: ['show'],
      summary: 'Show a file',
      endpoint: E('drive.files.get'),
      args: [user, file],
      examples: ['agnt drive get fil_board_notes', "agnt drive get fil_board_notes --query 'versions[].savedAt'"],
    },
    {
      command: 'drive delete',
      aliases: ['rm'],
      summary: 'Delete a file and its stored object',
      endpoint: E('drive.files.delete'),
      args: [user, { ...file, multi: true }],
      confirm: 'Delete drive file {id} and its stored content?',
      examples: ['agnt drive delete fil_board_notes --yes', 'agnt drive list --search draft -o id | agnt drive delete - --yes'],
    },
    {
      command: 'drive upload',
      summary: 'Upload files: request a presigned URL, send the bytes, confirm',
      description:
        'For each file: POST upload (name, size, MIME type from the extension unless --mime-type), PUT the bytes to the presigned URL (never with your token), then confirm with the size actually sent. A progress bar is shown on a terminal. Uploading a name that already exists in the folder saves a new version.',
      endpoint: E('drive.files.upload'),
      also: [E('drive.files.confirm'), E('drive.storage')],
      args: [user, { name: 'path', multi: true, description: 'local files', file: true }],
      options: [
        { flags: '--name <name>', description: 'name in the drive (one file only; default: the file name)' },
        { flags: '--mime-type <type>', description: 'MIME type (default: detected from the name)' },
        { flags: '--folder <id>', description: "folder id ('null' or omitted: the root)" },
      ],
      // The handler sends name, size and MIME type from each file.
      omit: ['name', 'size', 'mimeType', 'folder'],
      bodyInput: false,
      resultKey: 'driveFile',
      columns: [{ path: 'id' }, { path: 'name' }, { path: 'size' }, { path: 'mimeType', header: 'TYPE' }, { path: 'status' }],
      handler: async () => (await import('../src/workflows/drive-transfer.ts')).upload,
      examples: ['agnt drive upload examples/report.pdf', 'agnt drive upload examples/*.txt', 'agnt drive upload examples/notes.txt --name "Meeting notes.txt" -o id'],
    },
    {
      command: 'drive download',
      summary: 'Download a file to disk (or to stdout with --out -)',
      description:
        "--out is the destination: a file path, a folder (the server's file name is used, cleaned so it stays inside the folder), or '-' for stdout. Default: the current folder. An existing file is kept unless --force. The file appears only when complete. -o is the output format, as everywhere; a path after -o is refused with a hint.",
      endpoint: E('drive.files.download'),
      also: [E('drive.files.get')],
      args: [user, file],
      options: [
        { flags: '--out <path>', description: "destination file or folder, or '-' for stdout", file: true },
        // Declared here so that a path given to -o (the destination before --out) reaches the
        // handler, which refuses it with a hint, instead of the global format check.
        { flags: '-o, --output <format>', description: 'output format, as everywhere (the destination is --out)' },
        { flags: '--force', description: 'overwrite an existing file' },
      ],
      handler: async () => (await import('../src/workflows/drive-transfer.ts')).download,
      examples: ['agnt drive download fil_board_notes', 'agnt drive download fil_board_notes --out ~/Downloads/', 'agnt drive download fil_board_notes --out - | sha256sum'],
    },
    {
      command: 'drive confirm',
      summary: 'Confirm an upload whose bytes were sent (marks the file ready)',
      endpoint: E('drive.files.confirm'),
      args: [user, file],
      examples: ['agnt drive confirm fil_board_notes --size 1048576'],
    },
    {
      command: 'drive move',
      summary: 'Move a file to a folder (null: the root)',
      endpoint: E('drive.files.move'),
      args: [user, file],
      examples: ['agnt drive move fil_board_notes --folder fld_456', 'agnt drive move fil_board_notes --folder null'],
    },
    {
      command: 'drive share',
      summary: 'Share a file with a team or an organization (null: unshare)',
      endpoint: E('drive.files.share'),
      args: [user, file],
      examples: ['agnt drive share fil_board_notes --team team_acme', 'agnt drive share fil_board_notes --organization org_acme'],
    },
    {
      command: 'drive unshare',
      summary: 'Stop sharing a file (team and organization set to null)',
      endpoint: E('drive.files.share'),
      args: [user, file],
      fields: [
        { name: 'team', default: null, hidden: true },
        { name: 'organization', default: null, hidden: true },
      ],
      examples: ['agnt drive unshare fil_board_notes'],
    },
    {
      command: 'drive link-task',
      summary: 'Link a task to a file',
      endpoint: E('drive.files.link-task'),
      args: [user, file],
      examples: ['agnt drive link-task fil_board_notes --task-id tsk_456'],
    },
    {
      command: 'drive process',
      summary: "Send a message to the file's agent (processing runs asynchronously)",
      endpoint: E('drive.files.process'),
      args: [user, file],
      examples: ['agnt drive process fil_board_notes --message "Summarise the action items"'],
    },
    {
      command: 'drive activities',
      summary: "List a file's activities",
      endpoint: E('drive.files.activities'),
      args: [user, file],
      columns: [{ path: 'createdAt', header: 'AT' }, { path: 'type' }, { path: 'role' }, { path: 'content' }],
      examples: ['agnt drive activities fil_board_notes', 'agnt drive activities fil_board_notes -o jsonl'],
    },
    {
      command: 'drive versions',
      summary: "List a file's saved versions (INDEX is what restore takes)",
      endpoint: E('drive.files.versions'),
      args: [user, file],
      render: async () => (await import('../src/render/drive-render.ts')).versions,
      examples: ['agnt drive versions fil_board_notes', 'agnt drive versions fil_board_notes --json'],
    },
    {
      command: 'drive restore',
      summary: 'Restore a saved version (the current content is saved as a version first)',
      endpoint: E('drive.files.restore'),
      args: [user, file, { name: 'versionIndex', description: 'version index, from 0 (see drive versions)' }],
      examples: ['agnt drive restore fil_board_notes 0'],
    },
  ],
};
