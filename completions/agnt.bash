# bash completion for agnt. Generated from the command tree by `agnt completion bash`
# (npm run build writes completions/); do not edit by hand.
# Install: source this file from ~/.bashrc, or copy it to ~/.local/share/bash-completion/completions/agnt
# Ids are listed by `agnt __complete`, from the active profile's server (cached for a minute).

_agnt_gflags='--output --json --yaml --jsonl --fields --query --csv-raw --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --timeout --guardrails'
_agnt_gvflags='-o --output --fields --query --profile --base-url --timeout --guardrails'

# Sets what the command at a path offers: child commands, flags (_agnt_all: the global ones
# included), flags taking a value, the number of positionals and whether the last takes several words.
_agnt_node() {
  case $1 in
    '') _agnt_subs='users workspace identifiers chats contacts assistants drive preferences onboarding org teams invitations org-requests coordinator coverage backup-rules manager-assignments delegations booking-links usage calendars auth config sandbox mcp changes undo keys approve alias extension api inbox console wait batch commands completion version' _agnt_flags='--version --output --json --yaml --jsonl --fields --query --csv-raw --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --timeout --guardrails --help' _agnt_all=1 _agnt_vflags='-o --output --fields --query --profile --base-url --timeout --guardrails' _agnt_npos=0 _agnt_var='' ;;
    'users') _agnt_subs='me update-me profile list create get update delete set-assistant provision deprovision' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'users me') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'users update-me') _agnt_subs='' _agnt_flags='--first-name --last-name --timezone --locale --city --avatar --country --assistant --voice --coordinator-enabled --no-coordinator-enabled --data --file --set --help' _agnt_all='' _agnt_vflags='--first-name --last-name --timezone --locale --city --avatar --country --assistant --voice --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'users profile') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'users list') _agnt_subs='' _agnt_flags='--status --email --external-id --organization-id --search --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--status --email --external-id --organization-id --search --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'users create') _agnt_subs='' _agnt_flags='--email --name --first-name --last-name --avatar --timezone --locale --external-id --assistant-email --metadata --data --file --set --help' _agnt_all='' _agnt_vflags='--email --name --first-name --last-name --avatar --timezone --locale --external-id --assistant-email --metadata --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'users get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'users update') _agnt_subs='' _agnt_flags='--name --first-name --last-name --avatar --timezone --locale --external-id --status --assistant-email --organization --organization-role --manager-roles --metadata --data --file --set --help' _agnt_all='' _agnt_vflags='--name --first-name --last-name --avatar --timezone --locale --external-id --status --assistant-email --organization --organization-role --manager-roles --metadata --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'users delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'users set-assistant') _agnt_subs='' _agnt_flags='--assistant --data --file --set --help' _agnt_all='' _agnt_vflags='--assistant --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'users provision') _agnt_subs='' _agnt_flags='--email --id --team-id --first-name --last-name --data --file --set --help' _agnt_all='' _agnt_vflags='--email --id --team-id --first-name --last-name --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'users deprovision') _agnt_subs='' _agnt_flags='--email --team-id --data --file --set --help' _agnt_all='' _agnt_vflags='--email --team-id --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'workspace') _agnt_subs='profile snapshots cleanup' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'workspace profile') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'workspace snapshots') _agnt_subs='' _agnt_flags='--all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'workspace cleanup') _agnt_subs='' _agnt_flags='--scope --data --file --set --help' _agnt_all='' _agnt_vflags='--scope --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'identifiers') _agnt_subs='list create get update delete link make-primary' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'identifiers list') _agnt_subs='' _agnt_flags='--type --user-id --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--type --user-id --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'identifiers create') _agnt_subs='' _agnt_flags='--type --value --user-id --verified --no-verified --label --platforms --user-data --data --file --set --help' _agnt_all='' _agnt_vflags='--type --value --user-id --label --platforms --user-data --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'identifiers get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'identifiers update') _agnt_subs='' _agnt_flags='--verified --no-verified --label --platforms --metadata --data --file --set --help' _agnt_all='' _agnt_vflags='--label --platforms --metadata --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'identifiers delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'identifiers link') _agnt_subs='' _agnt_flags='--user-id --data --file --set --help' _agnt_all='' _agnt_vflags='--user-id --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'identifiers make-primary') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'chats') _agnt_subs='list create get send process delete usage messages' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'chats list') _agnt_subs='' _agnt_flags='--status --assistant-id --context-id --q --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--status --assistant-id --context-id --q --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'chats create') _agnt_subs='' _agnt_flags='--assistant-id --user-id --title --context-id --metadata --data --file --set --help' _agnt_all='' _agnt_vflags='--assistant-id --user-id --title --context-id --metadata --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'chats get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'chats send') _agnt_subs='' _agnt_flags='--reference-id --role --from --subject --platform --to --cc --content --files --metadata --data --file --set --content-file --help' _agnt_all='' _agnt_vflags='--reference-id --role --from --subject --platform --to --cc --content --files --metadata --data --file --set --content-file' _agnt_npos=1 _agnt_var='' ;;
    'chats process') _agnt_subs='' _agnt_flags='--triggering-activity-id --content --from --to --cc --subject --platform --reference-id --files --metadata --data --file --set --content-file --help' _agnt_all='' _agnt_vflags='--triggering-activity-id --message --content --from --to --cc --subject --platform --reference-id --files --metadata --data --file --set --content-file' _agnt_npos=1 _agnt_var='' ;;
    'chats delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var=1 ;;
    'chats usage') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'chats messages') _agnt_subs='list get update delete clear' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'chats messages list') _agnt_subs='' _agnt_flags='--all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--limit --page --per-page --tz' _agnt_npos=1 _agnt_var='' ;;
    'chats messages get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'chats messages update') _agnt_subs='' _agnt_flags='--content --files --metadata --data --file --set --help' _agnt_all='' _agnt_vflags='--content --files --metadata --data --file --set' _agnt_npos=2 _agnt_var='' ;;
    'chats messages delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'chats messages clear') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'contacts') _agnt_subs='list create get update delete merge bulk-tag relationships external-ids properties bulk-import import' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'contacts list') _agnt_subs='' _agnt_flags='--user-id --status --search --q --scope --source-type --tags --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--user-id --status --search --q --scope --source-type --tags --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'contacts create') _agnt_subs='' _agnt_flags='--email --name --preferred-name --company --title --timezone --consumer-email --phones --emails --source --external-ids --properties --scope --team --tags --priority --inherit-company-priority --no-inherit-company-priority --data --file --set --help' _agnt_all='' _agnt_vflags='--email --name --preferred-name --company --title --timezone --consumer-email --phones --emails --source --external-ids --properties --scope --team --tags --priority --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'contacts get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'contacts update') _agnt_subs='' _agnt_flags='--name --timezone --status --preferred-name --company --title --website --booking-link --introduced-by --phones --emails --social --address --last-contacted-at --enriched-at --properties --scope --team --tags --priority --inherit-company-priority --no-inherit-company-priority --data --file --set --help' _agnt_all='' _agnt_vflags='--name --timezone --status --preferred-name --company --title --website --booking-link --introduced-by --phones --emails --social --address --last-contacted-at --enriched-at --properties --scope --team --tags --priority --data --file --set' _agnt_npos=1 _agnt_var='' ;;
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
    'contacts properties list') _agnt_subs='' _agnt_flags='--entity-type --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--entity-type --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'contacts properties set') _agnt_subs='' _agnt_flags='--label --type --options --show-for-all --no-show-for-all --scope --team --data --file --set --help' _agnt_all='' _agnt_vflags='--label --type --options --scope --team --data --file --set' _agnt_npos=2 _agnt_var='' ;;
    'contacts bulk-import') _agnt_subs='' _agnt_flags='--contacts --data --file --set --help' _agnt_all='' _agnt_vflags='--contacts --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'contacts import') _agnt_subs='' _agnt_flags='--map --properties-from --tags --batch-size --concurrency --errors-out --ledger --resume --delimiter --encoding --no-header --help' _agnt_all='' _agnt_vflags='--map --properties-from --tags --batch-size --concurrency --errors-out --ledger --delimiter --encoding' _agnt_npos=1 _agnt_var='' ;;
    'assistants') _agnt_subs='list all create get update delete generate user hire' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'assistants list') _agnt_subs='' _agnt_flags='--email --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--email --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'assistants all') _agnt_subs='' _agnt_flags='--all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'assistants create') _agnt_subs='' _agnt_flags='--name --email --avatar --personality --signature --backstory --pronouns --country --signature-editor-mode --gender --writing-style --metadata --voice --scope --organization --team --appearance-description --tagline --display-personality --tag1 --tag2 --talk-to-strangers --no-talk-to-strangers --data --file --set --help' _agnt_all='' _agnt_vflags='--name --email --avatar --personality --signature --backstory --pronouns --country --signature-editor-mode --gender --writing-style --metadata --voice --scope --organization --team --appearance-description --tagline --display-personality --tag1 --tag2 --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'assistants get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'assistants update') _agnt_subs='' _agnt_flags='--name --email --avatar --personality --signature --backstory --pronouns --country --signature-editor-mode --gender --writing-style --metadata --voice --scope --organization --team --appearance-description --tagline --display-personality --tag1 --tag2 --talk-to-strangers --no-talk-to-strangers --status --inbox-platform --channels --carrier-c-credentials --data --file --set --help' _agnt_all='' _agnt_vflags='--name --email --avatar --personality --signature --backstory --pronouns --country --signature-editor-mode --gender --writing-style --metadata --voice --scope --organization --team --appearance-description --tagline --display-personality --tag1 --tag2 --status --inbox-platform --channels --carrier-c-credentials --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'assistants delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var=1 ;;
    'assistants generate') _agnt_subs='' _agnt_flags='--name --help' _agnt_all='' _agnt_vflags='--name' _agnt_npos=0 _agnt_var='' ;;
    'assistants user') _agnt_subs='get create update delete' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'assistants user get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'assistants user create') _agnt_subs='' _agnt_flags='--name --email --avatar --personality --signature --backstory --pronouns --country --signature-editor-mode --gender --writing-style --metadata --voice --data --file --set --help' _agnt_all='' _agnt_vflags='--name --email --avatar --personality --signature --backstory --pronouns --country --signature-editor-mode --gender --writing-style --metadata --voice --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'assistants user update') _agnt_subs='' _agnt_flags='--name --email --avatar --personality --signature --backstory --pronouns --country --signature-editor-mode --gender --writing-style --metadata --voice --scope --organization --team --appearance-description --tagline --display-personality --tag1 --tag2 --talk-to-strangers --no-talk-to-strangers --status --inbox-platform --channels --carrier-c-credentials --data --file --set --help' _agnt_all='' _agnt_vflags='--name --email --avatar --personality --signature --backstory --pronouns --country --signature-editor-mode --gender --writing-style --metadata --voice --scope --organization --team --appearance-description --tagline --display-personality --tag1 --tag2 --status --inbox-platform --channels --carrier-c-credentials --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'assistants user delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'assistants hire') _agnt_subs='' _agnt_flags='--assistant-id --data --file --set --help' _agnt_all='' _agnt_vflags='--assistant-id --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'drive') _agnt_subs='storage list shared get delete upload download confirm move share unshare link-task process activities versions restore' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'drive storage') _agnt_subs='' _agnt_flags='--user --help' _agnt_all='' _agnt_vflags='--user' _agnt_npos=0 _agnt_var='' ;;
    'drive list') _agnt_subs='' _agnt_flags='--user --status --search --folder --kind --event-id --note-type --tags --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--user --status --search --folder --kind --event-id --note-type --tags --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'drive shared') _agnt_subs='' _agnt_flags='--user --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--user --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'drive get') _agnt_subs='' _agnt_flags='--user --help' _agnt_all='' _agnt_vflags='--user' _agnt_npos=1 _agnt_var='' ;;
    'drive delete') _agnt_subs='' _agnt_flags='--user --help' _agnt_all='' _agnt_vflags='--user' _agnt_npos=1 _agnt_var=1 ;;
    'drive upload') _agnt_subs='' _agnt_flags='--user --name --mime-type --folder --help' _agnt_all='' _agnt_vflags='--user --name --mime-type --folder' _agnt_npos=1 _agnt_var=1 ;;
    'drive download') _agnt_subs='' _agnt_flags='--user --out --output --force --help --json --yaml --jsonl --fields --query --csv-raw --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --timeout --guardrails' _agnt_all=1 _agnt_vflags='--user --out -o --output --fields --query --profile --base-url --timeout --guardrails' _agnt_npos=1 _agnt_var='' ;;
    'drive confirm') _agnt_subs='' _agnt_flags='--user --size --data --file --set --help' _agnt_all='' _agnt_vflags='--user --size --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'drive move') _agnt_subs='' _agnt_flags='--user --folder --data --file --set --help' _agnt_all='' _agnt_vflags='--user --folder --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'drive share') _agnt_subs='' _agnt_flags='--user --team --organization --data --file --set --help' _agnt_all='' _agnt_vflags='--user --team --organization --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'drive unshare') _agnt_subs='' _agnt_flags='--user --data --file --set --help' _agnt_all='' _agnt_vflags='--user --team --organization --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'drive link-task') _agnt_subs='' _agnt_flags='--user --task-id --data --file --set --help' _agnt_all='' _agnt_vflags='--user --task-id --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'drive process') _agnt_subs='' _agnt_flags='--user --message --assistant-id --data --file --set --help' _agnt_all='' _agnt_vflags='--user --message --assistant-id --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'drive activities') _agnt_subs='' _agnt_flags='--user --help' _agnt_all='' _agnt_vflags='--user' _agnt_npos=1 _agnt_var='' ;;
    'drive versions') _agnt_subs='' _agnt_flags='--user --help' _agnt_all='' _agnt_vflags='--user' _agnt_npos=1 _agnt_var='' ;;
    'drive restore') _agnt_subs='' _agnt_flags='--user --help' _agnt_all='' _agnt_vflags='--user' _agnt_npos=2 _agnt_var='' ;;
    'preferences') _agnt_subs='identifier skill scheduling reminders matrix exceptions' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'preferences identifier') _agnt_subs='get' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'preferences identifier get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'preferences skill') _agnt_subs='get set' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'preferences skill get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'preferences skill set') _agnt_subs='' _agnt_flags='--data --file --set --help' _agnt_all='' _agnt_vflags='--data --file --set' _agnt_npos=2 _agnt_var='' ;;
    'preferences scheduling') _agnt_subs='get set' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'preferences scheduling get') _agnt_subs='' _agnt_flags='--user --help' _agnt_all='' _agnt_vflags='--user' _agnt_npos=0 _agnt_var='' ;;
    'preferences scheduling set') _agnt_subs='' _agnt_flags='--user --sync --no-sync --availability --defaults --calendars --buffers --custom-event-titles --data --file --set --help' _agnt_all='' _agnt_vflags='--user --availability --defaults --calendars --buffers --custom-event-titles --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'preferences reminders') _agnt_subs='get update' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'preferences reminders get') _agnt_subs='' _agnt_flags='--user --help' _agnt_all='' _agnt_vflags='--user' _agnt_npos=0 _agnt_var='' ;;
    'preferences reminders update') _agnt_subs='' _agnt_flags='--user --level --smart-reminders --no-smart-reminders --recipient --calendars --email --appchat-a --teams --desktop --check-in-after --data --file --set --help' _agnt_all='' _agnt_vflags='--user --level --recipient --calendars --email --appchat-a --teams --desktop --check-in-after --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'preferences matrix') _agnt_subs='get patch reset' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'preferences matrix get') _agnt_subs='' _agnt_flags='--user --help' _agnt_all='' _agnt_vflags='--user' _agnt_npos=0 _agnt_var='' ;;
    'preferences matrix patch') _agnt_subs='' _agnt_flags='--user --email-as-user --email-as-assistant --messaging --voice-call --voice-call-as-assistant --voice-call-as-user --calendar --files --drive --contacts --third-party-skills --website --locked --exceptions --data --file --set --help' _agnt_all='' _agnt_vflags='--user --email-as-user --email-as-assistant --messaging --voice-call --voice-call-as-assistant --voice-call-as-user --calendar --files --drive --contacts --third-party-skills --website --locked --exceptions --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'preferences matrix reset') _agnt_subs='' _agnt_flags='--user --help' _agnt_all='' _agnt_vflags='--user' _agnt_npos=0 _agnt_var='' ;;
    'preferences exceptions') _agnt_subs='add remove' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'preferences exceptions add') _agnt_subs='' _agnt_flags='--user --label --match --mode --time-boxed-window-min --time-boxed-expiry --undo-delay-sec --applies-to --data --file --set --help' _agnt_all='' _agnt_vflags='--user --label --match --mode --time-boxed-window-min --time-boxed-expiry --undo-delay-sec --applies-to --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'preferences exceptions remove') _agnt_subs='' _agnt_flags='--user --help' _agnt_all='' _agnt_vflags='--user' _agnt_npos=1 _agnt_var=1 ;;
    'onboarding') _agnt_subs='run list current get findings week-labels answers proposals finalize' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'onboarding run') _agnt_subs='' _agnt_flags='--data --file --set --help' _agnt_all='' _agnt_vflags='--data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'onboarding list') _agnt_subs='' _agnt_flags='--all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'onboarding current') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'onboarding get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'onboarding findings') _agnt_subs='review' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'onboarding findings review') _agnt_subs='' _agnt_flags='--state --user-edits --data --file --set --help' _agnt_all='' _agnt_vflags='--state --user-edits --data --file --set' _agnt_npos=2 _agnt_var='' ;;
    'onboarding week-labels') _agnt_subs='set' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'onboarding week-labels set') _agnt_subs='' _agnt_flags='--labels --data --file --set --help' _agnt_all='' _agnt_vflags='--labels --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'onboarding answers') _agnt_subs='up-front earned' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'onboarding answers up-front') _agnt_subs='' _agnt_flags='--role-one-liner --scheduling-annoyance --data --file --set --help' _agnt_all='' _agnt_vflags='--role-one-liner --scheduling-annoyance --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'onboarding answers earned') _agnt_subs='' _agnt_flags='--data --file --set --help' _agnt_all='' _agnt_vflags='--data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'onboarding proposals') _agnt_subs='review' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'onboarding proposals review') _agnt_subs='' _agnt_flags='--state --sentence --data --file --set --help' _agnt_all='' _agnt_vflags='--state --sentence --data --file --set' _agnt_npos=2 _agnt_var='' ;;
    'onboarding finalize') _agnt_subs='' _agnt_flags='--apply-preferences --no-apply-preferences --save-memories --no-save-memories --data --file --set --help' _agnt_all='' _agnt_vflags='--data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'org') _agnt_subs='list create get update delete domains sso scim-token members audit-events audit-logging model-tiers profile export validate plan apply drift explain' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'org list') _agnt_subs='' _agnt_flags='--all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'org create') _agnt_subs='' _agnt_flags='--name --data --file --set --help' _agnt_all='' _agnt_vflags='--name --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'org get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'org update') _agnt_subs='' _agnt_flags='--name --default-team --default-assistant --data --file --set --help' _agnt_all='' _agnt_vflags='--name --default-team --default-assistant --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'org delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'org domains') _agnt_subs='list add get update remove verify' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'org domains list') _agnt_subs='' _agnt_flags='--all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--limit --page --per-page --tz' _agnt_npos=1 _agnt_var='' ;;
    'org domains add') _agnt_subs='' _agnt_flags='--domain --auto-join --no-auto-join --data --file --set --help' _agnt_all='' _agnt_vflags='--domain --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'org domains get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'org domains update') _agnt_subs='' _agnt_flags='--auto-join --no-auto-join --data --file --set --help' _agnt_all='' _agnt_vflags='--data --file --set' _agnt_npos=2 _agnt_var='' ;;
    'org domains remove') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'org domains verify') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'org sso') _agnt_subs='get set disable' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'org sso get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'org sso set') _agnt_subs='' _agnt_flags='--enabled --no-enabled --enforced --no-enforced --provider --provider1-workspace --provider2-directory --saml --scim --member-sync --data --file --set --guided --help' _agnt_all='' _agnt_vflags='--provider --provider1-workspace --provider2-directory --saml --scim --member-sync --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'org sso disable') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'org scim-token') _agnt_subs='rotate' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'org scim-token rotate') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'org members') _agnt_subs='list add remove sync' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'org members list') _agnt_subs='' _agnt_flags='--search --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--search --limit --page --per-page --tz' _agnt_npos=1 _agnt_var='' ;;
    'org members add') _agnt_subs='' _agnt_flags='--email --data --file --set --help' _agnt_all='' _agnt_vflags='--email --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'org members remove') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'org members sync') _agnt_subs='' _agnt_flags='--from --preview --add-only --remove-only --max-removals --action-csv --email-column --role-column --input-format --help' _agnt_all='' _agnt_vflags='--from --max-removals --action-csv --email-column --role-column --input-format' _agnt_npos=1 _agnt_var='' ;;
    'org audit-events') _agnt_subs='list tail' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'org audit-events list') _agnt_subs='' _agnt_flags='--actor --action --entity-type --after --before --since --tz --all --limit --page --per-page --help' _agnt_all='' _agnt_vflags='--actor --action --entity-type --after --before --since --tz --limit --page --per-page' _agnt_npos=1 _agnt_var='' ;;
    'org audit-events tail') _agnt_subs='' _agnt_flags='--actor --action --entity-type --since --follow --interval --cursor-file --schema --tz --help' _agnt_all='' _agnt_vflags='--actor --action --entity-type --since --interval --cursor-file --schema --tz' _agnt_npos=1 _agnt_var='' ;;
    'org audit-logging') _agnt_subs='get set deliver job' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'org audit-logging get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'org audit-logging set') _agnt_subs='' _agnt_flags='--enabled --no-enabled --storage-bucket-arn --storage-prefix --role-arn --region --data --file --set --help' _agnt_all='' _agnt_vflags='--storage-bucket-arn --storage-prefix --role-arn --region --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'org audit-logging deliver') _agnt_subs='' _agnt_flags='--from --to --data --file --set --wait --interval --max-wait --tz --help' _agnt_all='' _agnt_vflags='--from --to --data --file --set --interval --max-wait --tz' _agnt_npos=1 _agnt_var='' ;;
    'org audit-logging job') _agnt_subs='' _agnt_flags='--wait --interval --max-wait --help' _agnt_all='' _agnt_vflags='--interval --max-wait' _agnt_npos=2 _agnt_var='' ;;
    'org model-tiers') _agnt_subs='get set' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'org model-tiers get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'org model-tiers set') _agnt_subs='' _agnt_flags='--chat --task --data --file --set --help' _agnt_all='' _agnt_vflags='--chat --task --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'org profile') _agnt_subs='get set' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'org profile get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'org profile set') _agnt_subs='' _agnt_flags='--name --industry --website --location --prof-net-aurl --own-org-profile --data --file --set --help' _agnt_all='' _agnt_vflags='--name --industry --website --location --prof-net-aurl --own-org-profile --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'org export') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'org validate') _agnt_subs='' _agnt_flags='--var --vars --help' _agnt_all='' _agnt_vflags='--var --vars' _agnt_npos=1 _agnt_var='' ;;
    'org plan') _agnt_subs='' _agnt_flags='--file --var --vars --out --rename --exit-code --state --help' _agnt_all='' _agnt_vflags='-f --file --var --vars --out --state' _agnt_npos=1 _agnt_var='' ;;
    'org apply') _agnt_subs='' _agnt_flags='--file --var --vars --plan --rename --receipt --rehearsed --prune --allow-delete --state --help' _agnt_all='' _agnt_vflags='-f --file --var --vars --plan --receipt --rehearsed --allow-delete --state' _agnt_npos=1 _agnt_var='' ;;
    'org drift') _agnt_subs='' _agnt_flags='--file --var --vars --exit-code --state --help' _agnt_all='' _agnt_vflags='-f --file --var --vars --state' _agnt_npos=1 _agnt_var='' ;;
    'org explain') _agnt_subs='' _agnt_flags='--org --file --var --vars --help' _agnt_all='' _agnt_vflags='--org -f --file --var --vars' _agnt_npos=2 _agnt_var='' ;;
    'teams') _agnt_subs='list create get update delete members profile' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'teams list') _agnt_subs='' _agnt_flags='--status --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--status --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'teams create') _agnt_subs='' _agnt_flags='--name --id --owner-id --data --file --set --help' _agnt_all='' _agnt_vflags='--name --id --owner-id --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'teams get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'teams update') _agnt_subs='' _agnt_flags='--name --status --branding-on-events --no-branding-on-events --branding-on-messages --no-branding-on-messages --data --file --set --help' _agnt_all='' _agnt_vflags='--name --status --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'teams delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'teams members') _agnt_subs='list add update remove sync' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'teams members list') _agnt_subs='' _agnt_flags='--status --search --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--status --search --limit --page --per-page --tz' _agnt_npos=1 _agnt_var='' ;;
    'teams members add') _agnt_subs='' _agnt_flags='--user-id --role --data --file --set --help' _agnt_all='' _agnt_vflags='--user-id --role --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'teams members update') _agnt_subs='' _agnt_flags='--role --status --data --file --set --help' _agnt_all='' _agnt_vflags='--role --status --data --file --set' _agnt_npos=2 _agnt_var='' ;;
    'teams members remove') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'teams members sync') _agnt_subs='' _agnt_flags='--from --preview --add-only --remove-only --max-removals --action-csv --email-column --role-column --input-format --help' _agnt_all='' _agnt_vflags='--from --max-removals --action-csv --email-column --role-column --input-format' _agnt_npos=1 _agnt_var='' ;;
    'teams profile') _agnt_subs='get set' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'teams profile get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'teams profile set') _agnt_subs='' _agnt_flags='--tagline --mission --lead-user-id --working-hours --rituals --current-goals --kpis --comms-style --values --docs-links --prime-defaults --data --file --set --help' _agnt_all='' _agnt_vflags='--tagline --mission --lead-user-id --working-hours --rituals --current-goals --kpis --comms-style --values --docs-links --prime-defaults --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'invitations') _agnt_subs='list create get revoke accept' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'invitations list') _agnt_subs='' _agnt_flags='--team-id --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--team-id --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'invitations create') _agnt_subs='' _agnt_flags='--team-id --email --task-id --data --file --set --help' _agnt_all='' _agnt_vflags='--team-id --email --task-id --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'invitations get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'invitations revoke') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var=1 ;;
    'invitations accept') _agnt_subs='' _agnt_flags='--new-owner --data --file --set --help' _agnt_all='' _agnt_vflags='--new-owner --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'org-requests') _agnt_subs='list create mine approve reject' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'org-requests list') _agnt_subs='' _agnt_flags='--status --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--status --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'org-requests create') _agnt_subs='' _agnt_flags='--name --team-id --notes --data --file --set --help' _agnt_all='' _agnt_vflags='--name --team-id --notes --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'org-requests mine') _agnt_subs='' _agnt_flags='--team-id --help' _agnt_all='' _agnt_vflags='--team-id' _agnt_npos=0 _agnt_var='' ;;
    'org-requests approve') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var=1 ;;
    'org-requests reject') _agnt_subs='' _agnt_flags='--reason --data --file --set --help' _agnt_all='' _agnt_vflags='--reason --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'coordinator') _agnt_subs='dashboard principal pending-invites schedule manager-overview audit-events audit-events-tail' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'coordinator dashboard') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'coordinator principal') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'coordinator pending-invites') _agnt_subs='' _agnt_flags='--all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'coordinator schedule') _agnt_subs='' _agnt_flags='--from --to --days --tz --output --help --json --yaml --jsonl --fields --query --csv-raw --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --timeout --guardrails' _agnt_all=1 _agnt_vflags='--from --to --days --tz -o --output --fields --query --profile --base-url --timeout --guardrails' _agnt_npos=0 _agnt_var='' ;;
    'coordinator manager-overview') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'coordinator audit-events') _agnt_subs='' _agnt_flags='--from --to --principal-id --coordinator-id --action --before --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--from --to --principal-id --coordinator-id --action --before --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'coordinator audit-events-tail') _agnt_subs='' _agnt_flags='--principal-id --coordinator-id --action --since --follow --interval --cursor-file --schema --tz --help' _agnt_all='' _agnt_vflags='--principal-id --coordinator-id --action --since --interval --cursor-file --schema --tz' _agnt_npos=0 _agnt_var='' ;;
    'coverage') _agnt_subs='list create get update cancel submit accept decline approve reject end who simulate dashboard events principals' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'coverage list') _agnt_subs='' _agnt_flags='--role --status --mine --tz --utc --all --limit --page --per-page --help' _agnt_all='' _agnt_vflags='--role --status --tz --limit --page --per-page' _agnt_npos=0 _agnt_var='' ;;
    'coverage create') _agnt_subs='' _agnt_flags='--start --end --reason --manager-approval --no-manager-approval --notify --no-notify --audit-tag --primary-coordinator --data --file --set --principal --backup --principals-file --for --tz --submit --utc --help' _agnt_all='' _agnt_vflags='--start --end --reason --audit-tag --primary-coordinator --principals --data --file --set --principal --backup --principals-file --for --tz' _agnt_npos=0 _agnt_var='' ;;
    'coverage get') _agnt_subs='' _agnt_flags='--tz --utc --help' _agnt_all='' _agnt_vflags='--tz' _agnt_npos=1 _agnt_var='' ;;
    'coverage update') _agnt_subs='' _agnt_flags='--start --end --reason --manager-approval --no-manager-approval --notify --no-notify --audit-tag --data --file --set --tz --help' _agnt_all='' _agnt_vflags='--start --end --reason --audit-tag --data --file --set --tz' _agnt_npos=1 _agnt_var='' ;;
    'coverage cancel') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var=1 ;;
    'coverage submit') _agnt_subs='' _agnt_flags='--tz --utc --help' _agnt_all='' _agnt_vflags='--tz' _agnt_npos=1 _agnt_var=1 ;;
    'coverage accept') _agnt_subs='' _agnt_flags='--tz --utc --help' _agnt_all='' _agnt_vflags='--tz' _agnt_npos=1 _agnt_var=1 ;;
    'coverage decline') _agnt_subs='' _agnt_flags='--tz --utc --help' _agnt_all='' _agnt_vflags='--tz' _agnt_npos=1 _agnt_var=1 ;;
    'coverage approve') _agnt_subs='' _agnt_flags='--tz --utc --help' _agnt_all='' _agnt_vflags='--tz' _agnt_npos=1 _agnt_var=1 ;;
    'coverage reject') _agnt_subs='' _agnt_flags='--tz --utc --help' _agnt_all='' _agnt_vflags='--tz' _agnt_npos=1 _agnt_var=1 ;;
    'coverage end') _agnt_subs='' _agnt_flags='--tz --utc --help' _agnt_all='' _agnt_vflags='--tz' _agnt_npos=1 _agnt_var=1 ;;
    'coverage who') _agnt_subs='' _agnt_flags='--at --tz --help' _agnt_all='' _agnt_vflags='--at --tz' _agnt_npos=1 _agnt_var='' ;;
    'coverage simulate') _agnt_subs='' _agnt_flags='--principal --coordinator --from --to --tz --utc --exit-code --output --help --json --yaml --jsonl --fields --query --csv-raw --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --timeout --guardrails' _agnt_all=1 _agnt_vflags='--principal --coordinator --from --to --tz -o --output --fields --query --profile --base-url --timeout --guardrails' _agnt_npos=0 _agnt_var='' ;;
    'coverage dashboard') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'coverage events') _agnt_subs='' _agnt_flags='--range-start --range-end --status --from --to --days --tz --output --help --json --yaml --jsonl --fields --query --csv-raw --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --timeout --guardrails' _agnt_all=1 _agnt_vflags='--range-start --range-end --status --from --to --days --tz -o --output --fields --query --profile --base-url --timeout --guardrails' _agnt_npos=0 _agnt_var='' ;;
    'coverage principals') _agnt_subs='' _agnt_flags='--all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--limit --page --per-page --tz' _agnt_npos=1 _agnt_var='' ;;
    'backup-rules') _agnt_subs='list create delete' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'backup-rules list') _agnt_subs='' _agnt_flags='--all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'backup-rules create') _agnt_subs='' _agnt_flags='--backup-coordinator --primary-coordinator --principal --is-org-default --no-is-org-default --data --file --set --help' _agnt_all='' _agnt_vflags='--backup-coordinator --primary-coordinator --principal --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'backup-rules delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var=1 ;;
    'manager-assignments') _agnt_subs='list create' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'manager-assignments list') _agnt_subs='' _agnt_flags='--role --manager --managed-user --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--role --manager --managed-user --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'manager-assignments create') _agnt_subs='' _agnt_flags='--manager --role --managed-user --data --file --set --help' _agnt_all='' _agnt_vflags='--manager --role --managed-user --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'delegations') _agnt_subs='list create get update confirm revoke reverify' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'delegations list') _agnt_subs='' _agnt_flags='--role --status --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--role --status --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'delegations create') _agnt_subs='' _agnt_flags='--principal-id --delegation-source --calendar-provider --approval-mode --thread-inclusion --visibility --assistant --data --file --set --help' _agnt_all='' _agnt_vflags='--principal-id --delegation-source --calendar-provider --approval-mode --thread-inclusion --visibility --assistant --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'delegations get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'delegations update') _agnt_subs='' _agnt_flags='--approval-mode --thread-inclusion --visibility --is-default --no-is-default --data --file --set --help' _agnt_all='' _agnt_vflags='--approval-mode --thread-inclusion --visibility --data --file --set' _agnt_npos=1 _agnt_var='' ;;
    'delegations confirm') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var=1 ;;
    'delegations revoke') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var=1 ;;
    'delegations reverify') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var=1 ;;
    'booking-links') _agnt_subs='create add-invitees invite' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'booking-links create') _agnt_subs='' _agnt_flags='--slug --title --active --no-active --meeting-type --offer-times-starting-days --not-sooner-than-minutes --at-latest-days --instructions --chat-enabled --no-chat-enabled --access-mode --scheduling-preferences --data --file --set --help' _agnt_all='' _agnt_vflags='--slug --title --meeting-type --offer-times-starting-days --not-sooner-than-minutes --at-latest-days --instructions --access-mode --scheduling-preferences --data --file --set' _agnt_npos=0 _agnt_var='' ;;
    'booking-links add-invitees') _agnt_subs='' _agnt_flags='--data --file --set --invitee --csv --send --help' _agnt_all='' _agnt_vflags='--invitees --data --file --set --invitee --csv' _agnt_npos=1 _agnt_var='' ;;
    'booking-links invite') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var=1 ;;
    'usage') _agnt_subs='report' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'usage report') _agnt_subs='' _agnt_flags='--by --from --to --user --assistant --budget --exit-code --chart --tz --help' _agnt_all='' _agnt_vflags='--by --from --to --user --assistant --budget --chart --tz' _agnt_npos=0 _agnt_var='' ;;
    'calendars') _agnt_subs='list get events sync' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'calendars list') _agnt_subs='' _agnt_flags='--user-id --all --limit --page --per-page --tz --help' _agnt_all='' _agnt_vflags='--user-id --limit --page --per-page --tz' _agnt_npos=0 _agnt_var='' ;;
    'calendars get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'calendars events') _agnt_subs='' _agnt_flags='--timezone --starts-at --ends-at --help' _agnt_all='' _agnt_vflags='--timezone --starts-at --ends-at' _agnt_npos=1 _agnt_var='' ;;
    'calendars sync') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var=1 ;;
    'auth') _agnt_subs='login status token logout' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'auth login') _agnt_subs='' _agnt_flags='--with-token --use --help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'auth status') _agnt_subs='' _agnt_flags='--all --help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'auth token') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'auth logout') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'config') _agnt_subs='list get set unset profiles use remove' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'config list') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'config get') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'config set') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'config unset') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'config profiles') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'config use') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'config remove') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'sandbox') _agnt_subs='start clock snapshot fault requests status clone stop' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'sandbox start') _agnt_subs='' _agnt_flags='--port --host --data --seed --empty --replace-data --clock --clock-rate --faults --tls --tls-cert --tls-key --tls-client-ca --no-profile --help' _agnt_all='' _agnt_vflags='--port --host --data --seed --clock --clock-rate --faults --tls-cert --tls-key --tls-client-ca' _agnt_npos=0 _agnt_var='' ;;
    'sandbox clock') _agnt_subs='show set advance' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'sandbox clock show') _agnt_subs='' _agnt_flags='--url --help' _agnt_all='' _agnt_vflags='--url' _agnt_npos=0 _agnt_var='' ;;
    'sandbox clock set') _agnt_subs='' _agnt_flags='--rate --url --help' _agnt_all='' _agnt_vflags='--rate --url' _agnt_npos=1 _agnt_var='' ;;
    'sandbox clock advance') _agnt_subs='' _agnt_flags='--url --help' _agnt_all='' _agnt_vflags='--url' _agnt_npos=1 _agnt_var='' ;;
    'sandbox snapshot') _agnt_subs='save restore list delete' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'sandbox snapshot save') _agnt_subs='' _agnt_flags='--url --help' _agnt_all='' _agnt_vflags='--url' _agnt_npos=1 _agnt_var='' ;;
    'sandbox snapshot restore') _agnt_subs='' _agnt_flags='--url --help' _agnt_all='' _agnt_vflags='--url' _agnt_npos=1 _agnt_var='' ;;
    'sandbox snapshot list') _agnt_subs='' _agnt_flags='--url --help' _agnt_all='' _agnt_vflags='--url' _agnt_npos=0 _agnt_var='' ;;
    'sandbox snapshot delete') _agnt_subs='' _agnt_flags='--url --help' _agnt_all='' _agnt_vflags='--url' _agnt_npos=1 _agnt_var='' ;;
    'sandbox fault') _agnt_subs='add list clear' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'sandbox fault add') _agnt_subs='' _agnt_flags='--method --path --param --endpoint --user --status --rate --times --after --retry-after --delay --reset --url --help' _agnt_all='' _agnt_vflags='--method --path --param --endpoint --user --status --rate --times --after --retry-after --delay --url' _agnt_npos=0 _agnt_var='' ;;
    'sandbox fault list') _agnt_subs='' _agnt_flags='--url --help' _agnt_all='' _agnt_vflags='--url' _agnt_npos=0 _agnt_var='' ;;
    'sandbox fault clear') _agnt_subs='' _agnt_flags='--url --help' _agnt_all='' _agnt_vflags='--url' _agnt_npos=1 _agnt_var='' ;;
    'sandbox requests') _agnt_subs='' _agnt_flags='--since --method --path --follow --url --help' _agnt_all='' _agnt_vflags='--since --method --path --url' _agnt_npos=0 _agnt_var='' ;;
    'sandbox status') _agnt_subs='' _agnt_flags='--url --help' _agnt_all='' _agnt_vflags='--url' _agnt_npos=0 _agnt_var='' ;;
    'sandbox clone') _agnt_subs='' _agnt_flags='--from-profile --pseudonymize --mapping --with --url --help' _agnt_all='' _agnt_vflags='--from-profile --mapping --with --url' _agnt_npos=1 _agnt_var='' ;;
    'sandbox stop') _agnt_subs='' _agnt_flags='--url --help' _agnt_all='' _agnt_vflags='--url' _agnt_npos=0 _agnt_var='' ;;
    'mcp') _agnt_subs='install' _agnt_flags='--http --port --token-file --allow-writes --allow-destructive --tools --toolsets --grant --help' _agnt_all='' _agnt_vflags='--port --token-file --tools --toolsets --grant' _agnt_npos=0 _agnt_var='' ;;
    'mcp install') _agnt_subs='' _agnt_flags='--client --print --config --name --url --token-from --help' _agnt_all='' _agnt_vflags='--client --config --name --url --token-from' _agnt_npos=0 _agnt_var='' ;;
    'changes') _agnt_subs='list show prune' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'changes list') _agnt_subs='' _agnt_flags='--since --command --user --help' _agnt_all='' _agnt_vflags='--since --command --user' _agnt_npos=0 _agnt_var='' ;;
    'changes show') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'changes prune') _agnt_subs='' _agnt_flags='--older-than --help' _agnt_all='' _agnt_vflags='--older-than' _agnt_npos=0 _agnt_var='' ;;
    'undo') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'keys') _agnt_subs='create show' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'keys create') _agnt_subs='' _agnt_flags='--force --help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'keys show') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'approve') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'alias') _agnt_subs='set list delete export import' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'alias set') _agnt_subs='' _agnt_flags='--shell --help' _agnt_all='' _agnt_vflags='' _agnt_npos=2 _agnt_var='' ;;
    'alias list') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'alias delete') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'alias export') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'alias import') _agnt_subs='' _agnt_flags='--clobber --help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'extension') _agnt_subs='list' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'extension list') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'api') _agnt_subs='spec' _agnt_flags='--field --raw-field --file --paginate --help' _agnt_all='' _agnt_vflags='-F --field -f --raw-field --file' _agnt_npos=2 _agnt_var='' ;;
    'api spec') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'inbox') _agnt_subs='' _agnt_flags='--watch --interval --tui --plain --tz --utc --help' _agnt_all='' _agnt_vflags='--interval --tz' _agnt_npos=0 _agnt_var='' ;;
    'console') _agnt_subs='' _agnt_flags='--plain --interval --tz --utc --help' _agnt_all='' _agnt_vflags='--interval --tz' _agnt_npos=0 _agnt_var='' ;;
    'wait') _agnt_subs='coverage delegation audit-delivery drive-file onboarding' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'wait coverage') _agnt_subs='' _agnt_flags='--for --timeout --interval --max-interval --help --output --json --yaml --jsonl --fields --query --csv-raw --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --guardrails' _agnt_all=1 _agnt_vflags='--for --timeout --interval --max-interval -o --output --fields --query --profile --base-url --guardrails' _agnt_npos=1 _agnt_var='' ;;
    'wait delegation') _agnt_subs='' _agnt_flags='--for --timeout --interval --max-interval --help --output --json --yaml --jsonl --fields --query --csv-raw --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --guardrails' _agnt_all=1 _agnt_vflags='--for --timeout --interval --max-interval -o --output --fields --query --profile --base-url --guardrails' _agnt_npos=1 _agnt_var='' ;;
    'wait audit-delivery') _agnt_subs='' _agnt_flags='--for --timeout --interval --max-interval --org --help --output --json --yaml --jsonl --fields --query --csv-raw --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --guardrails' _agnt_all=1 _agnt_vflags='--for --timeout --interval --max-interval --org -o --output --fields --query --profile --base-url --guardrails' _agnt_npos=1 _agnt_var='' ;;
    'wait drive-file') _agnt_subs='' _agnt_flags='--for --timeout --interval --max-interval --user --help --output --json --yaml --jsonl --fields --query --csv-raw --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --guardrails' _agnt_all=1 _agnt_vflags='--for --timeout --interval --max-interval --user -o --output --fields --query --profile --base-url --guardrails' _agnt_npos=1 _agnt_var='' ;;
    'wait onboarding') _agnt_subs='' _agnt_flags='--for --timeout --interval --max-interval --help --output --json --yaml --jsonl --fields --query --csv-raw --dry-run --profile --base-url --yes --no-input --debug --quiet --no-color --guardrails' _agnt_all=1 _agnt_vflags='--for --timeout --interval --max-interval -o --output --fields --query --profile --base-url --guardrails' _agnt_npos=1 _agnt_var='' ;;
    'batch') _agnt_subs='' _agnt_flags='--concurrency --serial --match --skip-rows --max-rows --key --errors-out --ledger --resume --input-format --delimiter --encoding --plan-out --plan --help' _agnt_all='' _agnt_vflags='--concurrency --match --skip-rows --max-rows --key --errors-out --ledger --input-format --delimiter --encoding --plan-out --plan' _agnt_npos=2 _agnt_var=1 ;;
    'commands') _agnt_subs='' _agnt_flags='--markdown --help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    'completion') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=1 _agnt_var='' ;;
    'version') _agnt_subs='' _agnt_flags='--help' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
    *) _agnt_subs='' _agnt_flags='' _agnt_all='' _agnt_vflags='' _agnt_npos=0 _agnt_var='' ;;
  esac
}

