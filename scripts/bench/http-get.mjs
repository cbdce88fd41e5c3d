// Baseline for `agnt users me --json`: the same GET with node:http and nothing else.
import { request } from 'node:http';

const url = new URL('/users/me', process.env.AGNT_BASE_URL);
request(url, { headers: { authorization: `Bearer ${process.env.AGNT_TOKEN}`, accept: 'application/json' } }, (res) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (d) => (text += d));
  res.on('end', () => process.stdout.write(`${JSON.stringify(JSON.parse(text).user)}\n`));
}).end();
