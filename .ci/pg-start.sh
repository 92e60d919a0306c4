#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the tests: a temporary directory, a free loopback
# port, password (scram-sha-256) authentication, run as the `postgres` user when started by root
# (initdb refuses root). Prints shell lines to eval:
#   eval "$(.ci/pg-start.sh)"   ->  EMCTL_TEST_PG_URL and EMCTL_TEST_PG_DIR exported
# and `.ci/pg-stop.sh "$EMCTL_TEST_PG_DIR"` stops it and removes the directory.
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "pg-start: PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (apt-get install postgresql)" >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

dir=$(mktemp -d /tmp/emctl-pg.XXXXXX)
chmod 755 "$dir"
password=$(node -e "process.stdout.write(require('node:crypto').randomBytes(18).toString('hex'))")
port=$(node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})")
printf '%s\n' "$password" > "$dir/pwfile"
if [ "$(id -u)" = 0 ]; then chown -R postgres "$dir"; fi

as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=scram-sha-256 --pwfile="$dir/pwfile" -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
rm -f "$dir/pwfile"
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-p $port -c listen_addresses=127.0.0.1 -k $dir" start >/dev/null ||
  { cat "$dir/server.log" >&2; exit 1; }

echo "export EMCTL_TEST_PG_URL='postgres://postgres:$password@127.0.0.1:$port/postgres'"
echo "export EMCTL_TEST_PG_DIR='$dir'"
