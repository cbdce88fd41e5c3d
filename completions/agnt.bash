# bash completion for agnt. Generated from the command tree by `agnt completion bash`
# (npm run build writes completions/); do not edit by hand.
# Install: source this file from ~/.bashrc, or copy it to ~/.local/share/bash-completion/completions/agnt
# Ids are listed by `agnt __complete`, from the active profile's server (cached for a minute).

_agnt_gflags='--output --json --yaml --jsonl --fields --query --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --timeout'
_agnt_gvflags='-o --output --fields --query --profile --base-url --timeout'

# Sets what the command at a path offers: child commands, flags, flags taking a value,
# the number of positionals and whether the last takes several words.
_agnt_node() {
  case $1 in
    '') _agnt_subs='users workspace identifiers auth config sandbox api commands completion' _agnt_flags='--version --output --json --yaml --jsonl --fields --query --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --timeout --help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'users') _agnt_subs='me update-me profile list create get update delete set-assistant provision deprovision' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'users me') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'users update-me') _agnt_subs='' _agnt_flags='--first-name --last-name --timezone --locale --city --avatar --country --assistant --voice --coordinator-enabled --no-coordinator-enabled --data --file --set --help' _agnt_vflags='--first-name --last-name --timezone --locale --city --avatar --country --assistant --voice --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'users profile') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'users list') _agnt_subs='' _agnt_flags='--status --email --external-id --organization-id --search --all --limit --page --per-page --help' _agnt_vflags='--status --email --external-id --organization-id --search --limit --page --per-page' _agnt_npos=0 _agnt_var='' ;;
    'users create') _agnt_subs='' _agnt_flags='--email --name --first-name --last-name --avatar --timezone --locale --external-id --assistant-email --metadata --data --file --set --help' _agnt_vflags='--email --name --first-name --last-name --avatar --timezone --locale --external-id --assistant-email --metadata --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'users get') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'users update') _agnt_subs='' _agnt_flags='--name --first-name --last-name --avatar --timezone --locale --external-id --status --assistant-email --organization --organization-role --manager-roles --metadata --data --file --set --help' _agnt_vflags='--name --first-name --last-name --avatar --timezone --locale --external-id --status --assistant-email --organization --organization-role --manager-roles --metadata --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'users delete') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'users set-assistant') _agnt_subs='' _agnt_flags='--assistant --data --file --set --help' _agnt_vflags='--assistant --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'users provision') _agnt_subs='' _agnt_flags='--email --id --team-id --first-name --last-name --data --file --set --help' _agnt_vflags='--email --id --team-id --first-name --last-name --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'users deprovision') _agnt_subs='' _agnt_flags='--email --team-id --data --file --set --help' _agnt_vflags='--email --team-id --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'workspace') _agnt_subs='profile snapshots cleanup' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'workspace profile') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'workspace snapshots') _agnt_subs='' _agnt_flags='--all --limit --page --per-page --help' _agnt_vflags='--limit --page --per-page' _agnt_npos=0 _agnt_var='' ;;
    'workspace cleanup') _agnt_subs='' _agnt_flags='--scope --data --file --set --help' _agnt_vflags='--scope --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'identifiers') _agnt_subs='list create get update delete link make-primary' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'identifiers list') _agnt_subs='' _agnt_flags='--type --user-id --all --limit --page --per-page --help' _agnt_vflags='--type --user-id --limit --page --per-page' _agnt_npos=0 _agnt_var='' ;;
    'identifiers create') _agnt_subs='' _agnt_flags='--type --value --user-id --verified --no-verified --label --platforms --user-data --data --file --set --help' _agnt_vflags='--type --value --user-id --label --platforms --user-data --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'identifiers get') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'identifiers update') _agnt_subs='' _agnt_flags='--verified --no-verified --label --platforms --metadata --data --file --set --help' _agnt_vflags='--label --platforms --metadata --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'identifiers delete') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'identifiers link') _agnt_subs='' _agnt_flags='--user-id --data --file --set --help' _agnt_vflags='--user-id --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'identifiers make-primary') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'auth') _agnt_subs='login status logout' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'auth login') _agnt_subs='' _agnt_flags='--with-token --help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'auth status') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'auth logout') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'config') _agnt_subs='list get set unset profiles use remove' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'config list') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'config get') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'config set') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'config unset') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'config profiles') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'config use') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'config remove') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'sandbox') _agnt_subs='start' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'sandbox start') _agnt_subs='' _agnt_flags='--port --host --data --no-profile --help' _agnt_vflags='--port --host --data' _agnt_npos=0 _agnt_var='' ;;
    'api') _agnt_subs='' _agnt_flags='--field --raw-field --file --paginate --help' _agnt_vflags='-F --field -f --raw-field --file' _agnt_npos=2 _agnt_var='' ;;
    'commands') _agnt_subs='' _agnt_flags='--markdown --help' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'completion') _agnt_subs='' _agnt_flags='--help' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    *) _agnt_subs= _agnt_flags= _agnt_vflags= _agnt_npos=0 _agnt_var= ;;
  esac
}

