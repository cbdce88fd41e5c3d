// `npm run demo`: starts the embedded sandbox, runs a handful of real agnt commands against
// it, shows what they print, and stops it. Nothing touches your own agnt profiles.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = join(import.meta.dirname, '..');
const bin = join(root, 'bin', 'agnt.js');
if (!existsSync(join(root, 'dist', 'cli.js'))) spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });

const configDir = mkdtempSync(join(tmpdir(), 'agnt-demo-'));
const sandbox = spawn(process.execPath, [bin, 'sandbox', 'start', '--json', '--no-profile', '--quiet'], {
  env: { ...process.env, AGNT_CONFIG_DIR: configDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const { baseUrl, tokens } = await new Promise((resolve, reject) => {
  createInterface({ input: sandbox.stdout }).once('line', (line) => resolve(JSON.parse(line)));
  sandbox.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it was ready`)));
});

const bold = process.stdout.isTTY && !process.env.NO_COLOR ? (s) => `\x1b[1m${s}\x1b[0m` : (s) => s;
function agnt(args, { as = 'admin', input } = {}) {
  process.stdout.write(`\n${bold(`$ agnt ${args.map((a) => (/[\s'"|*[\]]/.test(a) ? `'${a}'` : a)).join(' ')}`)}${as !== 'admin' ? `   # as the ${as}` : ''}\n`);
  const r = spawnSync(process.execPath, [bin, ...args], {
    env: { ...process.env, AGNT_CONFIG_DIR: configDir, AGNT_BASE_URL: baseUrl, AGNT_TOKEN: tokens[as] },
    input,
    encoding: 'utf8',
  });
  process.stdout.write(r.stdout);
  if (r.stderr) process.stdout.write(r.stderr);
  if (r.status !== 0) throw new Error(`agnt ${args.join(' ')} exited ${r.status}`);
  return r.stdout.trim();
}

let failed = false;
try {
  console.log(`Sandbox running at ${baseUrl} (tokens for admin, coordinator, manager, member, ...)`);
  agnt(['users', 'me', '--fields', 'id,name,email,organizationRole,team.name']);
  agnt(['users', 'list']);
  agnt(['contacts', 'create', '--email', 'jo@example.test', '--name', 'Jo Doe', '--company', 'Example Inc', '--tags', 'vip', '-o', 'id']);
  agnt(['contacts', 'list', '--tags', 'vip']);
  const chat = agnt(['chats', 'create', '--assistant-id', 'ast_ava', '--title', 'Demo', '-o', 'id']);
  agnt(['chats', 'process', chat, '--content', '-', '--fields', 'message.role,message.content,taskIds'], { input: 'Find a slot for lunch with Jo next week\n' });
  agnt(['delegations', 'list'], { as: 'coordinator' });
  agnt(['coordinator', 'dashboard'], { as: 'coordinator' });
  agnt(['users', 'list', '--all', '--per-page', '3', '-o', 'jsonl', '--query', '[].{id: id, email: email}']);
  agnt(['users', 'update', 'usr_member', '--status', 'suspended', '--dry-run']);
  console.log('\nDone. Try it yourself: `agnt sandbox start` in one terminal, then `agnt --profile sandbox users me` in another.');
} catch (e) {
  failed = true;
  console.error(`demo failed: ${e.message}`);
} finally {
  sandbox.kill('SIGTERM');
  rmSync(configDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
