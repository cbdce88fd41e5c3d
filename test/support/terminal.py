"""Runs a command in a pseudo-terminal and types answers when prompts appear.

Usage: python3 test/support/terminal.py '<prompt substring>' '<answer>' [...pairs] -- cmd args...
Prints everything the terminal showed to stdout and exits with the command's exit code.
Used by the end-to-end tests for prompts that need a real terminal (no npm package needed).
"""
import os
import pty
import select
import sys
import time

sep = sys.argv.index('--')
pairs = sys.argv[1:sep]
argv = sys.argv[sep + 1:]
steps = [(pairs[i].encode(), pairs[i + 1]) for i in range(0, len(pairs), 2)]

pid, fd = pty.fork()
if pid == 0:
    os.execvp(argv[0], argv)

seen = b''
searched_from = 0
deadline = time.time() + 25
while time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.1)
    if not ready:
        continue
    try:
        data = os.read(fd, 4096)
    except OSError:
        break
    if not data:
        break
    seen += data
    if steps and steps[0][0] in seen[searched_from:]:
        searched_from = len(seen)
        answer = steps.pop(0)[1]
        time.sleep(0.1)
        os.write(fd, answer.encode() + b'\r')

_, status = os.waitpid(pid, 0)
sys.stdout.write(seen.decode('utf-8', 'replace'))
sys.exit(os.waitstatus_to_exitcode(status))
