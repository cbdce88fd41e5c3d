// V8's code cache for the bundle's chunks, on a Node without module.enableCompileCache (Node 20:
// the cache came in 22.1, and bin/agnt.js turns it on there). Compiling the start-up chunk and
// undici is a third of a short command's time; with the cache, V8 reads the compiled code back
// instead. The cache is written at exit with script.createCachedData(), so it holds every
// function the run compiled, not only the top level: v8-compile-cache writes it right after
// compiling, which holds little more than the top level and measured no faster here.
//
// The cache lives where Node's own would (the temporary folder), in a folder of this user's,
// mode 0700, keyed by V8's version; a folder owned by someone else or open to others is not
// used, since a code cache is code. The chunks' names carry esbuild's hash of their content, so
// a rebuilt chunk has a new name and never meets an old cache. Writes go to a temporary file
// renamed into place, so a reader never sees half a cache; V8 rejects one it cannot use, and
// that file is then written again. NODE_DISABLE_COMPILE_CACHE=1 (Node's own switch) turns it off.
//
// V8 keys a code cache by its flags as well: a cache made after a flag changed is refused by a
// run that compiles before the change. So agnt changes a flag through setV8Flags, which takes
// the caches of what compiled before first.
// node:os and node:vm are taken when installing, not imported: this module is part of dist/cli.js,
// and `agnt --version` loads nothing it does not use.
import { lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import type { Script } from 'node:vm';

type Compile = (this: Module, content: string, filename: string) => unknown;
type ModuleStatics = { prototype: { _compile: Compile }; getCompileCacheDir?: () => string | undefined };

/** Files compiled without a usable cache: their compiled code, once taken, is written at exit. */
const fresh: Array<{ file: string; script: Script; data?: Buffer }> = [];

/** Caches the compiled code of every CommonJS file loaded from `chunksDir`. */
export function installCompileCache(chunksDir: string, env = process.env): void {
  const M = Module as unknown as ModuleStatics;
  if (env.NODE_DISABLE_COMPILE_CACHE || M.getCompileCacheDir?.()) return;
  const dir = cacheDir();
  if (!dir) return;
  const prefix = chunksDir.endsWith(sep) ? chunksDir : chunksDir + sep;
  const { Script } = process.getBuiltinModule('node:vm');
  const compile = M.prototype._compile;
  M.prototype._compile = function (content, filename) {
    if (!filename.startsWith(prefix)) return compile.call(this, content, filename);
    const file = join(dir, `${basename(filename)}.cache`);
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(file);
    } catch {}
    // The wrapper ends its first line before the chunk starts, and lineOffset -1 numbers the
    // chunk's lines from 1, so stack traces point where Node's own loader would.
    const script = new Script(`(function (exports, require, module, __filename, __dirname) {\n${content}\n})`, { filename, lineOffset: -1, cachedData });
    if (!cachedData || script.cachedDataRejected) fresh.push({ file, script });
    const fn = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return fn.call(this.exports, this.exports, Module.createRequire(filename), this, filename, dirname(filename));
  };
  process.once('exit', () => {
    takeCaches();
    if (fresh.length === 0) return;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch {
      return;
    }
    for (const { file, data } of fresh) {
      const temp = `${file}.${process.pid}`;
      try {
        writeFileSync(temp, data as Buffer, { mode: 0o600 });
        renameSync(temp, file);
      } catch {}
    }
  });
}

function takeCaches(): void {
  for (const f of fresh) f.data ??= f.script.createCachedData();
}

/** Sets V8 flags mid-run, after taking the caches of what compiled under the flags before. */
export function setV8Flags(flags: string): void {
  takeCaches();
  // node:v8 taken here, not imported: loading it costs start-up a few milliseconds.
  process.getBuiltinModule('node:v8').setFlagsFromString(flags);
}

/** This user's cache folder for this V8, or undefined where it cannot be made safe. */
function cacheDir(): string | undefined {
  const uid = process.getuid?.();
  const base = join(process.getBuiltinModule('node:os').tmpdir(), `agnt-compile-cache${uid === undefined ? '' : `-${uid}`}`);
  const dir = join(base, `${process.versions.v8}-${process.arch}`);
  try {
    // lstat: the folder itself, not what a link in its place points to. Made only when missing
    // (most runs find it: one system call instead of three); this V8's folder in it, at exit.
    let st = lstatSync(base, { throwIfNoEntry: false });
    if (!st) {
      mkdirSync(base, { recursive: true, mode: 0o700 });
      st = lstatSync(base);
    }
    if (!st.isDirectory() || (uid !== undefined && (st.uid !== uid || (st.mode & 0o077) !== 0))) return undefined;
  } catch {
    return undefined;
  }
  return dir;
}
