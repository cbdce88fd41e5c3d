// One API, three faces: every endpoint of the model (src/api) has a command in the catalogue
// (`agnt commands --json`) and a route in the sandbox, and neither has one the model lacks.
import { describe, expect, it } from 'vitest';
import { loadAll } from '../../src/api/index.ts';
import { agnt, agntJson, sandboxForFile } from '../support/helpers.ts';

const sb = sandboxForFile();

// Parameter names may differ between the catalogue and the model; the place of a parameter may not.
const shape = (method: string, path: string) => `${method} ${path.replace(/\{[^}]+\}/g, '{}')}`;

describe('the API model, the catalogue and the sandbox', () => {
  it('every endpoint, each with a command and a sandbox route', async () => {
    // How many there are is test/unit/api-model.test.ts's (the model against the seeds).
    const endpoints = (await loadAll()).flatMap((a) => a.endpoints);
    expect(endpoints.length).toBeGreaterThan(0);
    expect(new Set(endpoints.map((e) => e.id)).size).toBe(endpoints.length);
    expect(new Set(endpoints.map((e) => `${e.method} ${e.path}`)).size).toBe(endpoints.length);

    const catalogue = await agntJson<Array<{ command: string; endpoints: string[] }>>(['commands', '--json']);
    const commanded = new Set(catalogue.flatMap((r) => r.endpoints.map((e) => shape(...(e.split(' ') as [string, string])))));
    expect(endpoints.filter((e) => !commanded.has(shape(e.method, e.path))).map((e) => e.id)).toEqual([]);

    // The routes are keyed by endpoint id (a route the model lacks cannot be registered).
    const served = new Set(sb.router.served());
    expect(endpoints.filter((e) => !served.has(e.id)).map((e) => e.id)).toEqual([]);
    expect(served.size).toBe(endpoints.length);
    const routes = sb.router.list();
    expect(routes.filter((r) => r.id === undefined).map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /_presigned/drive/{key}', 'GET /_presigned/drive/{key}']);
  });

  it('the sandbox checks a request against the model: 400 naming the field path, nothing changed', async () => {
    const before = sb.store.all('coverageSpans').length;
    const r = await agnt(['api', 'POST', '/coverage-spans', '--file', '-'], {
      sb,
      as: 'coordinator',
      input: JSON.stringify({ startAt: '2026-12-01T09:00:00Z', endAt: '2026-12-02T09:00:00Z', principals: [{ backupCoordinator: 'usr_backup' }] }),
    });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toBe('error: principals[0].principal: is required (HTTP 400, AGNT_E_VALIDATION)\n');
    expect(sb.store.all('coverageSpans').length).toBe(before);
    const q = await agnt(['api', 'GET', '/coverage-spans', '-f', 'status=nonsense'], { sb, as: 'coordinator' });
    expect(q.exitCode).toBe(5);
    expect(q.stderr).toMatch(/^error: query parameter status: invalid value 'nonsense' \(allowed: [a-z_, ]+\) \(HTTP 400, AGNT_E_VALIDATION\)\n$/);
  });
});
