#!/usr/bin/env bash
# CI entry for the sync server's security suite (issue 25): start the private Redis
# (scripts/redis/up.sh), run `npm run test:security` with REDIS_URL pointing at it (its globalSetup
# starts the real WordPress 6.1 through scripts/wordpress/up.sh), then always stop both, pass or
# fail, even when the tests are interrupted. Exits with the tests' status.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1

stop_services() {
	scripts/redis/down.sh || echo "ci.sh: scripts/redis/down.sh failed" >&2
	scripts/wordpress/down.sh || echo "ci.sh: scripts/wordpress/down.sh failed" >&2
}
trap stop_services EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

REDIS_URL=$(scripts/redis/up.sh) || exit 1
export REDIS_URL
npm run test:security