# The child command a word (name or alias) names under a path.
_agnt_child() {
  case $1'|'$2 in
    '|users'|'|user') _agnt_next='users' ;;
    '|workspace') _agnt_next='workspace' ;;
    '|identifiers'|'|identifier'|'|ids') _agnt_next='identifiers' ;;
    '|chats'|'|chat') _agnt_next='chats' ;;
    '|contacts'|'|contact') _agnt_next='contacts' ;;
    '|assistants'|'|assistant') _agnt_next='assistants' ;;
    '|drive') _agnt_next='drive' ;;
    '|preferences'|'|prefs') _agnt_next='preferences' ;;
    '|onboarding') _agnt_next='onboarding' ;;
    '|org'|'|orgs'|'|organizations') _agnt_next='org' ;;
    '|teams'|'|team') _agnt_next='teams' ;;
    '|invitations'|'|invitation'|'|invites') _agnt_next='invitations' ;;
    '|org-requests'|'|organization-requests') _agnt_next='org-requests' ;;
    '|coordinator'|'|coord') _agnt_next='coordinator' ;;
    '|coverage'|'|coverage-spans'|'|spans') _agnt_next='coverage' ;;
    '|backup-rules'|'|backup-routing-rules') _agnt_next='backup-rules' ;;
    '|manager-assignments'|'|managers') _agnt_next='manager-assignments' ;;
    '|delegations'|'|delegation') _agnt_next='delegations' ;;
    '|booking-links'|'|booking-link'|'|links') _agnt_next='booking-links' ;;
    '|usage') _agnt_next='usage' ;;
    '|calendars'|'|calendar'|'|cal') _agnt_next='calendars' ;;
    '|auth') _agnt_next='auth' ;;
    '|config') _agnt_next='config' ;;
    '|sandbox') _agnt_next='sandbox' ;;
    '|mcp') _agnt_next='mcp' ;;
    '|changes') _agnt_next='changes' ;;
    '|undo') _agnt_next='undo' ;;
    '|keys') _agnt_next='keys' ;;
    '|approve') _agnt_next='approve' ;;
    '|alias') _agnt_next='alias' ;;
    '|extension') _agnt_next='extension' ;;
    '|api') _agnt_next='api' ;;
    '|inbox') _agnt_next='inbox' ;;
    '|console') _agnt_next='console' ;;
    '|wait') _agnt_next='wait' ;;
    '|batch') _agnt_next='batch' ;;
    '|commands') _agnt_next='commands' ;;
    '|completion') _agnt_next='completion' ;;
    '|version') _agnt_next='version' ;;
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
    'contacts|bulk-import') _agnt_next='contacts bulk-import' ;;
    'contacts|import') _agnt_next='contacts import' ;;
    'contacts relationships|add') _agnt_next='contacts relationships add' ;;
    'contacts relationships|update') _agnt_next='contacts relationships update' ;;
    'contacts relationships|remove'|'contacts relationships|rm'|'contacts relationships|delete') _agnt_next='contacts relationships remove' ;;
    'contacts external-ids|set') _agnt_next='contacts external-ids set' ;;
    'contacts external-ids|find'|'contacts external-ids|get') _agnt_next='contacts external-ids find' ;;
    'contacts properties|list'|'contacts properties|ls') _agnt_next='contacts properties list' ;;
    'contacts properties|set') _agnt_next='contacts properties set' ;;
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
    'drive|storage') _agnt_next='drive storage' ;;
    'drive|list'|'drive|ls') _agnt_next='drive list' ;;
    'drive|shared') _agnt_next='drive shared' ;;
    'drive|get'|'drive|show') _agnt_next='drive get' ;;
    'drive|delete'|'drive|rm') _agnt_next='drive delete' ;;
    'drive|upload') _agnt_next='drive upload' ;;
    'drive|download') _agnt_next='drive download' ;;
    'drive|confirm') _agnt_next='drive confirm' ;;
    'drive|move') _agnt_next='drive move' ;;
    'drive|share') _agnt_next='drive share' ;;
    'drive|unshare') _agnt_next='drive unshare' ;;
    'drive|link-task') _agnt_next='drive link-task' ;;
    'drive|process') _agnt_next='drive process' ;;
    'drive|activities') _agnt_next='drive activities' ;;
    'drive|versions') _agnt_next='drive versions' ;;
    'drive|restore') _agnt_next='drive restore' ;;
    'preferences|identifier') _agnt_next='preferences identifier' ;;
    'preferences|skill') _agnt_next='preferences skill' ;;
    'preferences|scheduling') _agnt_next='preferences scheduling' ;;
    'preferences|reminders') _agnt_next='preferences reminders' ;;
    'preferences|matrix') _agnt_next='preferences matrix' ;;
    'preferences|exceptions') _agnt_next='preferences exceptions' ;;
    'preferences identifier|get') _agnt_next='preferences identifier get' ;;
    'preferences skill|get') _agnt_next='preferences skill get' ;;
    'preferences skill|set') _agnt_next='preferences skill set' ;;
    'preferences scheduling|get') _agnt_next='preferences scheduling get' ;;
    'preferences scheduling|set') _agnt_next='preferences scheduling set' ;;
    'preferences reminders|get') _agnt_next='preferences reminders get' ;;
    'preferences reminders|update'|'preferences reminders|patch'|'preferences reminders|set') _agnt_next='preferences reminders update' ;;
    'preferences matrix|get') _agnt_next='preferences matrix get' ;;
    'preferences matrix|patch'|'preferences matrix|update'|'preferences matrix|set') _agnt_next='preferences matrix patch' ;;
    'preferences matrix|reset') _agnt_next='preferences matrix reset' ;;
    'preferences exceptions|add'|'preferences exceptions|create') _agnt_next='preferences exceptions add' ;;
    'preferences exceptions|remove'|'preferences exceptions|rm'|'preferences exceptions|delete') _agnt_next='preferences exceptions remove' ;;
    'onboarding|run') _agnt_next='onboarding run' ;;
    'onboarding|list'|'onboarding|ls'|'onboarding|sessions') _agnt_next='onboarding list' ;;
    'onboarding|current') _agnt_next='onboarding current' ;;
    'onboarding|get'|'onboarding|show') _agnt_next='onboarding get' ;;
    'onboarding|findings') _agnt_next='onboarding findings' ;;
    'onboarding|week-labels') _agnt_next='onboarding week-labels' ;;
    'onboarding|answers') _agnt_next='onboarding answers' ;;
    'onboarding|proposals') _agnt_next='onboarding proposals' ;;
    'onboarding|finalize') _agnt_next='onboarding finalize' ;;
    'onboarding findings|review') _agnt_next='onboarding findings review' ;;
    'onboarding week-labels|set') _agnt_next='onboarding week-labels set' ;;
    'onboarding answers|up-front') _agnt_next='onboarding answers up-front' ;;
    'onboarding answers|earned') _agnt_next='onboarding answers earned' ;;
    'onboarding proposals|review') _agnt_next='onboarding proposals review' ;;
    'org|list'|'org|ls') _agnt_next='org list' ;;
    'org|create') _agnt_next='org create' ;;
    'org|get'|'org|show') _agnt_next='org get' ;;
    'org|update') _agnt_next='org update' ;;
    'org|delete'|'org|rm') _agnt_next='org delete' ;;
    'org|domains') _agnt_next='org domains' ;;
    'org|sso') _agnt_next='org sso' ;;
    'org|scim-token') _agnt_next='org scim-token' ;;
    'org|members') _agnt_next='org members' ;;
    'org|audit-events') _agnt_next='org audit-events' ;;
    'org|audit-logging') _agnt_next='org audit-logging' ;;
    'org|model-tiers') _agnt_next='org model-tiers' ;;
    'org|profile') _agnt_next='org profile' ;;
    'org|export') _agnt_next='org export' ;;
    'org|validate') _agnt_next='org validate' ;;
    'org|plan') _agnt_next='org plan' ;;
    'org|apply') _agnt_next='org apply' ;;
    'org|drift') _agnt_next='org drift' ;;
    'org|explain') _agnt_next='org explain' ;;
    'org domains|list'|'org domains|ls') _agnt_next='org domains list' ;;
    'org domains|add') _agnt_next='org domains add' ;;
    'org domains|get') _agnt_next='org domains get' ;;
    'org domains|update') _agnt_next='org domains update' ;;
    'org domains|remove'|'org domains|rm'|'org domains|delete') _agnt_next='org domains remove' ;;
    'org domains|verify') _agnt_next='org domains verify' ;;
    'org sso|get') _agnt_next='org sso get' ;;
    'org sso|set') _agnt_next='org sso set' ;;
    'org sso|disable') _agnt_next='org sso disable' ;;
    'org scim-token|rotate') _agnt_next='org scim-token rotate' ;;
    'org members|list'|'org members|ls') _agnt_next='org members list' ;;
    'org members|add') _agnt_next='org members add' ;;
    'org members|remove'|'org members|rm') _agnt_next='org members remove' ;;
    'org members|sync') _agnt_next='org members sync' ;;
    'org audit-events|list'|'org audit-events|ls') _agnt_next='org audit-events list' ;;
    'org audit-events|tail') _agnt_next='org audit-events tail' ;;
    'org audit-logging|get') _agnt_next='org audit-logging get' ;;
    'org audit-logging|set') _agnt_next='org audit-logging set' ;;
    'org audit-logging|deliver') _agnt_next='org audit-logging deliver' ;;
    'org audit-logging|job') _agnt_next='org audit-logging job' ;;
    'org model-tiers|get') _agnt_next='org model-tiers get' ;;
    'org model-tiers|set') _agnt_next='org model-tiers set' ;;
    'org profile|get') _agnt_next='org profile get' ;;
    'org profile|set') _agnt_next='org profile set' ;;
    'teams|list'|'teams|ls') _agnt_next='teams list' ;;
    'teams|create') _agnt_next='teams create' ;;
    'teams|get'|'teams|show') _agnt_next='teams get' ;;
    'teams|update') _agnt_next='teams update' ;;
    'teams|delete'|'teams|rm') _agnt_next='teams delete' ;;
    'teams|members') _agnt_next='teams members' ;;
    'teams|profile') _agnt_next='teams profile' ;;
    'teams members|list'|'teams members|ls') _agnt_next='teams members list' ;;
    'teams members|add') _agnt_next='teams members add' ;;
    'teams members|update') _agnt_next='teams members update' ;;
    'teams members|remove'|'teams members|rm') _agnt_next='teams members remove' ;;
    'teams members|sync') _agnt_next='teams members sync' ;;
    'teams profile|get') _agnt_next='teams profile get' ;;
    'teams profile|set') _agnt_next='teams profile set' ;;
    'invitations|list'|'invitations|ls') _agnt_next='invitations list' ;;
    'invitations|create') _agnt_next='invitations create' ;;
    'invitations|get'|'invitations|show') _agnt_next='invitations get' ;;
    'invitations|revoke'|'invitations|decline') _agnt_next='invitations revoke' ;;
    'invitations|accept') _agnt_next='invitations accept' ;;
    'org-requests|list'|'org-requests|ls') _agnt_next='org-requests list' ;;
    'org-requests|create') _agnt_next='org-requests create' ;;
    'org-requests|mine') _agnt_next='org-requests mine' ;;
    'org-requests|approve') _agnt_next='org-requests approve' ;;
    'org-requests|reject') _agnt_next='org-requests reject' ;;
    'coordinator|dashboard') _agnt_next='coordinator dashboard' ;;
    'coordinator|principal'|'coordinator|principals') _agnt_next='coordinator principal' ;;
    'coordinator|pending-invites'|'coordinator|invites') _agnt_next='coordinator pending-invites' ;;
    'coordinator|schedule'|'coordinator|coverage-schedule') _agnt_next='coordinator schedule' ;;
    'coordinator|manager-overview'|'coordinator|overview') _agnt_next='coordinator manager-overview' ;;
    'coordinator|audit-events'|'coordinator|manager-audit-events') _agnt_next='coordinator audit-events' ;;
    'coordinator|audit-events-tail'|'coordinator|manager-audit-events-tail') _agnt_next='coordinator audit-events-tail' ;;
    'coverage|list'|'coverage|ls') _agnt_next='coverage list' ;;
    'coverage|create') _agnt_next='coverage create' ;;
    'coverage|get'|'coverage|show') _agnt_next='coverage get' ;;
    'coverage|update') _agnt_next='coverage update' ;;
    'coverage|cancel'|'coverage|delete'|'coverage|rm') _agnt_next='coverage cancel' ;;
    'coverage|submit') _agnt_next='coverage submit' ;;
    'coverage|accept') _agnt_next='coverage accept' ;;
    'coverage|decline') _agnt_next='coverage decline' ;;
    'coverage|approve') _agnt_next='coverage approve' ;;
    'coverage|reject') _agnt_next='coverage reject' ;;
    'coverage|end') _agnt_next='coverage end' ;;
    'coverage|who'|'coverage|active-for') _agnt_next='coverage who' ;;
    'coverage|simulate') _agnt_next='coverage simulate' ;;
    'coverage|dashboard') _agnt_next='coverage dashboard' ;;
    'coverage|events') _agnt_next='coverage events' ;;
    'coverage|principals') _agnt_next='coverage principals' ;;
    'backup-rules|list'|'backup-rules|ls') _agnt_next='backup-rules list' ;;
    'backup-rules|create') _agnt_next='backup-rules create' ;;
    'backup-rules|delete'|'backup-rules|rm') _agnt_next='backup-rules delete' ;;
    'manager-assignments|list'|'manager-assignments|ls') _agnt_next='manager-assignments list' ;;
    'manager-assignments|create') _agnt_next='manager-assignments create' ;;
    'delegations|list'|'delegations|ls') _agnt_next='delegations list' ;;
    'delegations|create') _agnt_next='delegations create' ;;
    'delegations|get'|'delegations|show') _agnt_next='delegations get' ;;
    'delegations|update') _agnt_next='delegations update' ;;
    'delegations|confirm') _agnt_next='delegations confirm' ;;
    'delegations|revoke') _agnt_next='delegations revoke' ;;
    'delegations|reverify') _agnt_next='delegations reverify' ;;
    'booking-links|create') _agnt_next='booking-links create' ;;
    'booking-links|add-invitees'|'booking-links|invitees') _agnt_next='booking-links add-invitees' ;;
    'booking-links|invite'|'booking-links|send') _agnt_next='booking-links invite' ;;
    'usage|report') _agnt_next='usage report' ;;
    'calendars|list'|'calendars|ls') _agnt_next='calendars list' ;;
    'calendars|get'|'calendars|show') _agnt_next='calendars get' ;;
    'calendars|events') _agnt_next='calendars events' ;;
    'calendars|sync'|'calendars|sync-events') _agnt_next='calendars sync' ;;
    'auth|login') _agnt_next='auth login' ;;
    'auth|status') _agnt_next='auth status' ;;
    'auth|token') _agnt_next='auth token' ;;
    'auth|logout') _agnt_next='auth logout' ;;
    'config|list'|'config|ls') _agnt_next='config list' ;;
    'config|get') _agnt_next='config get' ;;
    'config|set') _agnt_next='config set' ;;
    'config|unset') _agnt_next='config unset' ;;
    'config|profiles') _agnt_next='config profiles' ;;
    'config|use') _agnt_next='config use' ;;
    'config|remove'|'config|rm') _agnt_next='config remove' ;;
    'sandbox|start') _agnt_next='sandbox start' ;;
    'sandbox|clock') _agnt_next='sandbox clock' ;;
    'sandbox|snapshot') _agnt_next='sandbox snapshot' ;;
    'sandbox|fault') _agnt_next='sandbox fault' ;;
    'sandbox|requests') _agnt_next='sandbox requests' ;;
    'sandbox|status') _agnt_next='sandbox status' ;;
    'sandbox|clone') _agnt_next='sandbox clone' ;;
    'sandbox|stop') _agnt_next='sandbox stop' ;;
    'sandbox clock|show') _agnt_next='sandbox clock show' ;;
    'sandbox clock|set') _agnt_next='sandbox clock set' ;;
    'sandbox clock|advance') _agnt_next='sandbox clock advance' ;;
    'sandbox snapshot|save') _agnt_next='sandbox snapshot save' ;;
    'sandbox snapshot|restore') _agnt_next='sandbox snapshot restore' ;;
    'sandbox snapshot|list'|'sandbox snapshot|ls') _agnt_next='sandbox snapshot list' ;;
    'sandbox snapshot|delete') _agnt_next='sandbox snapshot delete' ;;
    'sandbox fault|add') _agnt_next='sandbox fault add' ;;
    'sandbox fault|list'|'sandbox fault|ls') _agnt_next='sandbox fault list' ;;
    'sandbox fault|clear') _agnt_next='sandbox fault clear' ;;
    'mcp|install') _agnt_next='mcp install' ;;
    'changes|list') _agnt_next='changes list' ;;
    'changes|show') _agnt_next='changes show' ;;
    'changes|prune') _agnt_next='changes prune' ;;
    'keys|create') _agnt_next='keys create' ;;
    'keys|show') _agnt_next='keys show' ;;
    'alias|set') _agnt_next='alias set' ;;
    'alias|list'|'alias|ls') _agnt_next='alias list' ;;
    'alias|delete'|'alias|rm') _agnt_next='alias delete' ;;
    'alias|export') _agnt_next='alias export' ;;
    'alias|import') _agnt_next='alias import' ;;
    'extension|list'|'extension|ls') _agnt_next='extension list' ;;
    'api|spec') _agnt_next='api spec' ;;
    'wait|coverage'|'wait|coverage-span'|'wait|span') _agnt_next='wait coverage' ;;
    'wait|delegation'|'wait|delegations') _agnt_next='wait delegation' ;;
    'wait|audit-delivery'|'wait|delivery-job'|'wait|audit-job') _agnt_next='wait audit-delivery' ;;
    'wait|drive-file'|'wait|file') _agnt_next='wait drive-file' ;;
    'wait|onboarding'|'wait|onboarding-session'|'wait|session') _agnt_next='wait onboarding' ;;
    *) return 1 ;;
  esac
}