# The child command a word (name or alias) names under a path.
_agnt_child() {
  case $1'|'$2 in
    '|users'|'|user') _agnt_next='users' ;;
    '|workspace') _agnt_next='workspace' ;;
    '|identifiers'|'|identifier'|'|ids') _agnt_next='identifiers' ;;
    '|auth') _agnt_next='auth' ;;
    '|config') _agnt_next='config' ;;
    '|sandbox') _agnt_next='sandbox' ;;
    '|api') _agnt_next='api' ;;
    '|commands') _agnt_next='commands' ;;
    '|completion') _agnt_next='completion' ;;
    'users|me') _agnt_next='users me' ;;
    'users|update-me') _agnt_next='users update-me' ;;
    'users|profile') _agnt_next='users profile' ;;
    'users|list'|'users|ls') _agnt_next='users list' ;;
    'users|create') _agnt_next='users create' ;;
    'users|get'|'users|show') _agnt_next='users get' ;;
    'users|update') _agnt_next='users update' ;;
    'users|delete'|'users|rm') _agnt_next='users delete' ;;
    'users|set-assistant') _agnt_next='users set-assistant' ;;
    'users|provision') _agnt_next='users provision' ;;
    'users|deprovision') _agnt_next='users deprovision' ;;
    'workspace|profile') _agnt_next='workspace profile' ;;
    'workspace|snapshots') _agnt_next='workspace snapshots' ;;
    'workspace|cleanup') _agnt_next='workspace cleanup' ;;
    'identifiers|list'|'identifiers|ls') _agnt_next='identifiers list' ;;
    'identifiers|create') _agnt_next='identifiers create' ;;
    'identifiers|get'|'identifiers|show') _agnt_next='identifiers get' ;;
    'identifiers|update') _agnt_next='identifiers update' ;;
    'identifiers|delete'|'identifiers|rm') _agnt_next='identifiers delete' ;;
    'identifiers|link') _agnt_next='identifiers link' ;;
    'identifiers|make-primary') _agnt_next='identifiers make-primary' ;;
    'auth|login') _agnt_next='auth login' ;;
    'auth|status') _agnt_next='auth status' ;;
    'auth|logout') _agnt_next='auth logout' ;;
    'config|list'|'config|ls') _agnt_next='config list' ;;
    'config|get') _agnt_next='config get' ;;
    'config|set') _agnt_next='config set' ;;
    'config|unset') _agnt_next='config unset' ;;
    'config|profiles') _agnt_next='config profiles' ;;
    'config|use') _agnt_next='config use' ;;
    'config|remove'|'config|rm') _agnt_next='config remove' ;;
    'sandbox|start') _agnt_next='sandbox start' ;;
    *) return 1 ;;
  esac
}

