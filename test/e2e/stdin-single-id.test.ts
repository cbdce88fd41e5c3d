// Single-id commands take '-' as "read the id from stdin", like the multi-id ones; '-' is never
// sent as an id.
import { describe, expect, it } from 'vitest';
import { agnt, sandboxForFile } from '../support/helpers.ts';

const sb = sandboxForFile();

describe("'-' for a single id", () => {
  it('reads the one id from stdin; none or several is exit 2 before any request', async () => {
    const got = await agnt(['users', 'get', '-', '-o', 'id'], { sb, input: 'usr_manager\n' });
    expect(got.exitCode, got.stderr).toBe(0);
    expect(got.stdout).toBe('usr_manager\n');
    const mark = sb.requests.length;
    const two = await agnt(['users', 'get', '-'], { sb, input: 'usr_admin\nusr_manager\n' });
    expect(two.exitCode).toBe(2);
    expect(two.stderr).toBe("error: userId '-' reads one id from standard input, which held 2 ids\n");
    const none = await agnt(['users', 'get', '-'], { sb, input: '' });
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toBe("error: userId '-' reads one id from standard input, which held none\n");
    expect(sb.requests.slice(mark)).toEqual([]);
    expect(sb.requests.some((r) => r.path.endsWith('/-'))).toBe(false);
  });
});
