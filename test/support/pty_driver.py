#!/usr/bin/env python3
"""Runs a command in a pseudo-terminal and answers its prompts (no npm package needed).

argv[1] is JSON: {"cmd": [...], "env": {...}, "steps": [[regex, [keys...]], ...], "timeout": s}.
Each step waits until the regex appears in the output seen since the previous step (terminal
escape sequences removed), then writes the keys one by one. Prints JSON {output, exitCode}.
"""
import json, os, pty, re, select, sys, time

spec = json.loads(sys.argv[1])
timeout = spec.get("timeout", 20)
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Za-z0-9]|\x1b[=>]")

pid, fd = pty.fork()
if pid == 0:
    env = dict(os.environ)
    for k, v in spec.get("env", {}).items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    os.execvpe(spec["cmd"][0], spec["cmd"], env)

raw = b""
seen = 0
deadline = time.time() + timeout


def pump(wait):
    global raw
    r, _, _ = select.select([fd], [], [], wait)
    if not r:
        return True
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        return False
    if not chunk:
        return False
    raw += chunk
    return True


def text():
    return ANSI.sub("", raw.decode("utf-8", "replace"))


failed = None
for pattern, keys in spec.get("steps", []):
    rx = re.compile(pattern)
    while True:
        m = rx.search(text(), seen)
        if m:
            seen = m.end()
            break
        if time.time() > deadline or not pump(0.1):
            failed = f"timed out waiting for /{pattern}/"
            break
    if failed:
        break
    for k in keys:
        time.sleep(0.15)
        os.write(fd, k.encode())

while time.time() < deadline and pump(0.2):
    pass
try:
    _, status = os.waitpid(pid, os.WNOHANG if failed else 0)
    code = os.waitstatus_to_exitcode(status) if status or not failed else -1
except ChildProcessError:
    code = -1
if failed:
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        pass
print(json.dumps({"output": text(), "exitCode": code, "error": failed}))
