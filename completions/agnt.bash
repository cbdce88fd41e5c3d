# bash completion for agnt. Generated from the command tree by `agnt completion bash`
# (npm run build writes completions/); do not edit by hand.
# Install: source this file from ~/.bashrc, or copy it to ~/.local/share/bash-completion/completions/agnt
# Ids are listed by `agnt __complete`, from the active profile's server (cached for a minute).

_agnt_gflags='--output --json --yaml --jsonl --fields --query --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --timeout'
_agnt_gvflags='-o --output --fields --query --profile --base-url --timeout'

# Sets what the command at a path offers: child commands, flags (_agnt_all: the global ones
# included), flags taking a value, the number of positionals and whether the last takes several words.
_agnt_node() {
  case $1 in
    '') _agnt_subs='chats users workspace identifiers assistants contacts auth config sandbox api commands completion' _agnt_flags='--version --output --json --yaml --jsonl --fields --query --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --timeout --help' _agnt_all=1 _agnt_vflags='-o --output --fields --query --profile --base-url --timeout' _agnt_npos=0 _agnt_var='' ;;
    'chats') _agnt_subs='list create get send process delete usage messages' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'chats list') _agnt_subs='' _agnt_flags='--status --assistant-id --context-id --q --all --limit --page --per-page --help' _agnt_all='' _agnt_vflags='--status --assistant-id --context-id --q --limit --page --per-page' _agnt_npos=0 _agnt_var='' ;;
    'chats create') _agnt_subs='' _agnt_flags='--assistant-id --user-id --title --context-id --metadata --data --file --set --help' _agnt_all='' _agnt_vflags='--assistant-id --user-id --title --context-id --metadata --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'chats get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'chats send') _agnt_subs='' _agnt_flags='--content --from --to --cc --subject --platform --reference-id --files --metadata --role --data --file --set --content-file --help' _agnt_all='' _agnt_vflags='--content --from --to --cc --subject --platform --reference-id --files --metadata --role --data --file --set --content-file' _agnt_npos=1 _agnt_var='' ;;
    'chats process') _agnt_subs='' _agnt_flags='--content --from --to --cc --subject --platform --reference-id --files --metadata --triggering-activity-id --data --file --set --content-file --help' _agnt_all='' _agnt_vflags='--content --from --to --cc --subject --platform --reference-id --files --metadata --triggering-activity-id --message --data --file --set --content-file' _agnt_npos=1 _agnt_var='' ;;
    'chats delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var=1 ;;
    'chats usage') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'chats messages') _agnt_subs='list get update delete clear' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'chats messages list') _agnt_subs='' _agnt_flags='--all --limit --page --per-page --help' _agnt_all='' _agnt_vflags='--limit --page --per-page' _agnt_npos=1 _agnt_var='' ;;
    'chats messages get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'chats messages update') _agnt_subs='' _agnt_flags='--content --files --metadata --data --file --set --help' _agnt_all='' _agnt_vflags='--content --files --metadata --data --file --set' _agnt_npos=2 _agnt_var='' ;;
    'chats messages delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'chats messages clear') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'users') _agnt_subs='me update-me profile list create get update delete set-assistant provision deprovision' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'users me') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'users update-me') _agnt_subs='' _agnt_flags='--first-name --last-name --timezone --locale --city --avatar --country --assistant --voice --coordinator-enabled --no-coordinator-enabled --data --file --set --help' _agnt_all='' _agnt_vflags='--first-name --last-name --timezone --locale --city --avatar --country --assistant --voice --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'users profile') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'users list') _agnt_subs='' _agnt_flags='--status --email --external-id --organization-id --search --all --limit --page --per-page --help' _agnt_all='' _agnt_vflags='--status --email --external-id --organization-id --search --limit --page --per-page' _agnt_npos=0 _agnt_var='' ;;
    'users create') _agnt_subs='' _agnt_flags='--email --name --first-name --last-name --avatar --timezone --locale --external-id --assistant-email --metadata --data --file --set --help' _agnt_all='' _agnt_vflags='--email --name --first-name --last-name --avatar --timezone --locale --external-id --assistant-email --metadata --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'users get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'users update') _agnt_subs='' _agnt_flags='--name --first-name --last-name --avatar --timezone --locale --external-id --status --assistant-email --organization --organization-role --manager-roles --metadata --data --file --set --help' _agnt_all='' _agnt_vflags='--name --first-name --last-name --avatar --timezone --locale --external-id --status --assistant-email --organization --organization-role --manager-roles --metadata --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'users delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'users set-assistant') _agnt_subs='' _agnt_flags='--assistant --data --file --set --help' _agnt_all='' _agnt_vflags='--assistant --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'users provision') _agnt_subs='' _agnt_flags='--email --id --team-id --first-name --last-name --data --file --set --help' _agnt_all='' _agnt_vflags='--email --id --team-id --first-name --last-name --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'users deprovision') _agnt_subs='' _agnt_flags='--email --team-id --data --file --set --help' _agnt_all='' _agnt_vflags='--email --team-id --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'workspace') _agnt_subs='profile snapshots cleanup' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'workspace profile') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'workspace snapshots') _agnt_subs='' _agnt_flags='--all --limit --page --per-page --help' _agnt_all='' _agnt_vflags='--limit --page --per-page' _agnt_npos=0 _agnt_var='' ;;
    'workspace cleanup') _agnt_subs='' _agnt_flags='--scope --data --file --set --help' _agnt_all='' _agnt_vflags='--scope --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'identifiers') _agnt_subs='list create get update delete link make-primary' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'identifiers list') _agnt_subs='' _agnt_flags='--type --user-id --all --limit --page --per-page --help' _agnt_all='' _agnt_vflags='--type --user-id --limit --page --per-page' _agnt_npos=0 _agnt_var='' ;;
    'identifiers create') _agnt_subs='' _agnt_flags='--type --value --user-id --verified --no-verified --label --platforms --user-data --data --file --set --help' _agnt_all='' _agnt_vflags='--type --value --user-id --label --platforms --user-data --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'identifiers get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'identifiers update') _agnt_subs='' _agnt_flags='--verified --no-verified --label --platforms --metadata --data --file --set --help' _agnt_all='' _agnt_vflags='--label --platforms --metadata --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'identifiers delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'identifiers link') _agnt_subs='' _agnt_flags='--user-id --data --file --set --help' _agnt_all='' _agnt_vflags='--user-id --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'identifiers make-primary') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'assistants') _agnt_subs='list all create get update delete generate user hire' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'assistants list') _agnt_subs='' _agnt_flags='--email --all --limit --page --per-page --help' _agnt_all='' _agnt_vflags='--email --limit --page --per-page' _agnt_npos=0 _agnt_var='' ;;
    'assistants all') _agnt_subs='' _agnt_flags='--all --limit --page --per-page --help' _agnt_all='' _agnt_vflags='--limit --page --per-page' _agnt_npos=0 _agnt_var='' ;;
    'assistants create') _agnt_subs='' _agnt_flags='--name --email --avatar --personality --signature --signature-editor-mode --backstory --pronouns --country --gender --writing-style --metadata --voice --appearance-description --tagline --display-personality --tag1 --tag2 --talk-to-strangers --no-talk-to-strangers --scope --organization --team --data --file --set --help' _agnt_all='' _agnt_vflags='--name --email --avatar --personality --signature --signature-editor-mode --backstory --pronouns --country --gender --writing-style --metadata --voice --appearance-description --tagline --display-personality --tag1 --tag2 --scope --organization --team --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'assistants get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'assistants update') _agnt_subs='' _agnt_flags='--name --email --avatar --personality --signature --signature-editor-mode --backstory --pronouns --country --gender --writing-style --metadata --voice --appearance-description --tagline --display-personality --tag1 --tag2 --talk-to-strangers --no-talk-to-strangers --scope --organization --team --status --inbox-platform --channels --carrier-c-credentials --data --file --set --help' _agnt_all='' _agnt_vflags='--name --email --avatar --personality --signature --signature-editor-mode --backstory --pronouns --country --gender --writing-style --metadata --voice --appearance-description --tagline --display-personality --tag1 --tag2 --scope --organization --team --status --inbox-platform --channels --carrier-c-credentials --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'assistants delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var=1 ;;
    'assistants generate') _agnt_subs='' _agnt_flags='--name --help' _agnt_all='' _agnt_vflags='--name' _agnt_npos=0 _agnt_var='' ;;
    'assistants user') _agnt_subs='get create update delete' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'assistants user get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'assistants user create') _agnt_subs='' _agnt_flags='--name --email --avatar --personality --signature --signature-editor-mode --backstory --pronouns --country --gender --writing-style --metadata --voice --data --file --set --help' _agnt_all='' _agnt_vflags='--name --email --avatar --personality --signature --signature-editor-mode --backstory --pronouns --country --gender --writing-style --metadata --voice --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'assistants user update') _agnt_subs='' _agnt_flags='--name --email --avatar --personality --signature --signature-editor-mode --backstory --pronouns --country --gender --writing-style --metadata --voice --appearance-description --tagline --display-personality --tag1 --tag2 --talk-to-strangers --no-talk-to-strangers --scope --organization --team --status --inbox-platform --channels --carrier-c-credentials --data --file --set --help' _agnt_all='' _agnt_vflags='--name --email --avatar --personality --signature --signature-editor-mode --backstory --pronouns --country --gender --writing-style --metadata --voice --appearance-description --tagline --display-personality --tag1 --tag2 --scope --organization --team --status --inbox-platform --channels --carrier-c-credentials --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'assistants user delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'assistants hire') _agnt_subs='' _agnt_flags='--assistant-id --data --file --set --help' _agnt_all='' _agnt_vflags='--assistant-id --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'contacts') _agnt_subs='list create get update delete merge bulk-tag relationships external-ids properties' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'contacts list') _agnt_subs='' _agnt_flags='--user-id --status --search --q --scope --source-type --tags --all --limit --page --per-page --help' _agnt_all='' _agnt_vflags='--user-id --status --search --q --scope --source-type --tags --limit --page --per-page' _agnt_npos=0 _agnt_var='' ;;
    'contacts create') _agnt_subs='' _agnt_flags='--email --name --preferred-name --company --title --timezone --consumer-email --phones --emails --source --external-ids --properties --scope --tags --priority --inherit-company-priority --no-inherit-company-priority --team --data --file --set --help' _agnt_all='' _agnt_vflags='--email --name --preferred-name --company --title --timezone --consumer-email --phones --emails --source --external-ids --properties --scope --tags --priority --team --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'contacts get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'contacts update') _agnt_subs='' _agnt_flags='--name --timezone --status --preferred-name --company --title --website --booking-link --introduced-by --phones --emails --social --address --last-contacted-at --enriched-at --properties --scope --tags --priority --inherit-company-priority --no-inherit-company-priority --team --data --file --set --help' _agnt_all='' _agnt_vflags='--name --timezone --status --preferred-name --company --title --website --booking-link --introduced-by --phones --emails --social --address --last-contacted-at --enriched-at --properties --scope --tags --priority --team --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'contacts delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var=1 ;;
    'contacts merge') _agnt_subs='' _agnt_flags='--merge-contact-id --preferred-email --data --file --set --help' _agnt_all='' _agnt_vflags='--merge-contact-id --preferred-email --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'contacts bulk-tag') _agnt_subs='' _agnt_flags='--ids --add --remove --data --file --set --help' _agnt_all='' _agnt_vflags='--ids --add --remove --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'contacts relationships') _agnt_subs='add update remove' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'contacts relationships add') _agnt_subs='' _agnt_flags='--to-contact-id --type --role --is-primary --no-is-primary --notes --data --file --set --help' _agnt_all='' _agnt_vflags='--to-contact-id --type --role --notes --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'contacts relationships update') _agnt_subs='' _agnt_flags='--role --is-primary --no-is-primary --notes --data --file --set --help' _agnt_all='' _agnt_vflags='--role --notes --data --file --set' _agnt_npos=2 _agnt_var='' ;;
    'contacts relationships remove') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'contacts external-ids') _agnt_subs='set find' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'contacts external-ids set') _agnt_subs='' _agnt_flags='--external-id --data --file --set --help' _agnt_all='' _agnt_vflags='--external-id --data --file --set' _agnt_npos=2 _agnt_var='' ;;
    'contacts external-ids find') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'contacts properties') _agnt_subs='list set' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'contacts properties list') _agnt_subs='' _agnt_flags='--entity-type --all --limit --page --per-page --help' _agnt_all='' _agnt_vflags='--entity-type --limit --page --per-page' _agnt_npos=0 _agnt_var='' ;;
    'contacts properties set') _agnt_subs='' _agnt_flags='--label --type --options --show-for-all --no-show-for-all --scope --team --data --file --set --help' _agnt_all='' _agnt_vflags='--label --type --options --scope --team --data --file --set' _agnt_npos=2 _agnt_var='' ;;
    'auth') _agnt_subs='login status logout' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'auth login') _agnt_subs='' _agnt_flags='--with-token --help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'auth status') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'auth logout') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'config') _agnt_subs='list get set unset profiles use remove' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'config list') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'config get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'config set') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'config unset') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'config profiles') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'config use') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'config remove') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'sandbox') _agnt_subs='start' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'sandbox start') _agnt_subs='' _agnt_flags='--port --host --data --no-profile --help' _agnt_all='' _agnt_vflags='--port --host --data' _agnt_npos=0 _agnt_var='' ;;
    'api') _agnt_subs='' _agnt_flags='--field --raw-field --file --paginate --help' _agnt_all='' _agnt_vflags='-F --field -f --raw-field --file' _agnt_npos=2 _agnt_var='' ;;
    'commands') _agnt_subs='' _agnt_flags='--markdown --help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'completion') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    *) _agnt_subs= _agnt_flags= _agnt_all= _agnt_vflags= _agnt_npos=0 _agnt_var= ;;
  esac
}

