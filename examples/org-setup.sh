#!/usr/bin/env bash
# An organization admin's set-up, safe to run again and again: every step either looks the
# thing up before creating it, or is an idempotent PUT/verify that leaves the same state.
# See docs/org-setup.md. Uses AGNT_BASE_URL/AGNT_TOKEN (or the active profile) like any agnt call.
set -euo pipefail

AGNT=${AGNT:-agnt}
here=$(cd "$(dirname "$0")" && pwd)
ORG_NAME=${ORG_NAME:-Acme Labs}
DOMAIN=${DOMAIN:-labs.acme.test}
SSO_FILE=${SSO_FILE:-$here/sso.yaml}
MEMBERS=${MEMBERS:-ada.lab@labs.acme.test bo.lab@labs.acme.test}
TEAM_NAME=${TEAM_NAME:-Platform}
INVITEE=${INVITEE:-new.hire@labs.acme.test}
BUCKET_ARN=${BUCKET_ARN:-arn:aws:s3:::acme-labs-audit}
ROLE_ARN=${ROLE_ARN:-arn:aws:iam::123456789012:role/agnt-audit-delivery}
REGION=${REGION:-us-east-1}
SCIM_TOKEN_FILE=${SCIM_TOKEN_FILE:-scim-token.txt}
ROTATE_SCIM=${ROTATE_SCIM:-0}

say() { echo "org-setup: $*" >&2; }

# 1. The organization: found by name, created only when missing.
org=$($AGNT org list --all --query "[?name=='$ORG_NAME'].id | [0]")
if [ -z "$org" ]; then
  org=$($AGNT org create --name "$ORG_NAME" -o id)
  say "created organization $org"
else
  say "organization $org exists"
fi

# 2. The domain: added when missing; verifying a verified domain changes nothing.
dom=$($AGNT org domains list "$org" --all --query "[?domain=='$DOMAIN'].id | [0]")
if [ -z "$dom" ]; then
  dom=$($AGNT org domains add "$org" --domain "$DOMAIN" --auto-join -o id)
  say "added domain $DOMAIN ($dom)"
fi
$AGNT org domains verify "$org" "$dom" -o id >/dev/null
say "domain $DOMAIN verified"

# 3. SSO from a reviewed YAML file (a PUT: the same file gives the same settings).
$AGNT org sso set "$org" --file "$SSO_FILE" -o id >/dev/null
say "SSO set from $SSO_FILE"

# 4. The SCIM token: rotated only when none was ever made, or when asked (ROTATE_SCIM=1),
#    because a rotation breaks the token the identity provider holds.
rotated=$($AGNT org get "$org" --query scimTokenRotatedAt)
if [ -z "$rotated" ] || [ "$ROTATE_SCIM" = 1 ]; then
  (umask 077 && $AGNT org scim-token rotate "$org" --yes > "$SCIM_TOKEN_FILE")
  say "new SCIM token written to $SCIM_TOKEN_FILE"
else
  say "SCIM token kept (rotated at $rotated; ROTATE_SCIM=1 to rotate)"
fi

# 5. Members: provisioning is idempotent (an existing member is answered as it is).
for email in $MEMBERS; do
  $AGNT org members add "$org" --email "$email" -o id >/dev/null
done
say "members provisioned: $MEMBERS"

# 6. A team (found by name) and an invitation, unless one is pending or they already joined.
#    A team belongs to its creator's organization (POST /teams takes none): only an admin of
#    $org itself can make one there, so for any other organization this step says so and skips.
mine=$($AGNT users me --query organization)
if [ "$mine" != "$org" ]; then
  say "team $TEAM_NAME and invitation of $INVITEE skipped: a team is made in its creator's organization ($mine), not $org; run this step as an admin of $org"
else
  team=$($AGNT teams list --all --query "[?name=='$TEAM_NAME' && organization=='$org'].id | [0]")
  if [ -z "$team" ]; then
    team=$($AGNT teams create --name "$TEAM_NAME" -o id)
    say "created team $team in $org"
  fi
  pending=$($AGNT invitations list --team-id "$team" --all --query "[?email=='$INVITEE'].id | [0]")
  joined=$($AGNT teams members list "$team" --all --query "[?email=='$INVITEE'].id | [0]")
  if [ -z "$pending" ] && [ -z "$joined" ]; then
    inv=$($AGNT invitations create --team-id "$team" --email "$INVITEE" -o id)
    say "invited $INVITEE ($inv)"
  else
    say "$INVITEE already invited or a member"
  fi
fi

# 7. Audit-log delivery config (a PUT), then a delivery of the last day, followed to the end:
#    --wait exits non-zero when the job failed, which stops this script (set -e).
$AGNT org audit-logging set "$org" --enabled --storage-bucket-arn "$BUCKET_ARN" --role-arn "$ROLE_ARN" --region "$REGION" --storage-prefix "audit/" -o json >/dev/null
job=$($AGNT org audit-logging deliver "$org" --from 24h --to now --wait -o id)
say "audit logs delivered (job $job)"

# 8. What this run (and the last hour) changed.
$AGNT org audit-events list "$org" --since 1h --all
