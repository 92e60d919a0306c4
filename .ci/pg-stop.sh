#!/usr/bin/env bash
# Stops the cluster .ci/pg-start.sh started in DIR and removes DIR.
set -uo pipefail
dir=${1:?usage: pg-stop.sh DIR}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -d "$dir/data" ]; then
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
  else "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null; fi
fi
case "$dir" in /tmp/emctl-pg.*) rm -rf "$dir" ;; esac
