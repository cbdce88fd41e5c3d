// What one answer through Prism says about violations, each filed under the request or the
// answer (used by prism-check.mjs). Prism lists them in the `sl-violations` header, each with a
// location that starts with `request` or `response`; with --errors it answers a request it
// refuses (422) or an answer it finds invalid (500) with a problem body whose `validation`
// entries are located in the request as `body`, `query`, `path` or `header`, without the
// `request` word: those are the request's, not the answer's.

/** The violations of one answer: { location, severity, message, where: 'request' | 'response' }. */
export function violationsOf(answer, text) {
  const found = [];
  try {
    if (answer.headers['sl-violations']) for (const v of JSON.parse(answer.headers['sl-violations'])) found.push({ ...v, where: v.location?.[0] === 'request' ? 'request' : 'response' });
  } catch {
    found.push({ location: ['response'], severity: 'Error', message: `unreadable sl-violations header: ${answer.headers['sl-violations']}`, where: 'response' });
  }
  if (String(answer.headers['content-type']).startsWith('application/problem+json')) {
    try {
      const problem = JSON.parse(text);
      if (String(problem.type).startsWith('https://stoplight.io/prism/errors#')) {
        if (problem.validation?.length) for (const v of problem.validation) found.push({ ...v, where: v.location?.[0] === 'response' ? 'response' : 'request' });
        else found.push({ location: ['request'], severity: 'Error', message: `${problem.title}: ${problem.detail ?? ''}`.trim(), where: 'request' });
      }
    } catch {
      // Not Prism's problem body.
    }
  }
  // The header and the body may list the same entry.
  const byKey = new Map(found.map((v) => [`${v.where} ${v.location?.join('.')} ${v.message}`, v]));
  return [...byKey.values()];
}
