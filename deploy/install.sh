#!/usr/bin/env bash
# From a fresh Debian 12 to the running site (docs/operations.md "Day one"), run as root from the
# checkout in /srv/guichet:
#   deploy/install.sh --domain www.example.be --admin-email you@example.be \
#     [--backup-recipient age1…] [--staff-origin https://desk.example.be] [--tls certbot|self-signed]
# Idempotent: a second run changes nothing that exists (the master key above all), only what is
# missing or was updated in the checkout (units, nginx files, the build).
# --root DIR writes every file under DIR instead of /, and --dry-run prints the commands that
# change the system (apt-get, npm, systemctl, certbot …) instead of running them:
# server/install-script.test.ts runs it so, then checks and starts what it wrote.
set -euo pipefail

usage() {
  sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

domain='' admin_email='' recipient='' staff_origin='' tls='certbot' root='' dry_run=0
while [ $# -gt 0 ]; do
  case "$1" in
  --domain) domain="${2:-}" && shift 2 ;;
  --admin-email) admin_email="${2:-}" && shift 2 ;;
  --backup-recipient) recipient="${2:-}" && shift 2 ;;
  --staff-origin) staff_origin="${2:-}" && shift 2 ;;
  --tls) tls="${2:-}" && shift 2 ;;
  --root) root="${2:-}" && shift 2 ;;
  --dry-run) dry_run=1 && shift ;;
  *) usage ;;
  esac
done
[[ "$domain" =~ ^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$ ]] || { echo "--domain must be a host name such as www.example.be" >&2; usage; }
[[ "$admin_email" =~ ^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$ ]] || { echo "--admin-email must be an e-mail address" >&2; usage; }
[[ -z "$recipient" || "$recipient" =~ ^age1[0-9a-z]+$ ]] || { echo "--backup-recipient must be an age public key (age1…)" >&2; usage; }
[[ "$tls" == certbot || "$tls" == self-signed ]] || usage
[ "$dry_run" = 1 ] || [ "$(id -u)" = 0 ] || { echo "run it as root (or with --dry-run)" >&2; exit 1; }

app="$(cd "$(dirname "$0")/.." && pwd)"
etc="$root/etc/guichet"
node=/usr/local/bin/node

# Runs a command that changes the system, or prints it with --dry-run.
run() {
  if [ "$dry_run" = 1 ]; then
    printf 'would run:'
    printf ' %q' "$@"
    printf '\n'
  else
    "$@"
  fi
}
# Writes standard input to a file with a mode, only when its content changed.
put() {
  local file="$1" mode="$2" content
  content="$(cat)"
  mkdir -p "$(dirname "$file")"
  if [ ! -f "$file" ] || [ "$(cat "$file")" != "$content" ]; then
    printf '%s\n' "$content" >"$file"
    echo "wrote ${file#"$root"}"
  fi
  chmod "$mode" "$file"
}

# 1. Debian's packages: nginx, certbot, openssl; npm only to fetch Node itself.
grep -q '^12' "$root/etc/debian_version" 2>/dev/null || echo "note: written for Debian 12; $(cat "$root/etc/debian_version" 2>/dev/null || echo 'not Debian')"
run apt-get install -y --no-install-recommends nginx-light certbot openssl curl npm

# 2. Node.js 24 from the npm registry (Debian 12 ships Node 18, older than package.json
# "engines" allows): the npm package "node" carries the binary, as .ci/run installs it.
if ! "$node" -e 'const [a, b, c] = process.versions.node.split(".").map(Number); process.exit((a === 22 && (b > 22 || (b === 22 && c >= 2))) || (a === 24 && b >= 15) || a >= 26 ? 0 : 1)' 2>/dev/null; then
  run npm install --global --prefix /opt/guichet-node --no-audit --no-fund node@24 npm@11
  run ln -sf /opt/guichet-node/lib/node_modules/node/bin/node "$node"
  run ln -sf /opt/guichet-node/lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm
fi

# 3. The service's user, and the folders only it writes: var/ (database, uploads) and backups.
put "$root/etc/sysusers.d/guichet.conf" 0644 <"$app/deploy/systemd/guichet.sysusers.conf"
run systemd-sysusers
run install -d -o guichet -g guichet -m 0700 "$app/var" /var/backups/guichet
# The releases `npm run release` makes (RELEASES_DIR below): outside var/, which nginx cannot
# enter; `current` is the live one, the site built in step 5 until the first publication.
run install -d -o guichet -g guichet -m 0755 "$app/releases"
[ -e "$app/releases/current" ] || [ -L "$app/releases/current" ] ||
  run ln -s ../dist "$app/releases/current"
run install -d -m 0755 /var/www/letsencrypt

# 4. Settings, and the master key kept apart: root only on disk, given to the service as a
# systemd credential (never in guichet.env, never in a backup).
mkdir -p "$etc"
if [ ! -f "$etc/master.key" ]; then
  (umask 0377 && openssl rand -base64 32 >"$etc/master.key")
  echo "made the master key $etc/master.key: keep a copy apart, with two people (docs/operations.md)"
