import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agnt, agntJson, withSandbox } from '../helpers.ts';

let sb: Awaited<ReturnType<typeof withSandbox>>;
beforeAll(async () => {
  sb = await withSandbox();
});
afterAll(async () => {
  await sb.dispose();
});

describe('users', () => {
  it('users me prints the caller', async () => {
    const me = await agntJson(['users', 'me'], { sb });
    expect(me).toMatchObject({ id: 'usr_admin', email: 'admin@acme.test' });
  });

  it('users list as a table has the default columns', async () => {
    const r = await agnt(['users', 'list'], { sb });
    expect(r.exitCode).toBe(0);
    const [header, ...rows] = r.stdout.trim().split('\n');
    expect(header).toMatch(/^ID\s+NAME\s+EMAIL\s+ORG_ROLE\s+TEAM_ROLE\s+STATUS$/);
    expect(rows.some((l) => /^usr_admin\s+Ada Admin\s+admin@acme\.test\s+admin\s+owner\s+active$/.test(l))).toBe(true);
  });
});
