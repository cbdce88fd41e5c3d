// A fault rule with a delay alone answers with the real answer, late: the request (its body
// included) reaches the sandbox unchanged.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bench, type Bench } from './setup.ts';

let b: Bench;
beforeAll(async () => {
  b = await bench();
});
afterAll(async () => {
  await b.dispose();
});

it('a delay alone passes a POST body through', async () => {
  const rule = await b.fault({ method: 'POST', path: '/contacts', delay: 50 });
  const res = await b.run(['contacts', 'create', '--email', 'late@acme.test', '-o', 'json']);
  expect(res.stderr).toBe('');
  expect(res.exitCode).toBe(0);
  expect(JSON.parse(res.stdout)).toMatchObject({ email: 'late@acme.test' });
  expect(b.rule(rule.id).hits).toBe(1);
  const sent = b.sent('POST', '/contacts');
  expect(sent).toHaveLength(1);
  expect(sent[0]!.status).toBe(201);
});
