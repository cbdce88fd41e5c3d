// Generates the bash, zsh and fish completion scripts from the command tree. The tree is written
// into each script as data (commands, aliases, flags, values), so completing commands, flags and
// enum values costs the shell no process; only ids call back into `agnt __complete`, which asks
// the server. Output depends on the tree alone (no time, path or environment), so that the
// committed scripts can be compared with a fresh build.
import type { Command } from 'commander';
import { globalFlags, offeredFlags, shadowedGlobals } from './engine.ts';
import { modelOf, type FlagInfo, type Node, type ValueKind } from './model.ts';

import { EMPTY_WORD, type Shell } from './shells.ts';

export { SCRIPT_FILES, SHELLS, type Shell } from './shells.ts';

export function completionScript(program: Command, shell: Shell): string {
  const root = modelOf(program);
  if (shell === 'bash') return bash(root);
  if (shell === 'zsh') return zsh(root);
  if (shell === 'powershell') return powershell();
  return fish(root);
}

// ---------------------------------------------------------------------------------------------
// PowerShell: every TAB asks `agnt __complete` (commands, flags, values, ids); where it offers
// nothing (a file argument, a free value) PowerShell's own path completion takes over.

function powershell(): string {
  return `${HEADER('powershell', 'agnt completion powershell | Out-String | Invoke-Expression   # in $PROFILE')}

Register-ArgumentCompleter -Native -CommandName agnt -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    # The words after \`agnt\` up to the cursor, the one being typed last ('' when it is empty).
    $words = @($commandAst.CommandElements | Select-Object -Skip 1 |
        Where-Object { $_.Extent.StartOffset -lt $cursorPosition } |
        ForEach-Object { $_.Extent.Text })
    if ($wordToComplete -eq '') { $words += '${EMPTY_WORD}' }
    $lines = @(& agnt __complete -- @words 2>$null)
    foreach ($line in $lines) {
        if (-not $line) { continue }
        $parts = $line -split "\`t", 2
        $value = $parts[0]
        $tip = if ($parts.Count -gt 1 -and $parts[1]) { $parts[1] } else { $value }
        $type = if ($value.StartsWith('-')) { 'ParameterName' } else { 'ParameterValue' }
        [System.Management.Automation.CompletionResult]::new($value, $value, $type, $tip)
    }
}
`;
}

/** Visible nodes, root first, depth first. */
function nodes(root: Node): Node[] {
  const out: Node[] = [];
  const visit = (n: Node) => {
    out.push(n);
    for (const c of n.children) if (!c.hidden) visit(c);
  };
  visit(root);
  return out;
}

const key = (n: Node) => n.path.join(' ');
const visibleChildren = (n: Node) => n.children.filter((c) => !c.hidden);
const visibleFlags = (flags: FlagInfo[]) => flags.filter((f) => !f.hidden && f.long);

/**
 * The flags listed in a node's entry, and whether that list is complete. Most commands list only
 * their own and the script adds the global ones; the root, and a command that redefines a global
 * flag, list everything themselves so the global one is not offered twice.
 */
function listedFlags(root: Node, n: Node): { flags: FlagInfo[]; valueFlags: string[]; complete: boolean } {
  const complete = n === root || shadowedGlobals(root, n).length > 0;
  const all = complete ? offeredFlags(root, n) : n.flags;
  return { flags: visibleFlags(all), valueFlags: valueFlagNames(all), complete };
}

/** Flag names (long and short) that consume the next word. */
function valueFlagNames(flags: FlagInfo[]): string[] {
  return flags.filter((f) => f.takesValue && !f.optionalValue).flatMap((f) => [f.short, f.long].filter((x): x is string => Boolean(x)));
}

/** The shell-side marker of a value kind: a word list, @file, @dir, @dyn, or '' (nothing). */
function marker(v: ValueKind): string {
  switch (v.kind) {
    case 'enum':
      return v.values.join(' ');
    case 'file':
      return '@file';
    case 'dir':
      return '@dir';
    case 'dynamic':
      return '@dyn';
    default:
      return '';
  }
}

