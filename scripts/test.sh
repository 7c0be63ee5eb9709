#!/usr/bin/env bash
# Set up everything the test suite needs, from the project's own files, and run it all:
# unit, rule and property tests, widget tests, notebooks, and browser tests in a real
# headless Chromium against a real Voila server.
#
#   bash scripts/test.sh            # the whole suite (what CI runs)
#   bash scripts/test.sh -k odds    # extra arguments go to pytest
set -euo pipefail
cd "$(dirname "$0")/.."

# 1. Debian's Chromium for the browser tests (Playwright must not download a browser) and
#    Debian's PostgreSQL server for the game store's tests (they start a throw-away cluster).
NEED=()
command -v chromium >/dev/null 2>&1 || NEED+=(chromium)
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

# 3. The suite: everything but the browser in parallel on both cores (an idle core takes queued
#    tests from the busy one: the property tests are long), then the browser tests.
python -m pytest -n 2 --dist worksteal -m "not browser" --durations=15 "$@"
python -m pytest -m browser -p no:xdist "$@"