fi
chmod 0400 "$etc/master.key"
if [ ! -f "$etc/guichet.env" ]; then
  put "$etc/guichet.env" 0640 <<EOF
# Settings of the site (README "Configuration"); the systemd units read this file.
SITE_URL=https://$domain
${staff_origin:+STAFF_ORIGIN=$staff_origin}
FORM_SECRET=$(openssl rand -hex 32)
PUBLISH_SECRET=$(openssl rand -hex 32)
BACKUP_RECIPIENT=$recipient
RELEASES_DIR=$app/releases
EOF
fi
run chgrp guichet "$etc/guichet.env"

# 5. The site, built for its address.
run sh -c "cd '$app' && npm ci --no-audit --no-fund && SITE_URL='https://$domain' npm run build"

# 6. nginx: the snippets in /etc/nginx/guichet/, the site over TLS and port 80's redirect.
for file in security-headers.conf security-headers-admin.conf security-headers-proxied.conf; do
  put "$root/etc/nginx/guichet/$file" 0644 <"$app/deploy/nginx/$file"
done
# OCSP stapling asks the machine's own resolver.
resolver="$(awk '/^nameserver/ { print $2; exit }' "$root/etc/resolv.conf" 2>/dev/null || true)"
sed "s/^resolver .*/resolver ${resolver:-127.0.0.1} valid=300s;/" "$app/deploy/nginx/tls.conf" |
  put "$root/etc/nginx/guichet/tls.conf" 0644
cat "$app/deploy/nginx/site.conf" "$app/deploy/nginx/http-redirect.conf" |
  sed -e "s#include \([a-z-]*\.conf\);#include guichet/\1;#" \
    -e "s#GUICHET_DOMAIN#$domain#g" \
    -e "s#GUICHET_TLS_DIR#/etc/guichet/tls#g" \
    -e "s#GUICHET_DIST#$app/releases/current#g" \
    -e "s#GUICHET_API#http://127.0.0.1:8080#g" \
    -e "s#GUICHET_ACCESS_LOG#/var/log/nginx/guichet.access.log#g" |
  put "$root/etc/nginx/sites-available/guichet.conf" 0644
mkdir -p "$root/etc/nginx/sites-enabled"
ln -sfn ../sites-available/guichet.conf "$root/etc/nginx/sites-enabled/guichet.conf"

# 7. A certificate: a self-signed one until certbot's (or for an intranet: --tls self-signed).
if [ ! -e "$etc/tls/fullchain.pem" ]; then
  mkdir -p "$etc/tls"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
    -subj "/CN=$domain" -addext "subjectAltName=DNS:$domain" \
    -keyout "$etc/tls/privkey.pem" -out "$etc/tls/fullchain.pem" 2>/dev/null
  cp "$etc/tls/fullchain.pem" "$etc/tls/chain.pem"
  chmod 0600 "$etc/tls/privkey.pem"
  echo "made a temporary self-signed certificate in $etc/tls"
fi
run nginx -t
run systemctl reload-or-restart nginx
if [ "$tls" = certbot ] && [ ! -L "$etc/tls/fullchain.pem" ]; then
  run certbot certonly --webroot -w /var/www/letsencrypt -d "$domain" --non-interactive \
    --agree-tos -m "$admin_email" --deploy-hook 'systemctl reload nginx'
  for file in fullchain.pem privkey.pem chain.pem; do
    run ln -sfn "/etc/letsencrypt/live/$domain/$file" "$etc/tls/$file"
  done
  run systemctl reload nginx
fi

# 8. The units, with this checkout's path, started now and at every boot.
for unit in guichet.service guichet-backup.service guichet-backup.timer guichet-publisher.service; do
  sed "s#/srv/guichet#$app#g" "$app/deploy/systemd/$unit" | put "$root/etc/systemd/system/$unit" 0644
done
run systemctl daemon-reload
run systemctl enable --now guichet.service guichet-backup.timer guichet-publisher.service
run systemctl restart guichet.service guichet-publisher.service

# 9. The first administrator's invitation, once: a link that enrols their passkey.
if [ ! -f "$etc/admin-invited" ]; then
  run sh -c "until curl -sf http://127.0.0.1:8080/api/ready >/dev/null; do sleep 1; done"
  # As the service's user, with the master key read by root and passed in its environment.
  # shellcheck disable=SC2016 # expanded by that shell, not this one
  run sh -c 'SUBMISSIONS_KEY="$(cat /etc/guichet/master.key)" exec runuser -u guichet -- sh -c "set -a && . /etc/guichet/guichet.env && cd \"$0\" && exec /usr/local/bin/node server/staff-cli.ts invite --email \"$1\" --role admin"' "$app" "$admin_email"
  [ "$dry_run" = 1 ] || date -u +%FT%TZ >"$etc/admin-invited"
fi
echo "Done: https://$domain (docs/operations.md says what to check next)."
