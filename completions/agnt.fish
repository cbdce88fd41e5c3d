# fish completion for agnt. Generated from the command tree by `agnt completion fish`
# (npm run build writes completions/); do not edit by hand.
# Install: copy this file to ~/.config/fish/completions/agnt.fish
# Ids are listed by `agnt __complete`, from the active profile's server (cached for a minute).

# The child command a word (name or alias) names under a path.
function __agnt_child --argument-names p w
    switch "$p|$w"
        case '|users' '|user'
            echo -- 'users'
        case '|workspace'
            echo -- 'workspace'
        case '|identifiers' '|identifier' '|ids'
            echo -- 'identifiers'
        case '|auth'
            echo -- 'auth'
        case '|config'
            echo -- 'config'
        case '|sandbox'
            echo -- 'sandbox'
        case '|api'
            echo -- 'api'
        case '|commands'
            echo -- 'commands'
        case '|completion'
            echo -- 'completion'
        case 'users|me'
            echo -- 'users me'
        case 'users|update-me'
            echo -- 'users update-me'
        case 'users|profile'
            echo -- 'users profile'
        case 'users|list' 'users|ls'
            echo -- 'users list'
        case 'users|create'
            echo -- 'users create'
        case 'users|get' 'users|show'
            echo -- 'users get'
        case 'users|update'
            echo -- 'users update'
        case 'users|delete' 'users|rm'
            echo -- 'users delete'
        case 'users|set-assistant'
            echo -- 'users set-assistant'
        case 'users|provision'
            echo -- 'users provision'
        case 'users|deprovision'
            echo -- 'users deprovision'
        case 'workspace|profile'
            echo -- 'workspace profile'
        case 'workspace|snapshots'
            echo -- 'workspace snapshots'
        case 'workspace|cleanup'
            echo -- 'workspace cleanup'
        case 'identifiers|list' 'identifiers|ls'
            echo -- 'identifiers list'
        case 'identifiers|create'
            echo -- 'identifiers create'
        case 'identifiers|get' 'identifiers|show'
            echo -- 'identifiers get'
        case 'identifiers|update'
            echo -- 'identifiers update'
        case 'identifiers|delete' 'identifiers|rm'
            echo -- 'identifiers delete'
        case 'identifiers|link'
            echo -- 'identifiers link'
        case 'identifiers|make-primary'
            echo -- 'identifiers make-primary'
        case 'auth|login'
            echo -- 'auth login'
        case 'auth|status'
            echo -- 'auth status'
        case 'auth|logout'
            echo -- 'auth logout'
        case 'config|list' 'config|ls'
            echo -- 'config list'
        case 'config|get'
            echo -- 'config get'
        case 'config|set'
            echo -- 'config set'
        case 'config|unset'
            echo -- 'config unset'
        case 'config|profiles'
            echo -- 'config profiles'
        case 'config|use'
            echo -- 'config use'
        case 'config|remove' 'config|rm'
            echo -- 'config remove'
        case 'sandbox|start'
            echo -- 'sandbox start'
        case '*'
            return 1
    end
end