# The completion of a flag's value or of positional #N: a word list, @file, @dir or @dyn.
_agnt_values() {
  case $1'|'$2 in
    'users update-me|--file') _agnt_v='@file' ;;
    'users list|--status') _agnt_v='active inactive suspended' ;;
    'users list|--organization-id') _agnt_v='@dyn' ;;
    'users create|--file') _agnt_v='@file' ;;
    'users get|#0') _agnt_v='@dyn' ;;
    'users update|--status') _agnt_v='active inactive suspended' ;;
    'users update|--organization-role') _agnt_v='admin member guest' ;;
    'users update|--file') _agnt_v='@file' ;;
    'users update|#0') _agnt_v='@dyn' ;;
    'users delete|#0') _agnt_v='@dyn' ;;
    'users set-assistant|--file') _agnt_v='@file' ;;
    'users set-assistant|#0') _agnt_v='@dyn' ;;
    'users provision|--team-id') _agnt_v='@dyn' ;;
    'users provision|--file') _agnt_v='@file' ;;
    'users deprovision|--team-id') _agnt_v='@dyn' ;;
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
    'contacts bulk-import|--file') _agnt_v='@file' ;;
    'contacts import|--errors-out') _agnt_v='@file' ;;
    'contacts import|--ledger') _agnt_v='@file' ;;
    'contacts import|#0') _agnt_v='@file' ;;
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
    'drive storage|--user') _agnt_v='@dyn' ;;
    'drive list|--user') _agnt_v='@dyn' ;;
    'drive list|--status') _agnt_v='pending ready' ;;
    'drive list|--kind') _agnt_v='file note' ;;
    'drive list|--note-type') _agnt_v='raw-transcript shared-summary personal-summary user-notes action-items' ;;
    'drive shared|--user') _agnt_v='@dyn' ;;
    'drive get|--user') _agnt_v='@dyn' ;;
    'drive get|#0') _agnt_v='@dyn' ;;
    'drive delete|--user') _agnt_v='@dyn' ;;
    'drive delete|#0') _agnt_v='@dyn' ;;
    'drive upload|--user') _agnt_v='@dyn' ;;
    'drive upload|#0') _agnt_v='@file' ;;
    'drive download|--user') _agnt_v='@dyn' ;;
    'drive download|--out') _agnt_v='@file' ;;
    'drive download|#0') _agnt_v='@dyn' ;;
    'drive confirm|--user') _agnt_v='@dyn' ;;
    'drive confirm|--file') _agnt_v='@file' ;;
    'drive confirm|#0') _agnt_v='@dyn' ;;
    'drive move|--user') _agnt_v='@dyn' ;;
    'drive move|--file') _agnt_v='@file' ;;
    'drive move|#0') _agnt_v='@dyn' ;;
    'drive share|--user') _agnt_v='@dyn' ;;
    'drive share|--file') _agnt_v='@file' ;;
    'drive share|#0') _agnt_v='@dyn' ;;
    'drive unshare|--user') _agnt_v='@dyn' ;;
    'drive unshare|--file') _agnt_v='@file' ;;
    'drive unshare|#0') _agnt_v='@dyn' ;;
    'drive link-task|--user') _agnt_v='@dyn' ;;
    'drive link-task|--file') _agnt_v='@file' ;;
    'drive link-task|#0') _agnt_v='@dyn' ;;
    'drive process|--user') _agnt_v='@dyn' ;;
    'drive process|--assistant-id') _agnt_v='@dyn' ;;
    'drive process|--file') _agnt_v='@file' ;;
    'drive process|#0') _agnt_v='@dyn' ;;
    'drive activities|--user') _agnt_v='@dyn' ;;
    'drive activities|#0') _agnt_v='@dyn' ;;
    'drive versions|--user') _agnt_v='@dyn' ;;
    'drive versions|#0') _agnt_v='@dyn' ;;
    'drive restore|--user') _agnt_v='@dyn' ;;
    'drive restore|#0') _agnt_v='@dyn' ;;
    'preferences identifier get|#0') _agnt_v='@dyn' ;;
    'preferences skill get|#0') _agnt_v='@dyn' ;;
    'preferences skill set|--file') _agnt_v='@file' ;;
    'preferences skill set|#0') _agnt_v='@dyn' ;;
    'preferences scheduling get|--user') _agnt_v='@dyn' ;;
    'preferences scheduling set|--user') _agnt_v='@dyn' ;;
    'preferences scheduling set|--file') _agnt_v='@file' ;;
    'preferences reminders get|--user') _agnt_v='@dyn' ;;
    'preferences reminders update|--user') _agnt_v='@dyn' ;;
    'preferences reminders update|--level') _agnt_v='all-events agnt-events none' ;;
    'preferences reminders update|--file') _agnt_v='@file' ;;
    'preferences matrix get|--user') _agnt_v='@dyn' ;;
    'preferences matrix patch|--user') _agnt_v='@dyn' ;;
    'preferences matrix patch|--locked') _agnt_v='email_as_user email_as_assistant messaging voice_call voice_call_as_assistant voice_call_as_user calendar files drive contacts third_party_skills website' ;;
    'preferences matrix patch|--file') _agnt_v='@file' ;;
    'preferences matrix reset|--user') _agnt_v='@dyn' ;;
    'preferences exceptions add|--user') _agnt_v='@dyn' ;;
    'preferences exceptions add|--mode') _agnt_v='auto time-boxed manual denied' ;;
    'preferences exceptions add|--time-boxed-expiry') _agnt_v='execute cancel' ;;
    'preferences exceptions add|--applies-to') _agnt_v='email_as_user email_as_assistant messaging voice_call voice_call_as_assistant voice_call_as_user calendar files drive contacts third_party_skills website' ;;
    'preferences exceptions add|--file') _agnt_v='@file' ;;
    'preferences exceptions remove|--user') _agnt_v='@dyn' ;;
    'preferences exceptions remove|#0') _agnt_v='@dyn' ;;
    'onboarding run|--file') _agnt_v='@file' ;;
    'onboarding get|#0') _agnt_v='@dyn' ;;
    'onboarding findings review|--state') _agnt_v='pending confirmed edited rejected skipped' ;;
    'onboarding findings review|--file') _agnt_v='@file' ;;
    'onboarding findings review|#0') _agnt_v='@dyn' ;;
    'onboarding week-labels set|--file') _agnt_v='@file' ;;
    'onboarding week-labels set|#0') _agnt_v='@dyn' ;;
    'onboarding answers up-front|--file') _agnt_v='@file' ;;
    'onboarding answers up-front|#0') _agnt_v='@dyn' ;;
    'onboarding answers earned|--file') _agnt_v='@file' ;;
    'onboarding answers earned|#0') _agnt_v='@dyn' ;;
    'onboarding proposals review|--state') _agnt_v='pending accepted edited rejected' ;;
    'onboarding proposals review|--file') _agnt_v='@file' ;;
    'onboarding proposals review|#0') _agnt_v='@dyn' ;;
    'onboarding finalize|--file') _agnt_v='@file' ;;
    'onboarding finalize|#0') _agnt_v='@dyn' ;;
    'org create|--file') _agnt_v='@file' ;;
    'org get|#0') _agnt_v='@dyn' ;;
    'org update|--file') _agnt_v='@file' ;;
    'org update|#0') _agnt_v='@dyn' ;;
    'org delete|#0') _agnt_v='@dyn' ;;
    'org domains list|#0') _agnt_v='@dyn' ;;
    'org domains add|--file') _agnt_v='@file' ;;
    'org domains add|#0') _agnt_v='@dyn' ;;
    'org domains get|#0') _agnt_v='@dyn' ;;
    'org domains get|#1') _agnt_v='@dyn' ;;
    'org domains update|--file') _agnt_v='@file' ;;
    'org domains update|#0') _agnt_v='@dyn' ;;
    'org domains update|#1') _agnt_v='@dyn' ;;
    'org domains remove|#0') _agnt_v='@dyn' ;;
    'org domains remove|#1') _agnt_v='@dyn' ;;
    'org domains verify|#0') _agnt_v='@dyn' ;;
    'org domains verify|#1') _agnt_v='@dyn' ;;
    'org sso get|#0') _agnt_v='@dyn' ;;
    'org sso set|--file') _agnt_v='@file' ;;
    'org sso set|#0') _agnt_v='@dyn' ;;
    'org sso disable|#0') _agnt_v='@dyn' ;;
    'org scim-token rotate|#0') _agnt_v='@dyn' ;;
    'org members list|#0') _agnt_v='@dyn' ;;
    'org members add|--file') _agnt_v='@file' ;;
    'org members add|#0') _agnt_v='@dyn' ;;
    'org members remove|#0') _agnt_v='@dyn' ;;
    'org members remove|#1') _agnt_v='@dyn' ;;
    'org members sync|--from') _agnt_v='@file' ;;
    'org members sync|--action-csv') _agnt_v='@file' ;;
    'org members sync|--input-format') _agnt_v='csv tsv jsonl yaml json' ;;
    'org members sync|#0') _agnt_v='@dyn' ;;
    'org audit-events list|#0') _agnt_v='@dyn' ;;
    'org audit-events tail|--cursor-file') _agnt_v='@file' ;;
    'org audit-events tail|--schema') _agnt_v='ecs' ;;
    'org audit-events tail|#0') _agnt_v='@dyn' ;;
    'org audit-logging get|#0') _agnt_v='@dyn' ;;
    'org audit-logging set|--file') _agnt_v='@file' ;;
    'org audit-logging set|#0') _agnt_v='@dyn' ;;
    'org audit-logging deliver|--file') _agnt_v='@file' ;;
    'org audit-logging deliver|#0') _agnt_v='@dyn' ;;
    'org audit-logging job|#0') _agnt_v='@dyn' ;;
    'org audit-logging job|#1') _agnt_v='@dyn' ;;
    'org model-tiers get|#0') _agnt_v='@dyn' ;;
    'org model-tiers set|--chat') _agnt_v='low medium high ultra' ;;
    'org model-tiers set|--task') _agnt_v='low medium high ultra' ;;
    'org model-tiers set|--file') _agnt_v='@file' ;;
    'org model-tiers set|#0') _agnt_v='@dyn' ;;
    'org profile get|#0') _agnt_v='@dyn' ;;
    'org profile set|--file') _agnt_v='@file' ;;
    'org profile set|#0') _agnt_v='@dyn' ;;
    'org export|#0') _agnt_v='@dyn' ;;
    'org validate|--vars') _agnt_v='@file' ;;
    'org validate|#0') _agnt_v='@file' ;;
    'org plan|--file') _agnt_v='@file' ;;
    'org plan|-f') _agnt_v='@file' ;;
    'org plan|--vars') _agnt_v='@file' ;;
    'org plan|--out') _agnt_v='@file' ;;
    'org plan|--state') _agnt_v='@file' ;;
    'org plan|#0') _agnt_v='@dyn' ;;
    'org apply|--file') _agnt_v='@file' ;;
    'org apply|-f') _agnt_v='@file' ;;
    'org apply|--vars') _agnt_v='@file' ;;
    'org apply|--plan') _agnt_v='@file' ;;
    'org apply|--receipt') _agnt_v='@file' ;;
    'org apply|--rehearsed') _agnt_v='@file' ;;
    'org apply|--state') _agnt_v='@file' ;;
    'org apply|#0') _agnt_v='@dyn' ;;
    'org drift|--file') _agnt_v='@file' ;;
    'org drift|-f') _agnt_v='@file' ;;
    'org drift|--vars') _agnt_v='@file' ;;
    'org drift|--state') _agnt_v='@file' ;;
    'org drift|#0') _agnt_v='@dyn' ;;
    'org explain|--org') _agnt_v='@dyn' ;;
    'org explain|--file') _agnt_v='@file' ;;
    'org explain|-f') _agnt_v='@file' ;;
    'org explain|--vars') _agnt_v='@file' ;;
    'teams list|--status') _agnt_v='active archived' ;;
    'teams create|--file') _agnt_v='@file' ;;
    'teams get|#0') _agnt_v='@dyn' ;;
    'teams update|--status') _agnt_v='active archived' ;;
    'teams update|--file') _agnt_v='@file' ;;
    'teams update|#0') _agnt_v='@dyn' ;;
    'teams delete|#0') _agnt_v='@dyn' ;;
    'teams members list|--status') _agnt_v='active inactive' ;;
    'teams members list|#0') _agnt_v='@dyn' ;;
    'teams members add|--user-id') _agnt_v='@dyn' ;;
    'teams members add|--role') _agnt_v='owner admin member' ;;
    'teams members add|--file') _agnt_v='@file' ;;
    'teams members add|#0') _agnt_v='@dyn' ;;
    'teams members update|--role') _agnt_v='owner admin member' ;;
    'teams members update|--status') _agnt_v='active inactive' ;;
    'teams members update|--file') _agnt_v='@file' ;;
    'teams members update|#0') _agnt_v='@dyn' ;;
    'teams members update|#1') _agnt_v='@dyn' ;;
    'teams members remove|#0') _agnt_v='@dyn' ;;
    'teams members remove|#1') _agnt_v='@dyn' ;;
    'teams members sync|--from') _agnt_v='@file' ;;
    'teams members sync|--action-csv') _agnt_v='@file' ;;
    'teams members sync|--input-format') _agnt_v='csv tsv jsonl yaml json' ;;
    'teams members sync|#0') _agnt_v='@dyn' ;;
    'teams profile get|#0') _agnt_v='@dyn' ;;
    'teams profile set|--file') _agnt_v='@file' ;;
    'teams profile set|#0') _agnt_v='@dyn' ;;
    'invitations list|--team-id') _agnt_v='@dyn' ;;
    'invitations create|--team-id') _agnt_v='@dyn' ;;
    'invitations create|--file') _agnt_v='@file' ;;
    'invitations get|#0') _agnt_v='@dyn' ;;
    'invitations revoke|#0') _agnt_v='@dyn' ;;
    'invitations accept|--file') _agnt_v='@file' ;;
    'invitations accept|#0') _agnt_v='@dyn' ;;
    'org-requests list|--status') _agnt_v='pending approved rejected' ;;
    'org-requests create|--team-id') _agnt_v='@dyn' ;;
    'org-requests create|--file') _agnt_v='@file' ;;
    'org-requests mine|--team-id') _agnt_v='@dyn' ;;
    'org-requests approve|#0') _agnt_v='@dyn' ;;
    'org-requests reject|--file') _agnt_v='@file' ;;
    'org-requests reject|#0') _agnt_v='@dyn' ;;
    'coordinator principal|#0') _agnt_v='@dyn' ;;
    'coordinator audit-events-tail|--cursor-file') _agnt_v='@file' ;;
    'coordinator audit-events-tail|--schema') _agnt_v='ecs' ;;
    'coverage list|--status') _agnt_v='draft pending_acceptance pending_manager_approval scheduled active ended cancelled' ;;
    'coverage create|--reason') _agnt_v='pto sick emergency manual' ;;
    'coverage create|--file') _agnt_v='@file' ;;
    'coverage create|--principals-file') _agnt_v='@file' ;;
    'coverage get|#0') _agnt_v='@dyn' ;;
    'coverage update|--reason') _agnt_v='pto sick emergency manual' ;;
    'coverage update|--file') _agnt_v='@file' ;;
    'coverage update|#0') _agnt_v='@dyn' ;;
    'coverage cancel|#0') _agnt_v='@dyn' ;;
    'coverage submit|#0') _agnt_v='@dyn' ;;
    'coverage accept|#0') _agnt_v='@dyn' ;;
    'coverage decline|#0') _agnt_v='@dyn' ;;
    'coverage approve|#0') _agnt_v='@dyn' ;;
    'coverage reject|#0') _agnt_v='@dyn' ;;
    'coverage end|#0') _agnt_v='@dyn' ;;
    'coverage who|#0') _agnt_v='@dyn' ;;
    'coverage events|--status') _agnt_v='scheduled active' ;;
    'coverage principals|#0') _agnt_v='@dyn' ;;
    'backup-rules create|--file') _agnt_v='@file' ;;
    'backup-rules delete|#0') _agnt_v='@dyn' ;;
    'manager-assignments list|--role') _agnt_v='coordinator' ;;
    'manager-assignments create|--role') _agnt_v='coordinator' ;;
    'manager-assignments create|--file') _agnt_v='@file' ;;
    'delegations list|--status') _agnt_v='pending active revoked' ;;
    'delegations create|--delegation-source') _agnt_v='calendar_provider platform' ;;
    'delegations create|--calendar-provider') _agnt_v='provider2 provider1' ;;
    'delegations create|--approval-mode') _agnt_v='auto manual require_approval' ;;
    'delegations create|--thread-inclusion') _agnt_v='supervised semi-supervised unsupervised' ;;
    'delegations create|--visibility') _agnt_v='cc bcc' ;;
    'delegations create|--file') _agnt_v='@file' ;;
    'delegations get|#0') _agnt_v='@dyn' ;;
    'delegations update|--approval-mode') _agnt_v='auto manual require_approval' ;;
    'delegations update|--thread-inclusion') _agnt_v='supervised semi-supervised unsupervised' ;;
    'delegations update|--visibility') _agnt_v='cc bcc' ;;
    'delegations update|--file') _agnt_v='@file' ;;
    'delegations update|#0') _agnt_v='@dyn' ;;
    'delegations confirm|#0') _agnt_v='@dyn' ;;
    'delegations revoke|#0') _agnt_v='@dyn' ;;
    'delegations reverify|#0') _agnt_v='@dyn' ;;
    'booking-links create|--meeting-type') _agnt_v='virtual in_person' ;;
    'booking-links create|--access-mode') _agnt_v='public anyone_with_link invite_only' ;;
    'booking-links create|--scheduling-preferences') _agnt_v='@file' ;;
    'booking-links create|--file') _agnt_v='@file' ;;
    'booking-links add-invitees|--file') _agnt_v='@file' ;;
    'booking-links add-invitees|--csv') _agnt_v='@file' ;;
    'booking-links add-invitees|#0') _agnt_v='@dyn' ;;
    'booking-links invite|#0') _agnt_v='@dyn' ;;
    'usage report|--chart') _agnt_v='@file' ;;
    'calendars list|--user-id') _agnt_v='@dyn' ;;
    'calendars get|#0') _agnt_v='@dyn' ;;
    'calendars events|#0') _agnt_v='@dyn' ;;
    'calendars sync|#0') _agnt_v='@dyn' ;;
    'config get|#0') _agnt_v='base-url output timeout retries timezone guardrails ca-file cert-file key-file http2' ;;
    'config set|#0') _agnt_v='base-url output timeout retries timezone guardrails ca-file cert-file key-file http2 key-passphrase' ;;
    'config unset|#0') _agnt_v='base-url output timeout retries timezone guardrails ca-file cert-file key-file http2 key-passphrase' ;;
    'config use|#0') _agnt_v='@dyn' ;;
    'config remove|#0') _agnt_v='@dyn' ;;
    'sandbox start|--data') _agnt_v='@file' ;;
    'sandbox start|--seed') _agnt_v='@file' ;;
    'sandbox start|--faults') _agnt_v='@file' ;;
    'sandbox start|--tls-cert') _agnt_v='@file' ;;
    'sandbox start|--tls-key') _agnt_v='@file' ;;
    'sandbox start|--tls-client-ca') _agnt_v='@file' ;;
    'sandbox fault add|--method') _agnt_v='GET POST PUT PATCH DELETE' ;;
    'sandbox requests|--method') _agnt_v='GET POST PUT PATCH DELETE' ;;
    'sandbox clone|--mapping') _agnt_v='@file' ;;
    'mcp|--token-file') _agnt_v='@file' ;;
    'mcp|--tools') _agnt_v='all' ;;
    'mcp|--grant') _agnt_v='@file' ;;
    'mcp install|--client') _agnt_v='claude-code claude-desktop cursor vscode' ;;
    'mcp install|--config') _agnt_v='@file' ;;
    'mcp install|--token-from') _agnt_v='@file' ;;
    'approve|#0') _agnt_v='@file' ;;
    'alias import|#0') _agnt_v='@file' ;;
    'api|--file') _agnt_v='@file' ;;
    'batch|--errors-out') _agnt_v='@file' ;;
    'batch|--ledger') _agnt_v='@file' ;;
    'batch|--input-format') _agnt_v='csv tsv jsonl yaml json' ;;
    'batch|--encoding') _agnt_v='utf8 utf16le utf16be windows-1252' ;;
    'batch|--plan-out') _agnt_v='@file' ;;
    'batch|--plan') _agnt_v='@file' ;;
    'batch|#0') _agnt_v='@file' ;;
    'completion|#0') _agnt_v='bash zsh fish powershell' ;;
    *'|--output') _agnt_v='table wide json yaml jsonl csv id' ;;
    *'|-o') _agnt_v='table wide json yaml jsonl csv id' ;;
    *'|--profile') _agnt_v='@dyn' ;;
    *'|--guardrails') _agnt_v='@file' ;;
    *) _agnt_v= ;;
  esac
}

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
  local cword=$COMP_CWORD cur=${COMP_WORDS[COMP_CWORD]} cmdpath='' w pending='' vflag='' vf='' dd='' i line
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
    _agnt_reply compgen -W "$_agnt_flags" -- "$cur"
    return 0
  elif [[ -n $_agnt_subs && ${#pos[@]} -eq 0 ]]; then
    _agnt_reply compgen -W "$_agnt_subs" -- "$cur"
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
      _agnt_reply compgen -f -- "$cur" ;;
    @dir)
      compopt -o filenames 2>/dev/null
      _agnt_reply compgen -d -- "$cur" ;;
    @dyn)
      while IFS=$'\t' read -r line _; do
        [[ -n $line ]] && COMPREPLY+=("$line")
      done < <("${COMP_WORDS[0]}" __complete -- "${args[@]}" "$cur" 2>/dev/null </dev/null) ;;
    *) _agnt_reply compgen -W "$_agnt_v" -- "$cur" ;;
  esac
  return 0
}

complete -F _agnt agnt
