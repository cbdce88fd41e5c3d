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
// run that compiles before the change. So the flag an API call needs (START_FLAGS) is set as
// the run starts, before anything compiles, where the command line is not a request for help;
// those runs keep their caches in a folder of their own. A flag changed later goes through
// setV8Flags, which takes the caches of what compiled before first.
//
// A chunk's cache holds what the run that wrote it compiled. Made by `agnt --help`, the start-up
// chunk's lacked the code of an API call, which each call then compiled again. So a cache is
// written again, what this run compiled added, the first time each command (its first words:
// `users me`) runs with it; a list beside it (<chunk>.runs) names the commands it holds.
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
/** Files compiled from their cache: written again at exit when this run's command is new to it. */
const cached: Array<{ file: string; script: Script }> = [];
/** A flag changed mid-run: a cache taken at exit would be refused by the next run. */
let flagsChanged = false;
/** The commands a cache is written again for, at most: by then it holds what most runs need. */
const RUNS_KEPT = 64;

/**
 * undici parses HTTP with a WebAssembly module, which V8 compiles twice (a quick baseline, then
 * optimised code in the background), and a short-lived process waits for that background job
 * before it can exit: about 80 ms of every API call. The baseline parses a CLI's few answers
 * just as well.
 */
export const START_FLAGS = '--liftoff-only';
const applied = new Set<string>();

/** Whether a command line may send requests, or only asks for help (which loads no undici). */
export function sendsRequests(argv: string[]): boolean {
  return argv.length > 0 && argv[0] !== 'help' && !argv.includes('--help') && !argv.includes('-h');
}

/** Sets START_FLAGS as a run starts, before anything is compiled. */
export function setStartFlags(): void {
  // node:v8 taken here, not imported: a run for help need not load it.
  process.getBuiltinModule('node:v8').setFlagsFromString(START_FLAGS);
  applied.add(START_FLAGS);
}

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
    else cached.push({ file, script });
    const fn = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return fn.call(this.exports, this.exports, Module.createRequire(filename), this, filename, dirname(filename));
  };
  process.once('exit', () => {
    takeCaches();
    const key = runKey(process.argv.slice(2));
    const again = flagsChanged ? [] : grown(key);
    if (fresh.length === 0 && again.length === 0) return;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch {
      return;
    }
    for (const { file, data } of fresh) {
      replace(file, data as Buffer);
      if (!flagsChanged) replace(runsFile(file), Buffer.from(`${key}\n`));
    }
    for (const { file, data, runs } of again) {
      replace(file, data);
      replace(runsFile(file), Buffer.from(runs));
    }
  });
}

/** Writes a file whole or not at all: a reader never sees half of it. */
function replace(file: string, data: Buffer): void {
  const temp = `${file}.${process.pid}`;
  try {
    writeFileSync(temp, data, { mode: 0o600 });
    renameSync(temp, file);
  } catch {}
}

const runsFile = (cache: string): string => `${cache.slice(0, -'.cache'.length)}.runs`;

/** The command a run is, for the caches: its first words (`users me`), none of its values. */
export function runKey(argv: string[]): string {
  const words: string[] = [];
  for (const a of argv) {
    if (!/^[a-z][a-z0-9-]*$/.test(a) || words.length === 2) break;
    words.push(a);
  }
  return words.join(' ') || '-';
}

/** The caches this run adds to: those whose list does not name its command yet. */
function grown(key: string): Array<{ file: string; data: Buffer; runs: string }> {
  const out: Array<{ file: string; data: Buffer; runs: string }> = [];
  for (const { file, script } of cached) {
    let runs: string[];
    try {
      runs = readFileSync(runsFile(file), 'utf8').split('\n').filter(Boolean);
    } catch {
      runs = [];
    }
    if (runs.includes(key) || runs.length >= RUNS_KEPT) continue;
    out.push({ file, data: script.createCachedData(), runs: `${[...runs, key].join('\n')}\n` });
  }
  return out;
}

function takeCaches(): void {
  for (const f of fresh) f.data ??= f.script.createCachedData();
}

/** Sets V8 flags mid-run, after taking the caches of what compiled under the flags before. */
export function setV8Flags(flags: string): void {
  // Set as the run started (START_FLAGS): nothing changes.
  if (applied.has(flags)) return;
  applied.add(flags);
  takeCaches();
  flagsChanged = true;
  // node:v8 taken here, not imported: loading it costs start-up a few milliseconds.
  process.getBuiltinModule('node:v8').setFlagsFromString(flags);
}

/** This user's cache folder for this V8, or undefined where it cannot be made safe. */
function cacheDir(): string | undefined {
  const uid = process.getuid?.();
  const base = join(process.getBuiltinModule('node:os').tmpdir(), `agnt-compile-cache${uid === undefined ? '' : `-${uid}`}`);
  // A run with START_FLAGS set keeps its caches apart: V8 refuses a cache made under other flags.
  const dir = join(base, `${process.versions.v8}-${process.arch}${applied.has(START_FLAGS) ? '-liftoff' : ''}`);
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
