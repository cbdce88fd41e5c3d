// The baseline for `agnt users me --json`: the same GET with Node's fetch and nothing else.
const res = await fetch(`${process.env.AGNT_BASE_URL}/users/me`, { headers: { authorization: `Bearer ${process.env.AGNT_TOKEN}` } });
const body = await res.json();
process.stdout.write(`${JSON.stringify(body.user)}\n`);
