#!/usr/bin/env bash
# CI entry for the real-WordPress suite: `npm run test:wordpress` (whose globalSetup runs up.sh),
# then always down.sh, pass or fail, even when the tests are interrupted. Exits with the tests'
# status.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1

stop_servers() { scripts/wordpress/down.sh || echo "ci.sh: down.sh failed" >&2; }
trap stop_servers EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

npm run test:wordpress