# The child command a word (name or alias) names under a path.
_agnt_child() {
  case $1'|'$2 in
    '|chats'|'|chat') _agnt_next='chats' ;;
    '|users'|'|user') _agnt_next='users' ;;
    '|workspace') _agnt_next='workspace' ;;
    '|identifiers'|'|identifier'|'|ids') _agnt_next='identifiers' ;;
    '|assistants'|'|assistant') _agnt_next='assistants' ;;
    '|contacts'|'|contact') _agnt_next='contacts' ;;
    '|auth') _agnt_next='auth' ;;
    '|config') _agnt_next='config' ;;
    '|sandbox') _agnt_next='sandbox' ;;
    '|api') _agnt_next='api' ;;
    '|commands') _agnt_next='commands' ;;
    '|completion') _agnt_next='completion' ;;
    'chats|list'|'chats|ls') _agnt_next='chats list' ;;
    'chats|create') _agnt_next='chats create' ;;
    'chats|get'|'chats|show') _agnt_next='chats get' ;;
    'chats|send') _agnt_next='chats send' ;;
    'chats|process') _agnt_next='chats process' ;;
    'chats|delete'|'chats|rm') _agnt_next='chats delete' ;;
    'chats|usage') _agnt_next='chats usage' ;;
    'chats|messages') _agnt_next='chats messages' ;;
    'chats messages|list'|'chats messages|ls') _agnt_next='chats messages list' ;;
    'chats messages|get'|'chats messages|show') _agnt_next='chats messages get' ;;
    'chats messages|update') _agnt_next='chats messages update' ;;
    'chats messages|delete'|'chats messages|rm') _agnt_next='chats messages delete' ;;
    'chats messages|clear') _agnt_next='chats messages clear' ;;
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
    'assistants|list'|'assistants|ls') _agnt_next='assistants list' ;;
    'assistants|all') _agnt_next='assistants all' ;;
    'assistants|create') _agnt_next='assistants create' ;;
    'assistants|get'|'assistants|show') _agnt_next='assistants get' ;;
    'assistants|update') _agnt_next='assistants update' ;;
    'assistants|delete'|'assistants|rm') _agnt_next='assistants delete' ;;
    'assistants|generate') _agnt_next='assistants generate' ;;
    'assistants|user') _agnt_next='assistants user' ;;
    'assistants|hire') _agnt_next='assistants hire' ;;
    'assistants user|get'|'assistants user|show') _agnt_next='assistants user get' ;;
    'assistants user|create') _agnt_next='assistants user create' ;;
    'assistants user|update') _agnt_next='assistants user update' ;;
    'assistants user|delete'|'assistants user|rm') _agnt_next='assistants user delete' ;;
    'contacts|list'|'contacts|ls') _agnt_next='contacts list' ;;
    'contacts|create') _agnt_next='contacts create' ;;
    'contacts|get'|'contacts|show') _agnt_next='contacts get' ;;
    'contacts|update') _agnt_next='contacts update' ;;
    'contacts|delete'|'contacts|rm') _agnt_next='contacts delete' ;;
    'contacts|merge') _agnt_next='contacts merge' ;;
    'contacts|bulk-tag') _agnt_next='contacts bulk-tag' ;;
    'contacts|relationships') _agnt_next='contacts relationships' ;;
    'contacts|external-ids') _agnt_next='contacts external-ids' ;;
    'contacts|properties') _agnt_next='contacts properties' ;;
    'contacts relationships|add') _agnt_next='contacts relationships add' ;;
    'contacts relationships|update') _agnt_next='contacts relationships update' ;;
    'contacts relationships|remove'|'contacts relationships|rm'|'contacts relationships|delete') _agnt_next='contacts relationships remove' ;;
    'contacts external-ids|set') _agnt_next='contacts external-ids set' ;;
    'contacts external-ids|find'|'contacts external-ids|get') _agnt_next='contacts external-ids find' ;;
    'contacts properties|list'|'contacts properties|ls') _agnt_next='contacts properties list' ;;
    'contacts properties|set') _agnt_next='contacts properties set' ;;
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
    'chats list|--assistant-id') _agnt_v='@dyn' ;;
    'chats create|--assistant-id') _agnt_v='@dyn' ;;
    'chats create|--user-id') _agnt_v='@dyn' ;;
    'chats create|--file') _agnt_v='@file' ;;
    'chats get|#0') _agnt_v='@dyn' ;;
    'chats send|--platform') _agnt_v='chat email appchatA teams sms appmsgA appmsgB phone appmsgC appmsgD task_activity' ;;
    'chats send|--file') _agnt_v='@file' ;;
    'chats send|--content-file') _agnt_v='@file' ;;
    'chats send|#0') _agnt_v='@dyn' ;;
    'chats process|--platform') _agnt_v='chat email appchatA teams sms appmsgA appmsgB phone appmsgC appmsgD task_activity' ;;
    'chats process|--file') _agnt_v='@file' ;;
    'chats process|--content-file') _agnt_v='@file' ;;
    'chats process|#0') _agnt_v='@dyn' ;;
    'chats delete|#0') _agnt_v='@dyn' ;;
    'chats usage|#0') _agnt_v='@dyn' ;;
    'chats messages list|#0') _agnt_v='@dyn' ;;
    'chats messages get|#0') _agnt_v='@dyn' ;;
    'chats messages get|#1') _agnt_v='@dyn' ;;
    'chats messages update|--file') _agnt_v='@file' ;;
    'chats messages update|#0') _agnt_v='@dyn' ;;
    'chats messages update|#1') _agnt_v='@dyn' ;;
    'chats messages delete|#0') _agnt_v='@dyn' ;;
    'chats messages delete|#1') _agnt_v='@dyn' ;;
    'chats messages clear|#0') _agnt_v='@dyn' ;;
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
    'assistants create|--signature-editor-mode') _agnt_v='visual html' ;;
    'assistants create|--gender') _agnt_v='male female other' ;;
    'assistants create|--scope') _agnt_v='account organization team user' ;;
    'assistants create|--file') _agnt_v='@file' ;;
    'assistants get|#0') _agnt_v='@dyn' ;;
    'assistants update|--signature-editor-mode') _agnt_v='visual html' ;;
    'assistants update|--gender') _agnt_v='male female other' ;;
    'assistants update|--scope') _agnt_v='account organization team user' ;;
    'assistants update|--status') _agnt_v='active inactive' ;;
    'assistants update|--inbox-platform') _agnt_v='bulkmail provider1 provider2mail' ;;
    'assistants update|--file') _agnt_v='@file' ;;
    'assistants update|#0') _agnt_v='@dyn' ;;
    'assistants delete|#0') _agnt_v='@dyn' ;;
    'assistants user get|#0') _agnt_v='@dyn' ;;
    'assistants user create|--signature-editor-mode') _agnt_v='visual html' ;;
    'assistants user create|--gender') _agnt_v='male female other' ;;
    'assistants user create|--file') _agnt_v='@file' ;;
    'assistants user create|#0') _agnt_v='@dyn' ;;
    'assistants user update|--signature-editor-mode') _agnt_v='visual html' ;;
    'assistants user update|--gender') _agnt_v='male female other' ;;
    'assistants user update|--scope') _agnt_v='account organization team user' ;;
    'assistants user update|--status') _agnt_v='active inactive' ;;
    'assistants user update|--inbox-platform') _agnt_v='bulkmail provider1 provider2mail' ;;
    'assistants user update|--file') _agnt_v='@file' ;;
    'assistants user update|#0') _agnt_v='@dyn' ;;
    'assistants user delete|#0') _agnt_v='@dyn' ;;
    'assistants hire|--assistant-id') _agnt_v='@dyn' ;;
    'assistants hire|--file') _agnt_v='@file' ;;
    'assistants hire|#0') _agnt_v='@dyn' ;;
    'contacts list|--user-id') _agnt_v='@dyn' ;;
    'contacts list|--scope') _agnt_v='user team' ;;
    'contacts create|--scope') _agnt_v='user team' ;;
    'contacts create|--file') _agnt_v='@file' ;;
    'contacts get|#0') _agnt_v='@dyn' ;;
    'contacts update|--scope') _agnt_v='user team' ;;
    'contacts update|--file') _agnt_v='@file' ;;
    'contacts update|#0') _agnt_v='@dyn' ;;
    'contacts delete|#0') _agnt_v='@dyn' ;;
    'contacts merge|--file') _agnt_v='@file' ;;
    'contacts merge|#0') _agnt_v='@dyn' ;;
    'contacts bulk-tag|--file') _agnt_v='@file' ;;
    'contacts relationships add|--type') _agnt_v='coordinates partner assistant parent other' ;;
    'contacts relationships add|--file') _agnt_v='@file' ;;
    'contacts relationships add|#0') _agnt_v='@dyn' ;;
    'contacts relationships update|--file') _agnt_v='@file' ;;
    'contacts relationships update|#0') _agnt_v='@dyn' ;;
    'contacts relationships update|#1') _agnt_v='@dyn' ;;
    'contacts relationships remove|#0') _agnt_v='@dyn' ;;
    'contacts relationships remove|#1') _agnt_v='@dyn' ;;
    'contacts external-ids set|--file') _agnt_v='@file' ;;
    'contacts external-ids set|#0') _agnt_v='@dyn' ;;
    'contacts properties list|--entity-type') _agnt_v='contact company' ;;
    'contacts properties set|--type') _agnt_v='text number date boolean select url' ;;
    'contacts properties set|--scope') _agnt_v='user team' ;;
    'contacts properties set|--file') _agnt_v='@file' ;;
    'contacts properties set|#0') _agnt_v='contact company' ;;
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
  local cword=$COMP_CWORD cur=${COMP_WORDS[COMP_CWORD]} cmdpath= w pending= vflag= vf= dd= i line
  local _agnt_subs _agnt_flags _agnt_all _agnt_vflags _agnt_npos _agnt_var _agnt_next _agnt_v
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
    COMPREPLY=($(compgen -W "$_agnt_flags" -- "$cur"))
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