/** (command path, key, marker) for every flag value and positional that has a completion. */
function valueEntries(root: Node): Array<{ path: string; key: string; marker: string; global: boolean }> {
  const out: Array<{ path: string; key: string; marker: string; global: boolean }> = [];
  for (const n of nodes(root)) {
    const own = n === root ? [] : n.flags;
    for (const f of own) {
      const m = f.takesValue ? marker(f.value) : '';
      if (!m) continue;
      for (const name of [f.long, f.short]) if (name) out.push({ path: key(n), key: name, marker: m, global: false });
    }
    n.positionals.forEach((p, i) => {
      const m = marker(p.value);
      if (m) out.push({ path: key(n), key: `#${i}`, marker: m, global: false });
    });
  }
  for (const f of globalFlags(root)) {
    const m = f.takesValue ? marker(f.value) : '';
    if (!m) continue;
    for (const name of [f.long, f.short]) if (name) out.push({ path: '*', key: name, marker: m, global: true });
  }
  return out;
}

/** POSIX single quotes (bash and zsh). */
function sq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** fish single quotes: only \ and ' are special. */
function fq(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function oneLine(s: string): string {
  return s.replace(/[\x00-\x1f\x7f]+/g, ' ').trim();
}

const HEADER = (shell: string, how: string) =>
  [
    `# ${shell} completion for agnt. Generated from the command tree by \`agnt completion ${shell}\``,
    '# (npm run build writes completions/); do not edit by hand.',
    `# Install: ${how}`,
    "# Ids are listed by `agnt __complete`, from the active profile's server (cached for a minute).",
  ].join('\n');

// ---------------------------------------------------------------------------------------------
// bash

function caseLines(entries: Array<[pattern: string, body: string]>, indent: string): string {
  return entries.map(([p, b]) => `${indent}${p}) ${b} ;;`).join('\n');
}

function childEntries(root: Node): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const n of nodes(root)) {
    for (const c of visibleChildren(n)) {
      const pattern = [c.name, ...c.aliases].map((w) => sq(`${key(n)}|${w}`)).join('|');
      out.push([pattern, `_agnt_next=${sq(key(c))}`]);
    }
  }
  return out;
}

function valueCase(root: Node): Array<[string, string]> {
  return valueEntries(root).map((e) => [e.global ? `*${sq(`|${e.key}`)}` : sq(`${e.path}|${e.key}`), `_agnt_v=${sq(e.marker)}`]);
}

/** The lookups bash and zsh share: a word's child command, and what a value completes to. */
function lookupFunctions(root: Node): string {
  return `# The child command a word (name or alias) names under a path.
_agnt_child() {
  case $1'|'$2 in
${caseLines(childEntries(root), '    ')}
    *) return 1 ;;
  esac
}

# The completion of a flag's value or of positional #N: a word list, @file, @dir or @dyn.
_agnt_values() {
  case $1'|'$2 in
${caseLines(valueCase(root), '    ')}
    *) _agnt_v= ;;
  esac
}`;
}

/**
 * _agnt_node's entry for each command, the same facts in both shells; `subs` and `flags` render
 * the lists the way the shell wants them (bash: words; zsh: name:description arrays).
 */
function nodeEntries(root: Node, subs: (children: Node[]) => string, flags: (list: FlagInfo[]) => string, separator: string): Array<[string, string]> {
  return nodes(root).map((n) => {
    const listed = listedFlags(root, n);
    const { npos, variadic } = nodeShape(n);
    const body = [
      `_agnt_subs=${subs(visibleChildren(n))}`,
      `_agnt_flags=${flags(listed.flags)}`,
      `_agnt_all=${listed.complete ? 1 : "''"}`,
      `_agnt_vflags=${sq(listed.valueFlags.join(' '))}`,
      `_agnt_npos=${npos}`,
      `_agnt_var=${variadic ? 1 : "''"}`,
    ];
    return [sq(key(n)), body.join(separator)];
  });
}

function nodeShape(n: Node): { npos: number; variadic: boolean } {
  const last = n.positionals[n.positionals.length - 1];
  return { npos: n.positionals.length, variadic: Boolean(last?.variadic) };
}

