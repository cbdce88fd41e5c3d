// The bundle's entry. `agnt --version` is answered here, before commander and the command
// tables are parsed, because it is the command scripts run most often just to probe for agnt.
import { VERSION } from './core/version.ts';

export async function run(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  const cli = await import('./cli.ts');
  await cli.run();
}
