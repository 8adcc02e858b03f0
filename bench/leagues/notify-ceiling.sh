#!/usr/bin/env bash
# How many committing transactions a second PostgreSQL takes with and without a NOTIFY in each
# (decision 083: NOTIFY serialises the commits of notifying transactions on one lock). The
# transaction is the shape of a league write: an upsert of a row and an insert into a log, in a
# scratch database of its own; with NOTIFY it also sends `<league>:<event>` on a channel that
# one connection LISTENs to (as one app instance does). pgbench, 8 clients, 20 s each, 127.0.0.1.
#   bash bench/leagues/notify-ceiling.sh [clients] [seconds]
set -euo pipefail
CLIENTS=${1:-8}
SECONDS_EACH=${2:-20}
ADMIN=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
DB="mingo_notify_ceiling_$$"
dir=$(mktemp -d)
trap 'psql "$ADMIN" -qc "drop database if exists $DB with (force)" >/dev/null 2>&1 || true; kill $listener 2>/dev/null || true; rm -rf "$dir"' EXIT
psql "$ADMIN" -qc "create database $DB" >/dev/null
URL="${ADMIN%/*}/$DB"
psql "$URL" -q <<'SQL' >/dev/null
create table standing (id int primary key, n bigint not null default 0);
insert into standing select g from generate_series(1, 1000) g;
create table log (league int not null, id bigserial, data jsonb not null, primary key (league, id));
SQL
# The league write; with an argument, that statement too, just before the commit.
transaction() {
  cat <<SQL
\\set league random(1, 1000)
begin;
update standing set n = n + 1 where id = :league;
insert into log (league, data) values (:league, '{"seen": 5}');
${1:-}
commit;
SQL
}
transaction >"$dir/plain.sql"
transaction "select pg_notify('mingo_league_events', :league || ':' || currval('log_id_seq'));" >"$dir/notify.sql"
# One listener, as one app instance holds.
( psql "$URL" -qc 'listen mingo_league_events; select pg_sleep(3600)' >/dev/null 2>&1 ) &
listener=$!
sleep 1
echo "PostgreSQL $(psql "$ADMIN" -Atc 'show server_version'), $CLIENTS clients, ${SECONDS_EACH}s each, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for script in plain notify plain notify; do
  tps=$(pgbench -n -c "$CLIENTS" -j 2 -T "$SECONDS_EACH" -f "$dir/$script.sql" "$URL" 2>/dev/null | awk '/^tps/ {print int($3)}')
  echo "$script: $tps transactions/s"
done
