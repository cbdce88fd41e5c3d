// Local input: typed flag values, JSON/YAML bodies from --data/--file, dotted --set. Every
// check here runs before a request is sent and fails with a usage error (exit 2).
import { readFileSync } from 'node:fs';
import { UsageError } from './errors.ts';
import type { FieldSpec, FieldType } from './spec.ts';
import { check, type CheckOptions, type Problem, type Shape } from '../api/shape.ts';
import { boundedToJS, checkDocumentSize, loadYaml } from './yaml.ts';

export function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

export function flagOf(f: FieldSpec): string {
  return f.flag ?? kebab(f.name);
}

/**
 * JSON.parse's message without the excerpt of the input that V8 quotes ('Unexpected token
 * 'S', ..."ccessToken":S3CR..." is not valid JSON'): the input may hold a secret.
 */
export function jsonErrorText(e: unknown): string {
  const m = (e as Error).message;
  const excerpt = /^(.*?)(?: '[\s\S]*?')?, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/.exec(m);
  return excerpt ? `${excerpt[1]}` : m;
}

/**
 * Where strict JSON parsing of `text` fails, as an offset: V8's messages often give no position
 * ("Unexpected token 'a'"), and an error about a file should name its line and column.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    }
    if (c === '"') return void string();
    if (c === 't') return void literal('true');
    if (c === 'f') return void literal('false');
    if (c === 'n') return void literal('null');
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail();
    i += m![0].length;
  };
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (at) {
    return typeof at === 'number' ? at : -1;
  }
}

/** 'file:3:14' for an offset into the text. */
function place(where: string, text: string, offset: number): string {
  if (offset < 0) return where;
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return `${where}:${before.length}:${before[before.length - 1]!.length + 1}`;
}

export function jsonError(text: string, where: string, e: unknown): UsageError {
  const at = jsonErrorOffset(text);
  // The place only, not the text there: the input may hold a secret.
  const found = at < 0 ? '' : at >= text.length ? 'the text ends too soon' : 'unexpected character';
  return new UsageError(`${place(where, text, at)}: invalid JSON: ${found || jsonErrorText(e)}`);
}

async function yamlFlow(text: string, where: string, jsonFailure: unknown): Promise<unknown> {
  const Y = await loadYaml();
  const doc = Y.parseDocument(text, { uniqueKeys: true });
  // Text written as JSON (a quoted key or string first: {"name": x}) gets the JSON error, which
  // names the place; only a flow mapping in YAML's own style ({entityId: abc}) is read as YAML.
  if (doc.errors.length || /^\s*("|[[{]\s*")/.test(text)) throw jsonError(text, where, jsonFailure);
  return boundedToJS(Y, doc, where);
}

