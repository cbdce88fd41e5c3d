// `npm run bench -- --only clone`: `agnt sandbox clone --pseudonymize` of organizations of 1,000
// and 5,000 members, against `agnt org export` of the same source. The source plays production:
// it sits behind a proxy adding a 20 ms round trip; the target sandbox is local, behind a proxy
// without delay that counts what the clone sent it. Each line: time and requests of both sides.
//
// The source is seeded through its data file, as the workflows group does: started once to write
// its seed, records appended in the sandbox's own journal format, then started again on it.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { latencyProxy } from './latency-proxy.mjs';

const ROUND_TRIP_MS = 20;

export async function cloneGroup({ node, bin, dir, measure, sandbox, report, log, fmt }) {
  const at = new Date(Date.now() - 86_400_000).toISOString();
  for (const n of [1_000, 5_000]) {
    log(`sandbox clone --pseudonymize of ${n / 1000}k members in 5 teams, source at ${ROUND_TRIP_MS} ms round trip`);
    const data = join(dir, `clone-${n}.data`);
    const first = await sandbox(['--data', data]);
    await first.close();
    const templates = {};
    for (const l of readFileSync(data, 'utf8').split('\n')) {
      if (!l.startsWith('{"c":')) continue;
      const { c, r } = JSON.parse(l);
      if (r) (templates[c] ??= {})[r.id] = r;
    }
    const lines = [];
    const line = (c, r) => lines.push(JSON.stringify({ c, r }));
    const uid = (i) => `usr_c${i.toString(36).padStart(6, '0')}`;
    for (let k = 0; k < 5; k++) line('teams', { ...templates.teams.team_labs, id: `team_c${k}`, name: `Workforce ${k}`, owner: uid(k), createdAt: at, updatedAt: at });
    for (let i = 0; i < n; i++) {
      line('users', {
        ...templates.users.usr_member,
        id: uid(i),
        email: `member.${i}@acme.test`,
        name: `Member ${i}`,
        firstName: 'Member',
        lastName: String(i),
        phone: `+1212${String(5_000_000 + i)}`,
        organizationRole: 'member',
        team: `team_c${i % 5}`,
        teamRole: i < 5 ? 'owner' : 'member',
        createdAt: at,
        updatedAt: at,
      });
    }
    appendFileSync(data, `${lines.join('\n')}\n`);

    const source = await sandbox(['--data', data]);
    const slow = await latencyProxy(source.baseUrl, ROUND_TRIP_MS);
    const target = await sandbox(['--empty']);
    const counted = await latencyProxy(target.baseUrl, 0);
    const config = join(dir, `clone-config-${n}`);
    mkdirSync(config, { recursive: true });
    writeFileSync(join(config, 'config.json'), JSON.stringify({ profiles: { prod: { baseUrl: slow.url, token: source.tokens.admin } } }), { mode: 0o600 });
    const env = { ...source.env, AGNT_CONFIG_DIR: config, AGNT_BASE_URL: undefined, AGNT_TOKEN: undefined, AGNT_SANDBOX_TOKEN: target.controlToken };
    try {
      let mark = slow.mark;
      const exp = await measure(node, [bin, 'org', 'export', 'org_acme', '--profile', 'prod'], { env });
      const expReq = slow.count(mark);
      mark = slow.mark;
      const cl = await measure(node, [bin, 'sandbox', 'clone', '--from-profile', 'prod', 'org_acme', '--pseudonymize', '--mapping', join(config, 'mapping.json'), '--url', counted.url], { env });
      const read = slow.count(mark);
      const sent = counted.count(0);
      const ratio = cl.ms / exp.ms;
      report({
        name: `sandbox clone --pseudonymize, ${n / 1000}k members`,
        vs: 'org export',
        value: `${fmt(ratio)}x (${fmt(cl.ms / 1000)} s, ${read} req read + ${sent} to the sandbox; export ${fmt(exp.ms / 1000)} s, ${expReq} req)`,
        target: '<= 2x',
        pass: ratio <= 2,
      });
    } finally {
      await counted.close();
      await slow.close();
      await target.close();
      await source.close();
    }
  }
}
