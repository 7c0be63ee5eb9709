#!/usr/bin/env bash
# Set up everything the test suite needs, from the project's own files, and run a tier of it.
#
#   bash scripts/test.sh            # everything (what CI runs): unit, rule and property tests,
#                                   # notebooks, the wheel install, mypy, then the browser tests in a
#                                   # real headless Chromium against a real Voila server (beside
#                                   # the rest: those marked serial one at a time, then the others
#                                   # two at a time)
#   bash scripts/test.sh --quick    # the quick tier: every test not marked slow, browser, notebook
#                                   # or install (rules, API, notation, saves, store, CLI, UI units
#                                   # and a handful of property games per ruleset)
#   bash scripts/test.sh -k odds    # extra arguments go to pytest (in either tier)
#
# Markers, not file lists, decide the tiers (pyproject.toml; tests/test_tiers.py checks that every
# test over ~2 s carries one). Each tier prints its time at its end. The full tier records each
# test's time in .pytest_cache/durations-*.jsonl: `python scripts/durations.py` merges it into
# tests/durations.json, which tests/test_tiers.py reads.
set -euo pipefail
cd "$(dirname "$0")/.."

QUICK=0
if [ "${1:-}" = "--quick" ]; then
  QUICK=1
  shift
fi

# 1. Debian's Chromium for the browser tests (Playwright must not download a browser) and
#    Debian's PostgreSQL server for the game store's tests (they start a throw-away cluster).
NEED=()
[ "$QUICK" = 1 ] || command -v chromium >/dev/null 2>&1 || NEED+=(chromium)
command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || NEED+=(postgresql)
if [ "${#NEED[@]}" -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${NEED[@]}" >/dev/null
fi

# 2. A virtual environment with the package and its test and geodata extras.
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test,geodata]' -e tests/council  # tests/council: the Council toy ruleset, a package of its own
export PATH="$PWD/.venv/bin:$PATH"

# 3. The tests. pytest's exit code 5 means "no test selected" (e.g. `-k` that matches only browser
#    tests): not a failure as long as some part of the run ran tests.
STARTED=$SECONDS
RAN=0
elapsed() { printf '%d:%02d' $(((SECONDS - $1) / 60)) $(((SECONDS - $1) % 60)); }
run() {  # run pytest; 0 or 5 ("no tests selected") pass, anything else stops the script
  local code=0
  python -m pytest "$@" || code=$?
  if [ "$code" -eq 0 ]; then
    RAN=1
  elif [ "$code" -ne 5 ]; then
    echo "pytest failed (exit $code) after $(elapsed "$STARTED") (m:ss)"
    exit "$code"
  fi
}

if [ "$QUICK" = 1 ]; then
  # both cores; an idle core takes queued tests from the busy one (xdist's worksteal)
  run -n 2 --dist worksteal -m "not (slow or browser or notebook or install)" "$@"
  [ "$RAN" = 1 ] || { echo "no test selected"; exit 5; }
  echo "quick tier: $(elapsed "$STARTED") (m:ss)"
  exit 0
fi

# The wheel is built once for the whole run (tests/test_install.py and the browser test of the
# installed wheel share it), as are the executed notebooks.
FORTRESS_TEST_CACHE="$(mktemp -d)"
export FORTRESS_TEST_CACHE
mkdir -p .pytest_cache
# The browser tests spend most of their time waiting: on their pages, and on the server's clocks
# (connect grace, idle cull). So they run beside the rest, from the start, in a job of their own
# whose output is printed once it ends: first those marked `serial`, one at a time (many pages at
# once, or those clocks), then the others two at a time (each xdist worker a file's server and
# pages).
BROWSER_LOG="$FORTRESS_TEST_CACHE/browser.log"
BROWSER_PID=""
stop_browser() {  # on an early exit: Ctrl-C to the browser job's pytest, so its servers are torn down
  if [ -n "$BROWSER_PID" ] && kill -0 "$BROWSER_PID" 2>/dev/null; then
    pkill -INT -P "$BROWSER_PID" 2>/dev/null || true
    wait "$BROWSER_PID" 2>/dev/null || true
  fi
  rm -rf "$FORTRESS_TEST_CACHE"
}
trap stop_browser EXIT
browser_lane() {  # NAME ARGS...: one pytest of the browser job; 0 or 5 pass
  local name=$1 start=$SECONDS code=0
  shift
  # a job in the background starts with Ctrl-C ignored: give pytest Python's handler back
  python -c 'import signal, sys, pytest; signal.signal(signal.SIGINT, signal.default_int_handler)
sys.exit(pytest.main(sys.argv[1:]))' "$@" || code=$?
  echo "browser tests, $name: $(elapsed "$start") (m:ss)"
  [ "$code" -eq 0 ] || [ "$code" -eq 5 ] || return "$code"
  [ "$code" -eq 0 ] && echo ran >"$FORTRESS_TEST_CACHE/browser.ran"
  return 0
}
(
  first=0 second=0
  browser_lane serial -m "browser and serial" -p no:xdist \
    --record-durations=.pytest_cache/durations-serial.jsonl "$@" || first=$?
  browser_lane "two at a time" -m "browser and not serial" -n 2 --dist loadfile \
    --record-durations=.pytest_cache/durations-browser.jsonl "$@" || second=$?
  [ "$first" -eq 0 ] || exit "$first"
  exit "$second"
) >"$BROWSER_LOG" 2>&1 &
BROWSER_PID=$!
run -n 2 --dist worksteal -m "not browser" --durations=15 --record-durations=.pytest_cache/durations-main.jsonl "$@"
echo "everything but the browser: $(elapsed "$STARTED") (m:ss)"
BROWSER_CODE=0
wait "$BROWSER_PID" || BROWSER_CODE=$?
BROWSER_PID=""
echo "---- the browser tests (run beside the rest) ----"
cat "$BROWSER_LOG"
if [ "$BROWSER_CODE" -ne 0 ]; then
  echo "pytest failed (exit $BROWSER_CODE, browser tests) after $(elapsed "$STARTED") (m:ss)"
  exit "$BROWSER_CODE"
fi
[ -e "$FORTRESS_TEST_CACHE/browser.ran" ] && RAN=1
[ "$RAN" = 1 ] || { echo "no test selected"; exit 5; }
python scripts/durations.py --check .pytest_cache/durations-main.jsonl .pytest_cache/durations-browser.jsonl \
  .pytest_cache/durations-serial.jsonl || true
echo "full suite: $(elapsed "$STARTED") (m:ss)"
