// Baseline for `agnt drive download` and `agnt drive upload`: the same exchanges with undici, the
// HTTP client agnt uses, and nothing else (no command line, no checks, no progress). Each chunk
// of a download is written as it arrives with one synchronous write: through a file stream
// (pipeline into createWriteStream) the script was slower than agnt (0.88x at 256 MiB), whose
// write path is the same as this one, and a baseline should be the floor, not a slow way.
//   download FILE_ID OUT   GET the download link, then stream the presigned GET into OUT
//   upload PATH NAME       POST the upload request, stream PATH as the presigned PUT, confirm
// AGNT_BASE_URL and AGNT_TOKEN as agnt reads them; prints the file's id after an upload.
import { closeSync, createReadStream, openSync, statSync, writeSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import { request } from 'undici';

const base = process.env.AGNT_BASE_URL;
const auth = { authorization: `Bearer ${process.env.AGNT_TOKEN}`, 'content-type': 'application/json' };
const [mode, a, b] = process.argv.slice(2);

async function api(method, path, body) {
  const res = await request(new URL(path, base), { method, headers: auth, body: body && JSON.stringify(body) });
  const json = await res.body.json();
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: HTTP ${res.statusCode}`);
  return json;
}

if (mode === 'download') {
  const { url } = await api('GET', `/users/me/drive-files/${a}/download`);
  const res = await request(url);
  if (res.statusCode !== 200) throw new Error(`GET: HTTP ${res.statusCode}`);
  const fd = openSync(b, 'w');
  res.body.on('data', (chunk) => {
    for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at);
  });
  await finished(res.body);
  closeSync(fd);
} else if (mode === 'upload') {
  const size = statSync(a).size;
  const u = await api('POST', '/users/me/drive-files/upload', { name: b, size });
  const res = await request(u.url, { method: 'PUT', headers: { 'content-type': u.contentType, 'content-length': String(size) }, body: createReadStream(a) });
  await res.body.dump();
  if (res.statusCode >= 300) throw new Error(`PUT: HTTP ${res.statusCode}`);
  await api('POST', `/users/me/drive-files/${u.fileId}/confirm`, { size });
  process.stdout.write(`${u.fileId}\n`);
} else throw new Error('usage: undici-transfer.mjs download FILE_ID OUT | upload PATH NAME');
