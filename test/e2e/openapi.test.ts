// The OpenAPI document: `agnt api spec` prints it from the model, docs/openapi.yaml is the same
// text, it has one operation per endpoint of the model, and a well-kept linter finds
// nothing in it.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadAll } from '../../src/api/index.ts';
import { agnt, cleanEnv } from '../support/helpers.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DOC = join(ROOT, 'docs', 'openapi.yaml');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operations(doc: any): Array<{ method: string; path: string; id: string }> {
  return Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]) => ({ method: m.toUpperCase(), path, id: op.operationId })),
  );
}

describe('agnt api spec', () => {
  it('prints the OpenAPI 3.1 document: one operation per endpoint of the model, its id the operationId', async () => {
    const model = (await loadAll()).flatMap((a) => a.endpoints.map((e) => ({ method: e.method, path: e.path, id: e.id })));
    const r = await agnt(['api', 'spec', '-o', 'json']);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.openapi).toBe('3.1.0');
    const ops = operations(doc);
    expect(ops.length).toBe(model.length);
    const key = (o: { method: string; path: string; id: string }) => `${o.id} ${o.method} ${o.path}`;
    expect(ops.map(key).sort()).toEqual(model.map(key).sort());
    // Public endpoints take no token; the others need the bearer token.
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/users/me'].get.security).toBeUndefined();
    expect(doc.paths['/team-invitations/{invitationId}'].get.security).toEqual([]);
    // Resources are schemas, server-set fields read-only, and results refer to them.
    expect(doc.components.schemas.OrganizationsOrganization.properties.id.readOnly).toBe(true);
    expect(doc.paths['/organizations/{orgId}'].get.responses['200'].content['application/json'].schema.properties.organization).toEqual({
      $ref: '#/components/schemas/OrganizationsOrganization',
    });
  });

  it('prints YAML by default, the same document as docs/openapi.yaml', async () => {
    const r = await agnt(['api', 'spec']);
    expect(r.exitCode).toBe(0);
    expect(parse(r.stdout).openapi).toBe('3.1.0');
    const committed = readFileSync(DOC, 'utf8');
    expect(committed === r.stdout, 'docs/openapi.yaml is stale: run `npm run build` and commit it').toBe(true);
  });

  it('--query and --fields pick from the document, as from any answer', async () => {
    const count = await agnt(['api', 'spec', '--query', 'length(keys(paths))']);
    expect(count).toMatchObject({ stderr: '', exitCode: 0 });
    expect(Number(count.stdout)).toBe(Object.keys(parse(readFileSync(DOC, 'utf8')).paths).length);
    const title = await agnt(['api', 'spec', '-o', 'json', '--fields', 'info.title']);
    expect(JSON.parse(title.stdout)).toEqual({ info: { title: 'Assistant Platform API' } });
    // A function given the wrong type on this document is named, exit 2.
    const wrong = await agnt(['api', 'spec', '--query', 'keys(nothere)']);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toMatch(/^error: --query "keys\(nothere\)" failed on the answer: .*keys\(\)/);
  });

  it('refuses an output format that cannot hold it', async () => {
    const r = await agnt(['api', 'spec', '-o', 'csv']);
    expect(r).toEqual({ stdout: '', stderr: 'error: api spec writes yaml or json, not csv\n', exitCode: 2 });
  });

  it('docs/openapi.yaml lints clean with redocly (recommended rules): no error, no warning', async () => {
    const bin = join(ROOT, 'node_modules', '.bin', 'redocly');
    const r = await execa(bin, ['lint', DOC, '--format', 'json'], {
      cwd: ROOT,
      reject: false,
      env: { ...cleanEnv(), REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      extendEnv: true,
      timeout: 120_000,
    });
    const out = String(r.stdout);
    const report = JSON.parse(out.slice(out.indexOf('{')));
    const problems = (report.problems as Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>).map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`,
    );
    expect(problems).toEqual([]);
    expect(r.exitCode).toBe(0);
  }, 180_000);
});
