#!/usr/bin/env bash
# CI entry for the slow sync suites: start the private Redis (scripts/redis/up.sh), run
# `npm run test:sync` with REDIS_URL pointing at it, then always stop Redis, pass or fail, even
# when the tests are interrupted. Exits with the tests' status.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1

stop_redis() { scripts/redis/down.sh || echo "ci.sh: scripts/redis/down.sh failed" >&2; }
trap stop_redis EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

REDIS_URL=$(scripts/redis/up.sh) || exit 1
export REDIS_URL
npm run test:sync
