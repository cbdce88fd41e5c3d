// The OpenAPI document carries every answer's shape: no success answer is `{ok}` alone where the
// model (from the seeds) gives its fields, such as the upload URL, users provision, onboarding
// run and finalize, and the coordinator and coverage dashboards.
import { describe, expect, it } from 'vitest';
import { loadAll } from '../../src/api/index.ts';
import { agnt } from '../support/helpers.ts';

describe('OpenAPI answers', () => {
  it('every success answer with fields in the model lists them', async () => {
    const r = await agnt(['api', 'spec', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    const okAlone: string[] = [];
    for (const area of await loadAll()) {
      for (const e of area.endpoints) {
        if (!e.result || e.envelope === 'empty') continue;
        const responses = doc.paths[e.path][e.method.toLowerCase()].responses as Record<string, any>;
        for (const [status, res] of Object.entries(responses)) {
          if (!status.startsWith('2')) continue;
          const schema = res.content?.['application/json']?.schema;
          if (schema && !schema.allOf && schema.properties && Object.keys(schema.properties).join() === 'ok') okAlone.push(`${e.method} ${e.path}`);
        }
      }
    }
    expect(okAlone).toEqual([]);
    const run = doc.paths['/onboarding/run'].post.responses;
    const ok = (run['202'] ?? run['200']).content['application/json'].schema;
    expect(Object.keys(ok.properties ?? {})).toEqual(expect.arrayContaining(['ok', 'sessionId', 'status']));
  });

  it('a 204 carries no body, and endpoints that read a JSON body list the 415 the sandbox returns', async () => {
    const doc = JSON.parse((await agnt(['api', 'spec', '-o', 'json'])).stdout);
    const cur = doc.paths['/onboarding/sessions/current-or-latest'].get.responses;
    expect(cur['204']).toEqual({ description: 'no content' });
    expect(cur['200'].content).toBeDefined();
    expect(doc.paths['/contacts'].post.responses['415']).toBeDefined();
    expect(doc.paths['/users/me'].get.responses['415']).toBeUndefined();
  });
});
