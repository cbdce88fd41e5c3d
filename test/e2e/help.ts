// Every command's --help names its endpoint and shows its examples (contract section 1).
import { expect } from 'vitest';
import type { AreaSpec } from '../../src/core/spec.ts';
import { agnt } from '../helpers.ts';

export async function expectHelpForEvery(area: AreaSpec): Promise<void> {
  const specs = [...area.commands];
  // A few at a time: the machine is shared.
  while (specs.length) {
    await Promise.all(
      specs.splice(0, 4).map(async (spec) => {
        expect(spec.examples.length, spec.command).toBeGreaterThan(0);
        const r = await agnt([...spec.command.split(' '), '--help']);
        expect(r.exitCode, spec.command).toBe(0);
        expect(r.stdout, spec.command).toContain(`Endpoint:\n  ${spec.method} ${spec.path}\n`);
        expect(r.stdout, spec.command).toContain(`Examples:\n  $ ${spec.examples[0]}`);
      }),
    );
  }
}