# Flags of a path (besides the global ones) that take a value.
function __agnt_vflags --argument-names p
    switch "$p"
        case 'users update-me'
            printf '%s\n' --first-name --last-name --timezone --locale --city --avatar --country --assistant --voice --data --file --set
        case 'users list'
            printf '%s\n' --status --email --external-id --organization-id --search --limit --page --per-page
        case 'users create'
            printf '%s\n' --email --name --first-name --last-name --avatar --timezone --locale --external-id --assistant-email --metadata --data --file --set
        case 'users update'
            printf '%s\n' --name --first-name --last-name --avatar --timezone --locale --external-id --status --assistant-email --organization --organization-role --manager-roles --metadata --data --file --set
        case 'users set-assistant'
            printf '%s\n' --assistant --data --file --set
        case 'users provision'
            printf '%s\n' --email --id --team-id --first-name --last-name --data --file --set
        case 'users deprovision'
            printf '%s\n' --email --team-id --data --file --set
        case 'workspace snapshots'
            printf '%s\n' --limit --page --per-page
        case 'workspace cleanup'
            printf '%s\n' --scope --data --file --set
        case 'identifiers list'
            printf '%s\n' --type --user-id --limit --page --per-page
        case 'identifiers create'
            printf '%s\n' --type --value --user-id --label --platforms --user-data --data --file --set
        case 'identifiers update'
            printf '%s\n' --label --platforms --metadata --data --file --set
        case 'identifiers link'
            printf '%s\n' --user-id --data --file --set
        case 'sandbox start'
            printf '%s\n' --port --host --data
        case 'api'
            printf '%s\n' -F --field -f --raw-field --file
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
    set -l vflags -o --output --fields --query --profile --base-url --timeout
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
complete -c agnt -s o -l output -x -a 'table json yaml jsonl csv id' -d 'output format'
complete -c agnt -l json -d 'short for --output json'
complete -c agnt -l yaml -d 'short for --output yaml'
complete -c agnt -l jsonl -d 'short for --output jsonl (one record per line)'
complete -c agnt -l fields -x -d 'keep these fields (comma-separated, dotted paths allowed)'
complete -c agnt -l query -x -d 'JMESPath expression applied to the result'
complete -c agnt -l dry-run -d 'print the request that would be sent (token masked) and exit'
complete -c agnt -l profile -x -a '(__agnt_complete)' -d 'profile to use (env AGNT_PROFILE)'
complete -c agnt -l base-url -x -d 'server base URL (env AGNT_BASE_URL)'
complete -c agnt -l yes -d 'answer yes to confirmations'
complete -c agnt -l no-input -d 'never prompt'
complete -c agnt -l debug -d 'log each HTTP exchange to stderr, secrets masked'
complete -c agnt -l quiet -d 'less output on stderr'
complete -c agnt -l no-color -d 'no colour (env NO_COLOR)'
complete -c agnt -l timeout -x -d 'per-request time limit (default 30)'
complete -c agnt -s h -l help -d 'show help for a command'
complete -c agnt -n '__agnt_at \'\'' -f -a 'users' -d 'Users: you, the users of your organization, provisioning'
complete -c agnt -n '__agnt_at \'\'' -f -a 'workspace' -d 'Your assistant\'s workspace: resource profile, snapshots, cleanup'
complete -c agnt -n '__agnt_at \'\'' -f -a 'identifiers' -d 'Identifiers: users\' e-mails, phones and other handles'
complete -c agnt -n '__agnt_at \'\'' -f -a 'auth' -d 'log in, check and log out of a server'
complete -c agnt -n '__agnt_at \'\'' -f -a 'config' -d 'profile settings and profiles'
complete -c agnt -n '__agnt_at \'\'' -f -a 'sandbox' -d 'run the local API emulator'
complete -c agnt -n '__agnt_at \'\'' -f -a 'api' -d 'send a raw API request'
complete -c agnt -n '__agnt_at \'\'' -f -a 'commands' -d 'list commands and endpoints'
complete -c agnt -n '__agnt_at \'\'' -f -a 'completion' -d 'print a shell completion script'
complete -c agnt -n '__agnt_at \'\'' -s v -l version -d 'print the version'
complete -c agnt -n '__agnt_at \'users\'' -f -a 'me' -d 'Show the user the token belongs to'
complete -c agnt -n '__agnt_at \'users\'' -f -a 'update-me' -d 'Update your own user'
complete -c agnt -n '__agnt_at \'users\'' -f -a 'profile' -d 'Show your layered profile (professional and personal), identifiers and audit log'
complete -c agnt -n '__agnt_at \'users\'' -f -a 'list' -d 'List users'
complete -c agnt -n '__agnt_at \'users\'' -f -a 'create' -d 'Create a user'
complete -c agnt -n '__agnt_at \'users\'' -f -a 'get' -d 'Show a user with identifiers, contacts and memories'
complete -c agnt -n '__agnt_at \'users\'' -f -a 'update' -d 'Update a user (same organization only for organization-scoped tokens)'
complete -c agnt -n '__agnt_at \'users\'' -f -a 'delete' -d 'Delete a user'
complete -c agnt -n '__agnt_at \'users\'' -f -a 'set-assistant' -d 'Set or clear a user\'s assistant (yourself, or a principal who never signed up)'
complete -c agnt -n '__agnt_at \'users\'' -f -a 'provision' -d 'Find or create a user by e-mail and add them to a team'
complete -c agnt -n '__agnt_at \'users\'' -f -a 'deprovision' -d 'Remove a user from a team (and delete them when nothing else holds them)'
complete -c agnt -n '__agnt_at \'users update-me\'' -l first-name -x -d 'firstName'
complete -c agnt -n '__agnt_at \'users update-me\'' -l last-name -x -d 'lastName'
complete -c agnt -n '__agnt_at \'users update-me\'' -l timezone -x -d 'IANA time zone, e.g. Europe/Paris'
complete -c agnt -n '__agnt_at \'users update-me\'' -l locale -x -d 'locale'
complete -c agnt -n '__agnt_at \'users update-me\'' -l city -x -d 'city'
complete -c agnt -n '__agnt_at \'users update-me\'' -l avatar -x -d 'avatar URL'
complete -c agnt -n '__agnt_at \'users update-me\'' -l country -x -d 'country (\'null\' to clear)'
complete -c agnt -n '__agnt_at \'users update-me\'' -l assistant -x -d 'assistant id (\'null\' to clear)'
complete -c agnt -n '__agnt_at \'users update-me\'' -l voice -x -d 'voice {voiceId, provider} (JSON or YAML text, or @file; \'null\' to clear)'
complete -c agnt -n '__agnt_at \'users update-me\'' -l coordinator-enabled -d 'act as a coordinator'
complete -c agnt -n '__agnt_at \'users update-me\'' -l no-coordinator-enabled -d 'send coordinatorEnabled: false'
complete -c agnt -n '__agnt_at \'users update-me\'' -l data -x -d 'the whole request body as JSON; flags override its fields'
complete -c agnt -n '__agnt_at \'users update-me\'' -l file -r -F -d 'the whole request body from a JSON or YAML file, or \'-\' for stdin; flags override its fields'
complete -c agnt -n '__agnt_at \'users update-me\'' -l set -x -d 'set a (dotted) body field; repeatable'
complete -c agnt -n '__agnt_at \'users list\'' -l status -x -a 'active inactive suspended' -d 'status (one of: active, inactive, suspended)'
complete -c agnt -n '__agnt_at \'users list\'' -l email -x -d 'email'
complete -c agnt -n '__agnt_at \'users list\'' -l external-id -x -d 'externalId'
complete -c agnt -n '__agnt_at \'users list\'' -l organization-id -x -d 'organizationId'
complete -c agnt -n '__agnt_at \'users list\'' -l search -x -d 'match name or email'
complete -c agnt -n '__agnt_at \'users list\'' -l all -d 'fetch every page'
complete -c agnt -n '__agnt_at \'users list\'' -l limit -x -d 'at most this many records, across pages'
complete -c agnt -n '__agnt_at \'users list\'' -l page -x -d 'page number (from 1)'
complete -c agnt -n '__agnt_at \'users list\'' -l per-page -x -d 'records per page'
complete -c agnt -n '__agnt_at \'users create\'' -l email -x -d 'email (required)'
complete -c agnt -n '__agnt_at \'users create\'' -l name -x -d 'name'
complete -c agnt -n '__agnt_at \'users create\'' -l first-name -x -d 'firstName'
complete -c agnt -n '__agnt_at \'users create\'' -l last-name -x -d 'lastName'
complete -c agnt -n '__agnt_at \'users create\'' -l avatar -x -d 'avatar'
complete -c agnt -n '__agnt_at \'users create\'' -l timezone -x -d 'timezone'
complete -c agnt -n '__agnt_at \'users create\'' -l locale -x -d 'locale'
complete -c agnt -n '__agnt_at \'users create\'' -l external-id -x -d 'externalId'
complete -c agnt -n '__agnt_at \'users create\'' -l assistant-email -x -d 'e-mail of the assistant to give the user'
complete -c agnt -n '__agnt_at \'users create\'' -l metadata -x -d 'metadata (JSON or YAML text, or @file)'
complete -c agnt -n '__agnt_at \'users create\'' -l data -x -d 'the whole request body as JSON; flags override its fields'
complete -c agnt -n '__agnt_at \'users create\'' -l file -r -F -d 'the whole request body from a JSON or YAML file, or \'-\' for stdin; flags override its fields'
complete -c agnt -n '__agnt_at \'users create\'' -l set -x -d 'set a (dotted) body field; repeatable'
complete -c agnt -n '__agnt_at \'users get\'; and not string match -q -- \'-*\' (commandline -ct)' -f -a '(__agnt_complete)'
complete -c agnt -n '__agnt_at \'users update\'' -l name -x -d 'name'
complete -c agnt -n '__agnt_at \'users update\'' -l first-name -x -d 'firstName'
complete -c agnt -n '__agnt_at \'users update\'' -l last-name -x -d 'lastName'
complete -c agnt -n '__agnt_at \'users update\'' -l avatar -x -d 'avatar'
complete -c agnt -n '__agnt_at \'users update\'' -l timezone -x -d 'timezone'
complete -c agnt -n '__agnt_at \'users update\'' -l locale -x -d 'locale'
complete -c agnt -n '__agnt_at \'users update\'' -l external-id -x -d 'externalId'
complete -c agnt -n '__agnt_at \'users update\'' -l status -x -a 'active inactive suspended' -d 'status (one of: active, inactive, suspended)'
complete -c agnt -n '__agnt_at \'users update\'' -l assistant-email -x -d 'assistantEmail (\'null\' to clear)'
complete -c agnt -n '__agnt_at \'users update\'' -l organization -x -d 'organization id (\'null\' to clear)'
complete -c agnt -n '__agnt_at \'users update\'' -l organization-role -x -a 'admin member guest' -d 'organizationRole (one of: admin, member, guest)'
complete -c agnt -n '__agnt_at \'users update\'' -l manager-roles -x -d 'e.g. ea_manager (repeat or comma-separate)'
complete -c agnt -n '__agnt_at \'users update\'' -l metadata -x -d 'metadata (JSON or YAML text, or @file)'
complete -c agnt -n '__agnt_at \'users update\'' -l data -x -d 'the whole request body as JSON; flags override its fields'
complete -c agnt -n '__agnt_at \'users update\'' -l file -r -F -d 'the whole request body from a JSON or YAML file, or \'-\' for stdin; flags override its fields'
complete -c agnt -n '__agnt_at \'users update\'' -l set -x -d 'set a (dotted) body field; repeatable'
complete -c agnt -n '__agnt_at \'users update\'; and not string match -q -- \'-*\' (commandline -ct)' -f -a '(__agnt_complete)'
complete -c agnt -n '__agnt_at \'users delete\'; and not string match -q -- \'-*\' (commandline -ct)' -f -a '(__agnt_complete)'
complete -c agnt -n '__agnt_at \'users set-assistant\'' -l assistant -x -d 'assistant id, or \'null\' to clear (\'null\' to clear; required)'
complete -c agnt -n '__agnt_at \'users set-assistant\'' -l data -x -d 'the whole request body as JSON; flags override its fields'
complete -c agnt -n '__agnt_at \'users set-assistant\'' -l file -r -F -d 'the whole request body from a JSON or YAML file, or \'-\' for stdin; flags override its fields'
complete -c agnt -n '__agnt_at \'users set-assistant\'' -l set -x -d 'set a (dotted) body field; repeatable'
complete -c agnt -n '__agnt_at \'users set-assistant\'; and not string match -q -- \'-*\' (commandline -ct)' -f -a '(__agnt_complete)'
complete -c agnt -n '__agnt_at \'users provision\'' -l email -x -d 'email (required)'
complete -c agnt -n '__agnt_at \'users provision\'' -l id -x -d 'id for a new user'
complete -c agnt -n '__agnt_at \'users provision\'' -l team-id -x -d 'team to join (default: the caller\'s team)'
complete -c agnt -n '__agnt_at \'users provision\'' -l first-name -x -d 'firstName'
complete -c agnt -n '__agnt_at \'users provision\'' -l last-name -x -d 'lastName'
complete -c agnt -n '__agnt_at \'users provision\'' -l data -x -d 'the whole request body as JSON; flags override its fields'
complete -c agnt -n '__agnt_at \'users provision\'' -l file -r -F -d 'the whole request body from a JSON or YAML file, or \'-\' for stdin; flags override its fields'
complete -c agnt -n '__agnt_at \'users provision\'' -l set -x -d 'set a (dotted) body field; repeatable'
complete -c agnt -n '__agnt_at \'users deprovision\'' -l email -x -d 'email (required)'
complete -c agnt -n '__agnt_at \'users deprovision\'' -l team-id -x -d 'teamId (required)'
complete -c agnt -n '__agnt_at \'users deprovision\'' -l data -x -d 'the whole request body as JSON; flags override its fields'
complete -c agnt -n '__agnt_at \'users deprovision\'' -l file -r -F -d 'the whole request body from a JSON or YAML file, or \'-\' for stdin; flags override its fields'
complete -c agnt -n '__agnt_at \'users deprovision\'' -l set -x -d 'set a (dotted) body field; repeatable'
complete -c agnt -n '__agnt_at \'workspace\'' -f -a 'profile' -d 'Show the workspace\'s resource profile (null when it never ran)'
complete -c agnt -n '__agnt_at \'workspace\'' -f -a 'snapshots' -d 'List resource snapshots, oldest first'
complete -c agnt -n '__agnt_at \'workspace\'' -f -a 'cleanup' -d 'Free disk space: caches (default) or also local website checkouts'
complete -c agnt -n '__agnt_at \'workspace snapshots\'' -l all -d 'fetch every page'
complete -c agnt -n '__agnt_at \'workspace snapshots\'' -l limit -x -d 'at most this many records, across pages'
complete -c agnt -n '__agnt_at \'workspace snapshots\'' -l page -x -d 'page number (from 1)'
complete -c agnt -n '__agnt_at \'workspace snapshots\'' -l per-page -x -d 'records per page'
complete -c agnt -n '__agnt_at \'workspace cleanup\'' -l scope -x -a 'cache sites' -d 'what to clear (one of: cache, sites)'
complete -c agnt -n '__agnt_at \'workspace cleanup\'' -l data -x -d 'the whole request body as JSON; flags override its fields'
complete -c agnt -n '__agnt_at \'workspace cleanup\'' -l file -r -F -d 'the whole request body from a JSON or YAML file, or \'-\' for stdin; flags override its fields'
complete -c agnt -n '__agnt_at \'workspace cleanup\'' -l set -x -d 'set a (dotted) body field; repeatable'
complete -c agnt -n '__agnt_at \'identifiers\'' -f -a 'list' -d 'List identifiers'
complete -c agnt -n '__agnt_at \'identifiers\'' -f -a 'create' -d 'Add an identifier (to a user, or to a new user made from --user-data)'
complete -c agnt -n '__agnt_at \'identifiers\'' -f -a 'get' -d 'Show an identifier'
complete -c agnt -n '__agnt_at \'identifiers\'' -f -a 'update' -d 'Update an identifier'
complete -c agnt -n '__agnt_at \'identifiers\'' -f -a 'delete' -d 'Delete an identifier'
complete -c agnt -n '__agnt_at \'identifiers\'' -f -a 'link' -d 'Move an identifier to another user'
complete -c agnt -n '__agnt_at \'identifiers\'' -f -a 'make-primary' -d 'Make an e-mail identifier its user\'s primary e-mail'
complete -c agnt -n '__agnt_at \'identifiers list\'' -l type -x -a 'email phone external_id employee_id provider1 provider2 provider3 custom' -d 'type (one of: email, phone, external_id, employee_id, provider1, provider2, provider3, custom)'
complete -c agnt -n '__agnt_at \'identifiers list\'' -l user-id -x -a '(__agnt_complete)' -d 'userId'
complete -c agnt -n '__agnt_at \'identifiers list\'' -l all -d 'fetch every page'
complete -c agnt -n '__agnt_at \'identifiers list\'' -l limit -x -d 'at most this many records, across pages'
complete -c agnt -n '__agnt_at \'identifiers list\'' -l page -x -d 'page number (from 1)'
complete -c agnt -n '__agnt_at \'identifiers list\'' -l per-page -x -d 'records per page'
complete -c agnt -n '__agnt_at \'identifiers create\'' -l type -x -a 'email phone external_id employee_id provider1 provider2 provider3 custom' -d 'type (one of: email, phone, external_id, employee_id, provider1, provider2, provider3, custom; required)'
complete -c agnt -n '__agnt_at \'identifiers create\'' -l value -x -d 'value (required)'
complete -c agnt -n '__agnt_at \'identifiers create\'' -l user-id -x -a '(__agnt_complete)' -d 'userId'
complete -c agnt -n '__agnt_at \'identifiers create\'' -l verified -d 'verified'
complete -c agnt -n '__agnt_at \'identifiers create\'' -l no-verified -d 'send verified: false'
complete -c agnt -n '__agnt_at \'identifiers create\'' -l label -x -d 'label (\'null\' to clear)'
complete -c agnt -n '__agnt_at \'identifiers create\'' -l platforms -x -d 'platforms (JSON or YAML text, or @file)'
complete -c agnt -n '__agnt_at \'identifiers create\'' -l user-data -x -d 'user to create when no --user-id (JSON or YAML text, or @file)'
complete -c agnt -n '__agnt_at \'identifiers create\'' -l data -x -d 'the whole request body as JSON; flags override its fields'
complete -c agnt -n '__agnt_at \'identifiers create\'' -l file -r -F -d 'the whole request body from a JSON or YAML file, or \'-\' for stdin; flags override its fields'
complete -c agnt -n '__agnt_at \'identifiers create\'' -l set -x -d 'set a (dotted) body field; repeatable'
complete -c agnt -n '__agnt_at \'identifiers get\'; and not string match -q -- \'-*\' (commandline -ct)' -f -a '(__agnt_complete)'
complete -c agnt -n '__agnt_at \'identifiers update\'' -l verified -d 'verified'
complete -c agnt -n '__agnt_at \'identifiers update\'' -l no-verified -d 'send verified: false'
complete -c agnt -n '__agnt_at \'identifiers update\'' -l label -x -d 'label (\'null\' to clear)'
complete -c agnt -n '__agnt_at \'identifiers update\'' -l platforms -x -d 'platforms (JSON or YAML text, or @file)'
complete -c agnt -n '__agnt_at \'identifiers update\'' -l metadata -x -d 'metadata (JSON or YAML text, or @file)'
complete -c agnt -n '__agnt_at \'identifiers update\'' -l data -x -d 'the whole request body as JSON; flags override its fields'
complete -c agnt -n '__agnt_at \'identifiers update\'' -l file -r -F -d 'the whole request body from a JSON or YAML file, or \'-\' for stdin; flags override its fields'
complete -c agnt -n '__agnt_at \'identifiers update\'' -l set -x -d 'set a (dotted) body field; repeatable'
complete -c agnt -n '__agnt_at \'identifiers update\'; and not string match -q -- \'-*\' (commandline -ct)' -f -a '(__agnt_complete)'
complete -c agnt -n '__agnt_at \'identifiers delete\'; and not string match -q -- \'-*\' (commandline -ct)' -f -a '(__agnt_complete)'
complete -c agnt -n '__agnt_at \'identifiers link\'' -l user-id -x -a '(__agnt_complete)' -d 'userId (required)'
complete -c agnt -n '__agnt_at \'identifiers link\'' -l data -x -d 'the whole request body as JSON; flags override its fields'
complete -c agnt -n '__agnt_at \'identifiers link\'' -l file -r -F -d 'the whole request body from a JSON or YAML file, or \'-\' for stdin; flags override its fields'
complete -c agnt -n '__agnt_at \'identifiers link\'' -l set -x -d 'set a (dotted) body field; repeatable'
complete -c agnt -n '__agnt_at \'identifiers link\'; and not string match -q -- \'-*\' (commandline -ct)' -f -a '(__agnt_complete)'
complete -c agnt -n '__agnt_at \'identifiers make-primary\'; and not string match -q -- \'-*\' (commandline -ct)' -f -a '(__agnt_complete)'
complete -c agnt -n '__agnt_at \'auth\'' -f -a 'login' -d 'log in to a server'
complete -c agnt -n '__agnt_at \'auth\'' -f -a 'status' -d 'show who you are logged in as'
complete -c agnt -n '__agnt_at \'auth\'' -f -a 'logout' -d 'forget the token of a profile'
complete -c agnt -n '__agnt_at \'auth login\'' -l with-token -d 'read the token from standard input'
complete -c agnt -n '__agnt_at \'config\'' -f -a 'list' -d 'list settings'
complete -c agnt -n '__agnt_at \'config\'' -f -a 'get' -d 'print a setting'
complete -c agnt -n '__agnt_at \'config\'' -f -a 'set' -d 'change a setting'
complete -c agnt -n '__agnt_at \'config\'' -f -a 'unset' -d 'remove a setting'
complete -c agnt -n '__agnt_at \'config\'' -f -a 'profiles' -d 'list profiles'
complete -c agnt -n '__agnt_at \'config\'' -f -a 'use' -d 'switch profile'
complete -c agnt -n '__agnt_at \'config\'' -f -a 'remove' -d 'delete a profile'
complete -c agnt -n '__agnt_at \'config use\'; and not string match -q -- \'-*\' (commandline -ct)' -f -a '(__agnt_complete)'
complete -c agnt -n '__agnt_at \'config remove\'; and not string match -q -- \'-*\' (commandline -ct)' -f -a '(__agnt_complete)'
complete -c agnt -n '__agnt_at \'sandbox\'' -f -a 'start' -d 'start the sandbox server'
complete -c agnt -n '__agnt_at \'sandbox start\'' -l port -x -d 'port (0 picks a free one)'
complete -c agnt -n '__agnt_at \'sandbox start\'' -l host -x -d 'loopback address to listen on'
complete -c agnt -n '__agnt_at \'sandbox start\'' -l data -r -F -d 'persist the state to this JSON file (loaded if it exists)'
complete -c agnt -n '__agnt_at \'sandbox start\'' -l no-profile -d 'do not write the `sandbox` profile'
complete -c agnt -n '__agnt_at \'api\'' -s F -l field -x -d 'typed field (repeatable)'
complete -c agnt -n '__agnt_at \'api\'' -s f -l raw-field -x -d 'string field (repeatable)'
complete -c agnt -n '__agnt_at \'api\'' -l file -r -F -d 'request body from a JSON or YAML file, or \'-\' for stdin'
complete -c agnt -n '__agnt_at \'api\'' -l paginate -d 'follow page/perPage/total until every page is read'
complete -c agnt -n '__agnt_at \'commands\'' -l markdown -d 'print the command reference (docs/commands.md) as Markdown'
complete -c agnt -n '__agnt_at \'completion\'; and not string match -q -- \'-*\' (commandline -ct)' -f -a 'bash zsh fish'