function bash(root: Node): string {
  const g = globalFlags(root);
  const nodeCase = nodeEntries(
    root,
    (children) => sq(children.map((c) => c.name).join(' ')),
    (flags) => sq(flags.map((f) => f.long).join(' ')),
    ' ',
  );
  return `${HEADER('bash', 'source this file from ~/.bashrc, or copy it to ~/.local/share/bash-completion/completions/agnt')}

_agnt_gflags=${sq(
    visibleFlags(g)
      .map((f) => f.long)
      .join(' '),
  )}
_agnt_gvflags=${sq(valueFlagNames(g).join(' '))}

# Sets what the command at a path offers: child commands, flags (_agnt_all: the global ones
# included), flags taking a value, the number of positionals and whether the last takes several words.
_agnt_node() {
  case $1 in
${caseLines(nodeCase, '    ')}
    *) _agnt_subs='' _agnt_flags='' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
  esac
}

${lookupFunctions(root)}

# COMPREPLY from a command's output, one word a line: a file name with spaces stays one word
# (COMPREPLY=($(...)) would split it). A loop, not mapfile, which bash 3.2 (macOS) lacks.
_agnt_reply() {
  local line
  COMPREPLY=()
  while IFS= read -r line; do
    COMPREPLY+=("$line")
  done < <("$@")
}

_agnt() {
  local cword=$COMP_CWORD cur=\${COMP_WORDS[COMP_CWORD]} cmdpath='' w pending='' vflag='' vf='' dd='' i line
  local _agnt_subs _agnt_flags _agnt_all _agnt_vflags _agnt_npos _agnt_var _agnt_next _agnt_v
  local -a pos=() args=()
  COMPREPLY=()
  _agnt_node ''
  for ((i = 1; i < cword; i++)); do
    w=\${COMP_WORDS[i]}
    if [[ -n $pending ]]; then
      args+=("$w")
      pending=
      continue
    fi
    if [[ -n $dd || $w == - || $w != -* ]]; then
      args+=("$w")
      if [[ -z $dd && \${#pos[@]} -eq 0 ]] && _agnt_child "$cmdpath" "$w"; then
        cmdpath=$_agnt_next
        _agnt_node "$cmdpath"
      else
        pos+=("$w")
      fi
      continue
    fi
    if [[ $w == -- ]]; then
      dd=1
      args+=("$w")
      continue
    fi
    # bash splits --flag=value into three words (= is in COMP_WORDBREAKS).
    if [[ \${COMP_WORDS[i+1]} == = ]]; then
      if ((i + 1 == cword)); then
        vflag=$w
        cur=
        break
      fi
      if ((i + 2 == cword)); then
        vflag=$w
        break
      fi
      args+=("$w=\${COMP_WORDS[i+2]}")
      ((i += 2))
      continue
    fi
    args+=("$w")
    # Global flags count unless the command lists its flags in full.
    vf=" $_agnt_vflags "
    [[ -n $_agnt_all ]] || vf+="$_agnt_gvflags "
    [[ $vf == *" $w "* ]] && pending=$w
  done
  [[ -n $pending ]] && vflag=$pending
  if [[ -n $vflag ]]; then
    [[ $pending ]] || args+=("$vflag")
    _agnt_values "$cmdpath" "$vflag"
  elif [[ -z $dd && $cur == -* ]]; then
    [[ -n $_agnt_all ]] || _agnt_flags+=" $_agnt_gflags"
    _agnt_reply compgen -W "$_agnt_flags" -- "$cur"
    return 0
  elif [[ -n $_agnt_subs && \${#pos[@]} -eq 0 ]]; then
    _agnt_reply compgen -W "$_agnt_subs" -- "$cur"
    return 0
  else
    i=\${#pos[@]}
    ((_agnt_var && i >= _agnt_npos)) && i=$((_agnt_npos - 1))
    ((i < _agnt_npos)) || return 0
    _agnt_values "$cmdpath" "#$i"
  fi
  case $_agnt_v in
    '') ;;
    @file)
      compopt -o filenames 2>/dev/null
      _agnt_reply compgen -f -- "$cur" ;;
    @dir)
      compopt -o filenames 2>/dev/null
      _agnt_reply compgen -d -- "$cur" ;;
    @dyn)
      while IFS=$'\\t' read -r line _; do
        [[ -n $line ]] && COMPREPLY+=("$line")
      done < <("\${COMP_WORDS[0]}" __complete -- "\${args[@]}" "$cur" 2>/dev/null </dev/null) ;;
    *) _agnt_reply compgen -W "$_agnt_v" -- "$cur" ;;
  esac
  return 0
}

complete -F _agnt agnt
`;
}

// ---------------------------------------------------------------------------------------------
// zsh

/** _describe's name:description, with colons in the name escaped. */
function described(name: string, description: string): string {
  return sq(`${name.replace(/:/g, '\\:')}:${oneLine(description)}`);
}

