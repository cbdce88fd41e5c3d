// Checks a document against the shipped JSON Schema (schemas/org.schema.json) with ajv, and
// turns each error into a line, a column and a field path a person can act on.
import schema from '../../../schemas/org.schema.json' with { type: 'json' };

export { schema };

export interface SchemaProblem {
  line: number;
  column: number;
  /** Field path in the document: teams[0].members[2].role */
  path: string;
  message: string;
}

type Locate = (path: Array<string | number>, key?: string) => { line: number; column: number };

let validator: any;

async function compile(): Promise<any> {
  if (validator) return validator;
  const mod: any = await import('ajv');
  const Ajv = mod.default?.default ?? mod.default ?? mod;
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
  validator = ajv.compile(schema);
  return validator;
}

export function fieldPath(path: Array<string | number>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** Edit distance, for "did you mean" on a mistyped key. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
  return d[a.length]![b.length]!;
}

function suggest(key: string, known: string[]): string {
  const best = known.map((k) => [k, distance(key, k)] as const).sort((x, y) => x[1] - y[1])[0];
  return best && best[1] <= Math.max(2, Math.floor(key.length / 3)) ? `; did you mean '${best[0]}'?` : `; known keys: ${known.join(', ')}`;
}

export async function checkSchema(value: unknown, locate: Locate): Promise<SchemaProblem[]> {
  const validate = await compile();
  if (validate(value)) return [];
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const e of validate.errors as any[]) {
    const path: Array<string | number> = e.instancePath
      .split('/')
      .slice(1)
      .map((s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map((s: string) => (/^\d+$/.test(s) ? Number(s) : s));
    let message: string;
    let at: { line: number; column: number };
    let shown = path;
    if (e.keyword === 'additionalProperties') {
      const key = String(e.params.additionalProperty);
      shown = [...path, key];
      at = locate(path, key);
      message = `unknown key '${key}'${suggest(key, Object.keys(e.parentSchema?.properties ?? {}))}`;
    } else if (e.keyword === 'required') {
      at = locate(path);
      message = `missing required key '${e.params.missingProperty}'`;
    } else if (e.keyword === 'enum') {
      at = locate(path);
      message = `must be one of: ${e.params.allowedValues.map((v: unknown) => JSON.stringify(v)).join(', ')}`;
    } else if (e.keyword === 'const') {
      at = locate(path);
      message = `must be ${JSON.stringify(e.params.allowedValue)}`;
    } else if (e.keyword === 'type') {
      at = locate(path);
      message = `must be ${[e.params.type].flat().join(' or ')}`;
    } else if (e.keyword === 'pattern' && /email/.test(e.schemaPath)) {
      at = locate(path);
      message = 'must be an e-mail address';
    } else {
      at = locate(path);
      message = e.message ?? 'is not valid';
    }
    const text = `${fieldPath(shown)}\u0000${message}`;
    if (seen.has(text)) continue;
    seen.add(text);
    problems.push({ ...at, path: fieldPath(shown), message });
  }
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}