function yamlOrJson(text: string, where: string, preferYaml: boolean): Promise<unknown> | unknown {
  const trimmed = text.trim();
  if (!preferYaml || /^[[{]/.test(trimmed)) {
    try {
      return JSON.parse(text);
    } catch (e) {
      // Not JSON: a YAML flow mapping or sequence ({entityId: abc}) is still "JSON or YAML".
      // Text that YAML cannot read either gets the JSON error, which names the place.
      if (!preferYaml && /^[[{"]/.test(trimmed)) return yamlFlow(text, where, e);
    }
  }
  return loadYaml().then((Y) => {
    const lc = new Y.LineCounter();
    const doc = Y.parseDocument(text, { prettyErrors: true, uniqueKeys: true, lineCounter: lc });
    if (doc.errors.length) {
      const err = doc.errors[0]!;
      const pos = err.linePos?.[0];
      const message = err.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      throw new UsageError(`${where}${pos ? `:${pos.line}:${pos.col}` : ''}: invalid ${preferYaml ? 'YAML' : 'JSON or YAML'}: ${message}`);
    }
    return boundedToJS(Y, doc, where, (o) => lc.linePos(o));
  });
}

/** Nesting deeper than any request body: refused before a recursive walk of it overflows the stack. */
const MAX_DEPTH = 1000;

/** The value unchanged, or a usage error naming `where` when it nests deeper than MAX_DEPTH (walked without recursion). */
export function withinDepth<T>(value: T, where: string): T {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) throw new UsageError(`${where}: nested more than ${MAX_DEPTH} levels deep`);
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return value;
}

/** Parsed, then checked for depth; a parser that overflows on the way is the same usage error. */
async function parsedWithin(text: string, where: string, preferYaml: boolean): Promise<unknown> {
  try {
    return withinDepth(await yamlOrJson(text, where, preferYaml), where);
  } catch (e) {
    if (e instanceof RangeError || (e instanceof UsageError && /Maximum call stack/.test(e.message))) throw new UsageError(`${where}: nested more than ${MAX_DEPTH} levels deep`);
    throw e;
  }
}

/** Reads and parses a JSON or YAML file ('-' for stdin). */
export async function readStructured(path: string, readStdin: () => Promise<string>): Promise<unknown> {
  let text: string;
  const where = path === '-' ? 'stdin' : path;
  if (path === '-') text = await readStdin();
  else {
    checkDocumentSize(path);
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new UsageError(`${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : (e as Error).message}`);
    }
  }
  if (text.trim() === '') throw new UsageError(`${where}: the file is empty`);
  if (path === '-') checkDocumentSize(where, Buffer.byteLength(text));
  const yaml = /\.ya?ml$/i.test(path) || (path === '-' && !/^\s*[[{]/.test(text));
  return await parsedWithin(text, where, yaml);
}

export async function parseObjectText(text: string, where: string): Promise<unknown> {
  return await parsedWithin(text, where, !/^\s*[[{"]/.test(text));
}

function typeName(t: FieldType): string {
  return { string: 'a string', integer: 'an integer', number: 'a number', boolean: 'true or false', 'string[]': 'a list of strings', object: 'an object', array: 'a list', any: 'a value' }[t];
}

export function checkEnum(where: string, value: string, allowed: readonly string[] | undefined): void {
  if (allowed && !allowed.includes(value)) {
    throw new UsageError(`${where}: invalid value '${value}' (allowed: ${allowed.join(', ')})`);
  }
}

/** Converts a flag's raw text (or texts, when repeated) to the field's type. */
export async function parseFlagValue(f: FieldSpec, raw: unknown): Promise<unknown> {
  const where = `--${flagOf(f)}`;
  if (f.type === 'boolean') return Boolean(raw);
  if (f.type === 'string[]') {
    const parts = (Array.isArray(raw) ? raw : [raw])
      .flatMap((v) => String(v).split(','))
      .map((s) => s.trim())
      .filter(Boolean);
    if (f.nullable && parts.length === 1 && parts[0] === 'null') return null;
    for (const p of parts) checkEnum(where, p, f.enum);
    return parts;
  }
  const text = Array.isArray(raw) ? raw[raw.length - 1] : String(raw);
  if (f.nullable && text === 'null') return null;
  switch (f.type) {
    case 'string':
      checkEnum(where, text, f.enum);
      return text;
    case 'integer':
      if (!/^-?\d+$/.test(text.trim())) throw new UsageError(`${where} must be an integer, got '${text}'`);
      return Number(text);
    case 'number': {
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${where} must be a number, got '${text}'`);
      return n;
    }
    default: {
      let value: unknown;
      if (text.startsWith('@')) value = await readStructured(text.slice(1), async () => '');
      else value = await parseObjectText(text, where);
      checkType(where, value, f);
      return value;
    }
  }
}

/** 'where: path: problem', or 'where[0]: problem' for a list item. */
function problemAt(where: string, p: Problem): string {
  if (!p.path) return `${where}: ${p.message}`;
  return p.path.startsWith('[') ? `${where}${p.path}: ${p.message}` : `${where}: ${p.path}: ${p.message}`;
}

/** Checks a value against a model shape; the first problem is a usage error naming its path. */
export function checkShape(where: string, shape: Shape, value: unknown, options: CheckOptions = {}): void {
  const first = check(shape, value, options)[0];
  if (first) throw new UsageError(problemAt(where, first));
}

/** Checks a value from a file or JSON text against the field's shape (or its declared type). */
export function checkType(where: string, value: unknown, f: FieldSpec): void {
  if (f.shape) {
    checkShape(where, f.nullable ? { ...f.shape, nullable: true } : f.shape, value);
    return;
  }
  if (value === null) {
    if (f.nullable || f.type === 'any') return;
    throw new UsageError(`${where}: must be ${typeName(f.type)}, not null`);
  }
  const ok = (() => {
    switch (f.type) {
      case 'string':
        return typeof value === 'string';
      case 'integer':
        return Number.isInteger(value);
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'string[]':
        return Array.isArray(value) && value.every((v) => typeof v === 'string');
      case 'object':
        return typeof value === 'object' && !Array.isArray(value);
      case 'array':
        return Array.isArray(value);
      default:
        return true;
    }
  })();
  if (!ok) throw new UsageError(`${where}: must be ${typeName(f.type)}, got ${Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : JSON.stringify(value)}`);
  if (typeof value === 'string') checkEnum(where, value, f.enum);
  if (Array.isArray(value) && f.type === 'string[]') for (const v of value) checkEnum(where, v as string, f.enum);
}

/** gh-style typed value for --set and `api -F`: true, false, null, numbers, else a string. */
export function typedValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(text) && String(Number(text)) === text) return Number(text);
  if (/^[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      /* a string after all */
    }
  }
  return text;
}

export function getDotted(target: Record<string, unknown>, path: string): unknown {
  let cur: unknown = target;
  for (const k of path.split('.')) {
    if (!cur || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

export function setDotted(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  if (keys.some((k) => k === '' || k === '__proto__' || k === 'constructor' || k === 'prototype')) throw new UsageError(`invalid field path '${path}'`);
  let cur = target;
  for (const k of keys.slice(0, -1)) {
    if (!cur[k] || typeof cur[k] !== 'object' || Array.isArray(cur[k])) cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[keys[keys.length - 1]!] = value;
}

export function parseAssignment(text: string, flag: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`${flag} expects key=value, got '${text}'`);
  return [text.slice(0, eq), text.slice(eq + 1)];
}

export async function readIdsFromStdin(readStdin: () => Promise<string>): Promise<string[]> {
  const text = await readStdin();
  const ids = text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith('#'));
  return ids;
}
