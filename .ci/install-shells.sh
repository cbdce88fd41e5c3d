#!/bin/sh
# Installs zsh and fish for the completion tests (test/e2e/completion.test.ts), jq, which two
# help examples pipe into (test/e2e/help-examples.test.ts), and man (man-db), which renders the
# man page in test/e2e/help-topics.test.ts, tmux, the real terminal test/e2e/console-tmux.test.ts
# drives the console in, and PyYAML (python3-yaml), the YAML 1.1 reader that
# test/faults/readers.test.ts opens agnt's YAML with. Idempotent: does nothing when all are there.
set -eu
missing=""
command -v zsh >/dev/null 2>&1 || missing="$missing zsh"
command -v fish >/dev/null 2>&1 || missing="$missing fish"
command -v jq >/dev/null 2>&1 || missing="$missing jq"
command -v man >/dev/null 2>&1 || missing="$missing man-db"
command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
python3 -c 'import yaml' >/dev/null 2>&1 || missing="$missing python3-yaml"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
else
  SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
