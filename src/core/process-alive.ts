// Whether a process on this machine still runs: for a lock's holder (file-lock.ts) and for a
// sandbox asked to stop (sandbox stop).
import { readFileSync } from 'node:fs';

/**
 * Signal 0 only asks; EPERM: it runs as another user. One that has exited but is not yet reaped
 * (a zombie: `agnt sandbox start &` in a script that never waits) has exited.
 */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !zombie(pid);
}

function zombie(pid: number): boolean {
  try {
    // /proc/PID/stat: "pid (comm) S ...", the state after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) === 'Z';
  } catch {
    // No /proc (macOS): ask ps. node:child_process is taken here, not imported: this module is
    // part of the start-up chunk (file locks), and loading it cost every command ~2 ms.
    const r = process.getBuiltinModule('node:child_process').spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' });
    return r.status === 0 && r.stdout.trim().startsWith('Z');
  }
}
