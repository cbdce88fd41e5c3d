// prism-check files each violation Prism reports under the request or the answer: the entries of
// a 422 problem body (located `body`, `query`, `path`, `header`) are the request's.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a script module without types
import { violationsOf } from '../../scripts/prism-violations.mjs';

const problem = (status: number, validation: unknown[]) => [
  { statusCode: status, headers: { 'content-type': 'application/problem+json' } },
  JSON.stringify({ type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY', title: 'Invalid request', status, validation }),
];

describe('violationsOf', () => {
  it('files a refused request under the request, and an invalid answer under the answer', () => {
    const [a, t] = problem(422, [
      { location: ['query', 'perPage'], severity: 'Error', message: 'must be <= 100' },
      { location: ['body'], severity: 'Error', message: "must have required property 'email'" },
    ]);
    expect(violationsOf(a, t).map((v: { where: string }) => v.where)).toEqual(['request', 'request']);
    const header = {
      statusCode: 200,
      headers: {
        'sl-violations': JSON.stringify([
          { location: ['response', 'body'], severity: 'Error', message: 'must be object' },
          { location: ['request', 'query'], severity: 'Warning', message: 'x' },
        ]),
      },
    };
    expect(violationsOf(header, '').map((v: { where: string }) => v.where)).toEqual(['response', 'request']);
    const [b, u] = problem(500, [{ location: ['response', 'body', 'id'], severity: 'Error', message: 'must be string' }]);
    expect(violationsOf(b, u).map((v: { where: string }) => v.where)).toEqual(['response']);
  });
});
