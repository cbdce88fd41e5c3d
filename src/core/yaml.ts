// yaml is CommonJS under Node; behind the bundle's dynamic import its functions may sit on
// `default`. One loader, so every caller gets the same module.
import { statSync } from 'node:fs';
import { UsageError } from './errors.ts';

type YamlModule = typeof import('yaml');

let cached: YamlModule | undefined;

export async function loadYaml(): Promise<YamlModule> {
  if (!cached) {
    const mod = (await import('yaml')) as YamlModule & { default?: YamlModule };
    cached = typeof mod.stringify === 'function' ? mod : (mod.default as YamlModule);
  }
  return cached;
}

// A JSON or YAML document (an organization document, a --file body, an SSO file) larger than
// this is refused before it is read: the parser's tree takes tens of times the text's size, and
// a 50 MB document would exhaust the heap. Batch row files are not documents: they stream or
// are read whole as lists, and are not held to this.
export const MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;
// Aliases a document may expand (yaml's own bound against "billion laughs").
export const MAX_ALIAS_COUNT = 100;

/** Refuses a file larger than a document may be, naming it and the limit (exit 2). */
export function checkDocumentSize(path: string, bytes?: number): void {
  let size = bytes;
  if (size === undefined) {
    try {
      size = statSync(path).size;
    } catch {
      return; // the read that follows says why it cannot be read
    }
  }
  if (size > MAX_DOCUMENT_BYTES) throw new UsageError(`${path}: ${(size / 1024 / 1024).toFixed(1)} MB is larger than a document may be (${MAX_DOCUMENT_BYTES / 1024 / 1024} MB)`);
}

type Doc = ReturnType<YamlModule['parseDocument']>;

/**
 * The document's value with alias expansion bounded: an alias bomb is a usage error naming the
 * file and the place of its first alias, not an exception without a name.
 */
export function boundedToJS(Y: YamlModule, doc: Doc, where: string, linePos?: (offset: number) => { line: number; col: number }): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    if (!(e instanceof ReferenceError) || !/alias/i.test(e.message)) throw e;
    let at: number | undefined;
    Y.visit(doc, {
      Alias(_key, node) {
        at = node.range?.[0];
        return Y.visit.BREAK;
      },
    });
    const pos = at !== undefined && linePos ? linePos(at) : undefined;
    throw new UsageError(`${where}${pos ? `:${pos.line}:${pos.col}` : ''}: aliases expand past the limit (${MAX_ALIAS_COUNT}): refused as a resource exhaustion attack`);
  }
}
