// Variables per environment. One document drives a sandbox, a staging tenant and production;
// what differs between them (a domain, an SSO URL, a bucket) is written `${var:NAME}` and given by
// `--var NAME=VALUE` (repeatable) or `--vars FILE` (a YAML mapping; --var wins). They are put in
// after the document is parsed, value by value, so a value is only ever a string in its place,
// never YAML structure. A variable the document uses and nobody gave is exit 2, naming it, before
// any request. Secrets stay `${env:NAME}` (secrets.ts): a variable is not a secret.
import { readFileSync } from 'node:fs';
import { UsageError } from '../../core/errors.ts';
import { fieldPath } from './schema.ts';

export type Vars = Record<string, string>;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const REF = /\$\{var:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The variables of a command line: --vars FILE, then each --var NAME=VALUE over it. */
export async function variablesOf(opts: Record<string, unknown>): Promise<Vars> {
  const out: Vars = {};
  if (typeof opts.vars === 'string') {
    let text: string;
    try {
      text = readFileSync(opts.vars, 'utf8');
    } catch (e: any) {
      throw new UsageError(`--vars ${opts.vars}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
    }
    const { loadYaml } = await import('../../core/yaml.ts');
    let data: unknown;
    try {
      data = (await loadYaml()).parse(text);
    } catch (e: any) {
      throw new UsageError(`--vars ${opts.vars}: not YAML (${String(e.message).split('\n')[0]})`);
    }
    if (data === null || data === undefined) data = {};
    if (typeof data !== 'object' || Array.isArray(data)) throw new UsageError(`--vars ${opts.vars}: must be a mapping of NAME: value`);
    for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
      if (!NAME.test(k)) throw new UsageError(`--vars ${opts.vars}: '${k}' is not a variable name (letters, digits and _, not starting with a digit)`);
      if (v === null || typeof v === 'object') throw new UsageError(`--vars ${opts.vars}: ${k} must be a string, number or boolean`);
      out[k] = String(v);
    }
  }
  for (const raw of [opts.var ?? []].flat() as string[]) {
    const at = String(raw).indexOf('=');
    const name = at < 0 ? String(raw) : String(raw).slice(0, at);
    if (at < 0 || !NAME.test(name)) throw new UsageError(`--var ${raw}: expected NAME=VALUE (a name of letters, digits and _)`);
    out[name] = String(raw).slice(at + 1);
  }
  return out;
}

/** A copy of a parsed document with every `${var:NAME}` put in; a missing variable is exit 2, naming it. */
export function substituteVariables<T>(value: T, vars: Vars, file: string): T {
  const missing = new Map<string, string>();
  const walk = (v: unknown, path: Array<string | number>): unknown => {
    if (typeof v === 'string') {
      if (!v.includes('${var:')) return v;
      return v.replace(REF, (whole, name: string) => {
        if (Object.hasOwn(vars, name)) return vars[name]!;
        if (!missing.has(name)) missing.set(name, fieldPath(path));
        return whole;
      });
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...path, i]));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, [...path, k])]));
    return v;
  };
  const out = walk(value, []) as T;
  if (missing.size)
    throw new UsageError(
      `${file}: ${[...missing].map(([name, at]) => `\${var:${name}} (${at})`).join(', ')} ${missing.size > 1 ? 'are' : 'is'} not given; nothing was sent`,
      `give ${missing.size > 1 ? 'each' : 'it'} with --var NAME=VALUE, or in a --vars FILE (NAME: value)`,
    );
  return out;
}
