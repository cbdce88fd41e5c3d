// `agnt extension list`: the agnt-NAME programs on PATH, with what each says of itself
// (`agnt-NAME --agnt-metadata` answering {"version", "description"}), and which are shadowed
// by a built-in command or area of the same name (those never run).
import type { Outcome } from '../core/outcome.ts';
import { hostEnv } from '../core/host.ts';
import { execFile } from 'node:child_process';
import { listExtensions } from '../extension/find.ts';

function metadata(path: string): Promise<{ version?: string; description?: string }> {
  return new Promise((resolve) => {
    execFile(path, ['--agnt-metadata'], { timeout: 3000, env: { ...hostEnv(), AGNT_TOKEN: undefined } }, (err, stdout) => {
      if (err) return resolve({});
      try {
        const m = JSON.parse(String(stdout)) as { version?: unknown; description?: unknown };
        resolve({ version: typeof m.version === 'string' ? m.version : undefined, description: typeof m.description === 'string' ? m.description : undefined });
      } catch {
        resolve({});
      }
    });
  });
}

export async function list(isCommand: (word: string) => boolean): Promise<Outcome> {
  const rows = await Promise.all(
    listExtensions().map(async (e) => {
      const m = await metadata(e.path);
      return { name: e.name, path: e.path, version: m.version ?? null, description: m.description ?? null, shadowed: isCommand(e.name) };
    }),
  );
  return {
    data: rows,
    columns: [{ path: 'name' }, { path: 'version' }, { path: 'path' }, { path: 'description' }],
    warnings: rows.filter((r) => r.shadowed).map((r) => `${r.path} is shadowed by the built-in command '${r.name}' and never runs; rename it`),
  };
}
