#!/usr/bin/env bash
# Determinism under load (issue 20, decision 160): `npm test` RUNS times in a row (default 3) with
# `stress-ng --cpu 2` running alongside, each run bounded by stress-ng's own --timeout. Stops at the
# first red run. Prints one line per run (pass/fail, wall time, load average) and the totals.
#
#   bash bench/stress-npm-test.sh [RUNS]
#
# Needs stress-ng (Debian: apt-get install -y stress-ng). Uses only the machine it runs on.
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
command -v stress-ng >/dev/null || {
  echo 'stress-ng not found: sudo apt-get install -y stress-ng'
  exit 2
}
clock() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

results=()
for run in $(seq 1 "$runs"); do
  log=$(mktemp -t stress-npm-test.XXXXXX)
  # Two CPU hogs, one per core, stopped by themselves after 60 minutes at the latest.
  stress-ng --cpu 2 --timeout 3600s --quiet &
  stress=$!
  start=$SECONDS
  npm test >"$log" 2>&1
  status=$?
  took=$((SECONDS - start))
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  kill "$stress" 2>/dev/null
  wait "$stress" 2>/dev/null
  vitest=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ +Tests +[0-9]' | head -1 | sed 's/^ *//')
  browser=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ +[0-9]+ (passed|failed|flaky)' | tr -s ' ' | paste -sd, -)
  line="run $run: $([ "$status" -eq 0 ] && echo passed || echo "FAILED ($status, log $log)") in $(clock "$took"); load $load; vitest: $vitest; browser:$browser"
  echo "$line"
  results+=("$line")
  if [ "$status" -ne 0 ]; then break; fi
  rm -f "$log"
done
echo '--- summary'
printf '%s\n' "${results[@]}"