function zsh(root: Node): string {
  const g = globalFlags(root);
  const nodeCase = nodeEntries(
    root,
    (children) => `(${children.map((c) => described(c.name, c.summary)).join(' ')})`,
    (flags) => `(${flags.map((f) => described(f.long!, f.description)).join(' ')})`,
    '; ',
  );
  return `#compdef agnt
${HEADER('zsh', 'copy this file as _agnt into a folder of $fpath before compinit runs, or `source <(agnt completion zsh)` after it')}

_agnt_gflags=(${visibleFlags(g)
    .map((f) => described(f.long!, f.description))
    .join(' ')})
_agnt_gvflags=${sq(valueFlagNames(g).join(' '))}

# Sets what the command at a path offers: child commands and flags (name:description; _agnt_all:
# the global ones included), flags taking a value, the number of positionals and whether the last
# takes several words.
_agnt_node() {
  case $1 in
${caseLines(nodeCase, '    ')}
    *) _agnt_subs=(); _agnt_flags=(); _agnt_all=; _agnt_vflags=; _agnt_npos=0; _agnt_var= ;;
  esac
}

${lookupFunctions(root)}

_agnt() {
  local cmdpath= w pending= vflag= vf= dd= cur=\${words[CURRENT]} line
  local _agnt_all _agnt_vflags _agnt_npos _agnt_var _agnt_next _agnt_v
  local -a _agnt_subs _agnt_flags pos items lines
  local -i i
  _agnt_node ''
  for ((i = 2; i < CURRENT; i++)); do
    w=\${words[i]}
    if [[ -n $pending ]]; then
      pending=
      continue
    fi
    if [[ -n $dd || $w == - || $w != -* ]]; then
      if [[ -z $dd && \${#pos} -eq 0 ]] && _agnt_child "$cmdpath" "$w"; then
        cmdpath=$_agnt_next
        _agnt_node "$cmdpath"
      else
        pos+=("$w")
      fi
      continue
    fi
    if [[ $w == -- ]]; then
      dd=1
      continue
    fi
    [[ $w == --*=* ]] && continue
    # Global flags count unless the command lists its flags in full.
    vf=" $_agnt_vflags "
    [[ -n $_agnt_all ]] || vf+="$_agnt_gvflags "
    [[ $vf == *" $w "* ]] && pending=$w
  done
  if [[ -n $pending ]]; then
    vflag=$pending
  elif [[ -z $dd && $cur == --*=* ]]; then
    vflag=\${cur%%=*}
    compset -P '*='
  fi
  if [[ -n $vflag ]]; then
    _agnt_values "$cmdpath" "$vflag"
  elif [[ -z $dd && $cur == -* ]]; then
    if [[ -n $_agnt_all ]]; then
      _describe -t options 'flag' _agnt_flags
    else
      _describe -t options 'flag' _agnt_flags -- _agnt_gflags
    fi
    return
  elif (( \${#_agnt_subs} && \${#pos} == 0 )); then
    _describe -t commands 'command' _agnt_subs
    return
  else
    i=\${#pos}
    (( _agnt_var && i >= _agnt_npos )) && i=$((_agnt_npos - 1))
    (( i < _agnt_npos )) || return 1
    _agnt_values "$cmdpath" "#$i"
  fi
  case $_agnt_v in
    '') return 1 ;;
    @file) _files ;;
    @dir) _files -/ ;;
    @dyn)
      lines=("\${(@f)$(\${words[1]} __complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null </dev/null)}")
      for line in $lines; do
        [[ -z $line ]] && continue
        if [[ $line == *$'\\t'* ]]; then
          items+=("\${\${line%%$'\\t'*}//:/\\\\:}:\${line#*$'\\t'}")
        else
          items+=("\${line//:/\\\\:}")
        fi
      done
      (( \${#items} )) || return 1
      _describe -t ids 'id' items ;;
    *)
      items=(\${=_agnt_v})
      _describe -t values 'value' items ;;
  esac
}

if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
  # Autoloaded from $fpath as the function _agnt: this first call completes.
  _agnt "$@"
else
  # Sourced: register for the agnt command.
  compdef _agnt agnt
fi
`;
}

// ---------------------------------------------------------------------------------------------
// fish

function fishFlag(f: FlagInfo, condition: string | undefined): string {
  const parts = ['complete -c agnt'];
  if (condition) parts.push(`-n ${fq(condition)}`);
  if (f.short) parts.push(`-s ${f.short.slice(1)}`);
  parts.push(`-l ${f.long!.slice(2)}`);
  if (f.takesValue) {
    switch (f.value.kind) {
      case 'enum':
        parts.push('-x', `-a ${fq(f.value.values.join(' '))}`);
        break;
      case 'file':
        parts.push('-r', '-F');
        break;
      case 'dir':
        parts.push('-x', `-a ${fq('(__fish_complete_directories (commandline -ct))')}`);
        break;
      case 'dynamic':
        parts.push('-x', `-a ${fq('(__agnt_complete)')}`);
        break;
      default:
        parts.push('-x');
    }
  }
  if (f.description) parts.push(`-d ${fq(oneLine(f.description))}`);
  return parts.join(' ');
}