# The completion of a flag's value or of positional #N: a word list, @file, @dir or @dyn.
_agnt_values() {
  case $1'|'$2 in
    'users update-me|--file') _agnt_v='@file' ;;
    'users list|--status') _agnt_v='active inactive suspended' ;;
    'users create|--file') _agnt_v='@file' ;;
    'users get|#0') _agnt_v='@dyn' ;;
    'users update|--status') _agnt_v='active inactive suspended' ;;
    'users update|--organization-role') _agnt_v='admin member guest' ;;
    'users update|--file') _agnt_v='@file' ;;
    'users update|#0') _agnt_v='@dyn' ;;
    'users delete|#0') _agnt_v='@dyn' ;;
    'users set-assistant|--file') _agnt_v='@file' ;;
    'users set-assistant|#0') _agnt_v='@dyn' ;;
    'users provision|--file') _agnt_v='@file' ;;
    'users deprovision|--file') _agnt_v='@file' ;;
    'workspace cleanup|--scope') _agnt_v='cache sites' ;;
    'workspace cleanup|--file') _agnt_v='@file' ;;
    'identifiers list|--type') _agnt_v='email phone external_id employee_id provider1 provider2 provider3 custom' ;;
    'identifiers list|--user-id') _agnt_v='@dyn' ;;
    'identifiers create|--type') _agnt_v='email phone external_id employee_id provider1 provider2 provider3 custom' ;;
    'identifiers create|--user-id') _agnt_v='@dyn' ;;
    'identifiers create|--file') _agnt_v='@file' ;;
    'identifiers get|#0') _agnt_v='@dyn' ;;
    'identifiers update|--file') _agnt_v='@file' ;;
    'identifiers update|#0') _agnt_v='@dyn' ;;
    'identifiers delete|#0') _agnt_v='@dyn' ;;
    'identifiers link|--user-id') _agnt_v='@dyn' ;;
    'identifiers link|--file') _agnt_v='@file' ;;
    'identifiers link|#0') _agnt_v='@dyn' ;;
    'identifiers make-primary|#0') _agnt_v='@dyn' ;;
    'config use|#0') _agnt_v='@dyn' ;;
    'config remove|#0') _agnt_v='@dyn' ;;
    'sandbox start|--data') _agnt_v='@file' ;;
    'api|--file') _agnt_v='@file' ;;
    'completion|#0') _agnt_v='bash zsh fish' ;;
    *'|--output') _agnt_v='table json yaml jsonl csv id' ;;
    *'|-o') _agnt_v='table json yaml jsonl csv id' ;;
    *'|--profile') _agnt_v='@dyn' ;;
    *) _agnt_v= ;;
  esac
}

_agnt() {
  local cword=$COMP_CWORD cur=${COMP_WORDS[COMP_CWORD]} cmdpath= w pending= vflag= dd= i line
  local _agnt_subs _agnt_flags _agnt_vflags _agnt_npos _agnt_var _agnt_next _agnt_v
  local -a pos=() args=()
  COMPREPLY=()
  _agnt_node ''
  for ((i = 1; i < cword; i++)); do
    w=${COMP_WORDS[i]}
    if [[ -n $pending ]]; then
      args+=("$w")
      pending=
      continue
    fi
    if [[ -n $dd || $w == - || $w != -* ]]; then
      args+=("$w")
      if [[ -z $dd && ${#pos[@]} -eq 0 ]] && _agnt_child "$cmdpath" "$w"; then
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
    if [[ ${COMP_WORDS[i+1]} == = ]]; then
      if ((i + 1 == cword)); then
        vflag=$w
        cur=
        break
      fi
      if ((i + 2 == cword)); then
        vflag=$w
        break
      fi
      args+=("$w=${COMP_WORDS[i+2]}")
      ((i += 2))
      continue
    fi
    args+=("$w")
    [[ " $_agnt_vflags $_agnt_gvflags " == *" $w "* ]] && pending=$w
  done
  [[ -n $pending ]] && vflag=$pending
  if [[ -n $vflag ]]; then
    [[ $pending ]] || args+=("$vflag")
    _agnt_values "$cmdpath" "$vflag"
  elif [[ -z $dd && $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$_agnt_flags ${cmdpath:+$_agnt_gflags}" -- "$cur"))
    return 0
  elif [[ -n $_agnt_subs && ${#pos[@]} -eq 0 ]]; then
    COMPREPLY=($(compgen -W "$_agnt_subs" -- "$cur"))
    return 0
  else
    i=${#pos[@]}
    ((_agnt_var && i >= _agnt_npos)) && i=$((_agnt_npos - 1))
    ((i < _agnt_npos)) || return 0
    _agnt_values "$cmdpath" "#$i"
  fi
  case $_agnt_v in
    '') ;;
    @file)
      compopt -o filenames 2>/dev/null
      COMPREPLY=($(compgen -f -- "$cur")) ;;
    @dir)
      compopt -o filenames 2>/dev/null
      COMPREPLY=($(compgen -d -- "$cur")) ;;
    @dyn)
      while IFS=$'\t' read -r line _; do
        [[ -n $line ]] && COMPREPLY+=("$line")
      done < <("${COMP_WORDS[0]}" __complete -- "${args[@]}" "$cur" 2>/dev/null </dev/null) ;;
    *) COMPREPLY=($(compgen -W "$_agnt_v" -- "$cur")) ;;
  esac
  return 0
}

complete -F _agnt agnt
