// Checks shared by the e2e tests of several areas.
import { expect } from 'vitest';
import type { AreaSpec } from '../../src/core/spec.ts';
import type { LoggedRequest, Sandbox } from '../../src/sandbox/server.ts';
import { agnt } from '../support/helpers.ts';

/** The requests the sandbox served with this method on a path matching the pattern. */
export function requestsTo(sb: Sandbox, method: string, path: RegExp): LoggedRequest[] {
  return sb.requests.filter((r) => r.method === method && path.test(r.path));
}

/** Every command's --help names its endpoint and shows its examples (contract section 1). */
export async function expectHelpForEvery(area: AreaSpec): Promise<void> {
  const specs = [...area.commands];
  // A few at a time: the machine is shared.
  while (specs.length) {
    await Promise.all(
      specs.splice(0, 4).map(async (spec) => {
        expect(spec.examples.length, spec.command).toBeGreaterThan(0);
        const r = await agnt([...spec.command.split(' '), '--help']);
        expect(r.exitCode, spec.command).toBe(0);
        expect(r.stdout, spec.command).toContain(`Endpoint:\n  ${spec.endpoint.method} ${spec.endpoint.path}\n`);
        expect(r.stdout, spec.command).toContain(`Examples:\n  $ ${spec.examples[0]}`);
      }),
    );
  }
}