function fishSwitch(entries: Array<[string[], string]>, indent: string): string {
  return entries.map(([patterns, body]) => `${indent}case ${patterns.map(fq).join(' ')}\n${indent}    ${body}`).join('\n');
}

function fish(root: Node): string {
  const g = globalFlags(root);
  const lines: string[] = [];
  const at = (n: Node) => `__agnt_at ${fq(key(n))}`;
  for (const n of nodes(root)) {
    for (const c of visibleChildren(n)) lines.push(`complete -c agnt -n ${fq(at(n))} -f -a ${fq(c.name)} -d ${fq(oneLine(c.summary))}`);
    const own = n === root ? n.flags.filter((f) => f.long === '--version') : n.flags.filter((f) => f.long !== '--help');
    for (const f of visibleFlags(own)) lines.push(fishFlag(f, at(n)));
    const dynamic = n.positionals.some((p) => p.value.kind === 'dynamic');
    const enums = n.positionals.flatMap((p) => (p.value.kind === 'enum' ? p.value.values : []));
    const files = n.positionals.some((p) => p.value.kind === 'file');
    const notFlag = `${at(n)}; and not string match -q -- '-*' (commandline -ct)`;
    if (dynamic) lines.push(`complete -c agnt -n ${fq(notFlag)} -f -a ${fq('(__agnt_complete)')}`);
    if (enums.length) lines.push(`complete -c agnt -n ${fq(notFlag)} -f -a ${fq(enums.join(' '))}`);
    if (files) lines.push(`complete -c agnt -n ${fq(notFlag)} -F`);
  }
  // A global flag is not offered where a command redefines it.
  const globals = [...visibleFlags(g), ...root.flags.filter((f) => f.long === '--help')].map((f) => {
    const where = nodes(root).filter((n) => shadowedGlobals(root, n).includes(f));
    return fishFlag(f, where.length ? where.map((n) => `not ${at(n)}`).join('; and ') : undefined);
  });
  const vflagCase = nodes(root)
    .filter((n) => n !== root && valueFlagNames(n.flags).length)
    .map((n): [string[], string] => [[key(n)], `printf '%s\\n' ${valueFlagNames(n.flags).join(' ')}`]);
  const childCase = nodes(root).flatMap((n) => visibleChildren(n).map((c): [string[], string] => [[c.name, ...c.aliases].map((w) => `${key(n)}|${w}`), `echo -- ${fq(key(c))}`]));
  return `${HEADER('fish', 'copy this file to ~/.config/fish/completions/agnt.fish')}

# The child command a word (name or alias) names under a path.
function __agnt_child --argument-names p w
    switch "$p|$w"
${fishSwitch(childCase, '        ')}
        case '*'
            return 1
    end
end

# Flags of a path (besides the global ones) that take a value.
function __agnt_vflags --argument-names p
    switch "$p"
${fishSwitch(vflagCase, '        ')}
    end
end

# Walks the line before the cursor to the command it names; remembered per line, since fish
# evaluates every condition below on each TAB.
function __agnt_state
    set -l line (commandline -pc)
    test "$line" = "$__agnt_line"; and return
    set -g __agnt_line $line
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l p ''
    set -l npos 0
    set -l skip 0
    set -l dd 0
    set -l next
    set -l vflags ${valueFlagNames(g).join(' ')}
    for w in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        if test $dd = 0; and string match -q -- '-?*' $w
            if test "$w" = '--'
                set dd 1
            else if contains -- $w $vflags (__agnt_vflags $p)
                set skip 1
            end
            continue
        end
        if test $npos = 0 -a $dd = 0; and set next (__agnt_child "$p" $w)
            set p $next
        else
            set npos (math $npos + 1)
        end
    end
    set -g __agnt_path $p
end

function __agnt_at --argument-names p
    __agnt_state
    test "$__agnt_path" = "$p"
end

# Ids from the server, as id<TAB>description lines; nothing when it cannot answer.
function __agnt_complete
    set -l tokens (commandline -opc)
    set -l cmd $tokens[1]
    set -e tokens[1]
    $cmd __complete -- $tokens (commandline -ct) 2>/dev/null </dev/null
end

complete -c agnt -f
${globals.join('\n')}
${lines.join('\n')}
`;
}
