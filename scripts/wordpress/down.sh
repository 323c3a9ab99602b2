#!/usr/bin/env bash
# Stop exactly the processes scripts/wordpress/up.sh started: the process groups recorded in
# .wordpress/run/php.pid and .wordpress/run/mariadbd.pid (each started with setsid, so the PID is
# also the group id and the group holds only its own children, such as the php -S workers).
# A PID whose command line no longer names our state folder is left alone. The install (database,
# docroot, site.json) is kept; `up.sh --reset` starts over.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

if [[ ! -d $WP_RUN ]]; then
	wp_log "nothing to stop ($WP_RUN does not exist)"
	exit 0
fi
wp_lock 120
wp_stop_group "php -S" "$WP_RUN/php.pid" "$(wp_php_marker)" 10
rm -f "$WP_RUN/php.sig"
wp_stop_group mariadbd "$WP_RUN/mariadbd.pid" "$(wp_db_marker)" 60
