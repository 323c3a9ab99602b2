# shellcheck shell=bash
# Shared paths and helpers of scripts/wordpress/{up,down}.sh (sourced, not run).
#
# Everything mutable lives under $WP_STATE_DIR (default: <repo>/.wordpress, git-ignored):
#   run/php.pid, run/mariadbd.pid   process-group leaders started by up.sh (setsid)
#   run/php.sig                     port + flags the running php -S was started with
#   db/                             MariaDB datadir
#   db-run/mysqld.sock              MariaDB socket (no TCP port)
#   www/                            private copy of /usr/share/wordpress with our wp-config.php
#   logs/                           apt, MariaDB, php -S and PHP error logs
#   site.json                       URLs and credentials the tests read

# The variables below are used by the scripts that source this file.
# shellcheck disable=SC2034
WP_SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WP_REPO_ROOT=$(cd "$WP_SCRIPTS_DIR/../.." && pwd)
WP_STATE=${WP_STATE_DIR:-$WP_REPO_ROOT/.wordpress}
WP_HOST=127.0.0.1
WP_PORT=${WP_PORT:-8889}
WP_WORKERS=${WP_WORKERS:-4}
WP_RUN=$WP_STATE/run
WP_LOGS=$WP_STATE/logs
WP_DB_DATA=$WP_STATE/db
WP_DB_RUN=$WP_STATE/db-run
WP_DB_SOCK=$WP_DB_RUN/mysqld.sock
WP_DOCROOT=$WP_STATE/www
WP_SITE_JSON=$WP_STATE/site.json
WP_BASE_URL="http://$WP_HOST:$WP_PORT"

wp_t0=$(date +%s%N)

wp_elapsed() {
	local ms=$((($(date +%s%N) - wp_t0) / 1000000))
	printf '%d.%03d' $((ms / 1000)) $((ms % 1000))
}

wp_log() { printf '[wordpress %6ss] %s\n' "$(wp_elapsed)" "$*" >&2; }

wp_die() {
	printf '[wordpress] error: %s\n' "$*" >&2
	exit 1
}

# Take the state-dir lock on fd 8 so up.sh and down.sh never interleave. Daemons are started
# with fd 8 closed; otherwise they would hold the lock for as long as they live.
wp_lock() {
	mkdir -p "$WP_STATE"
	exec 8>"$WP_STATE/lock"
	flock -w "${1:-600}" 8 || wp_die "another up.sh/down.sh holds $WP_STATE/lock"
}

# wp_pid_alive <pidfile> <marker>: the PID in the file is running and its command line still
# contains the marker (a path inside our state dir), so a recycled PID is never mistaken for ours.
wp_pid_alive() {
	local file=$1 marker=$2 pid cmdline
	[[ -f $file ]] || return 1
	pid=$(<"$file")
	[[ $pid =~ ^[0-9]+$ && -r /proc/$pid/cmdline ]] || return 1
	cmdline=$(tr '\0' ' ' <"/proc/$pid/cmdline")
	[[ $cmdline == *"$marker"* ]]
}

# Markers: what our own daemons have on their command line.
wp_php_marker() { printf '%s' "-t $WP_DOCROOT"; }
wp_db_marker() { printf '%s' "--datadir=$WP_DB_DATA"; }

# wp_spawn <pidfile> <log> <command…>: start a command in its own session (so its PID is also
# its process-group id and down.sh can signal exactly that group), record the PID, detach.
wp_spawn() {
	local pidfile=$1 logfile=$2
	shift 2
	# shellcheck disable=SC2016 # $$ and $@ expand inside the child shell
	setsid bash -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$@" </dev/null >>"$logfile" 2>&1 8>&- &
}

# wp_stop_group <name> <pidfile> <marker> <timeout-seconds>: SIGTERM the process group recorded in
# the PID file (only if it is still ours), wait, then SIGKILL what is left; remove the PID file.
wp_stop_group() {
	local name=$1 file=$2 marker=$3 timeout=$4 pid i
	if [[ ! -f $file ]]; then
		wp_log "$name: not running"
		return 0
	fi
	pid=$(<"$file")
	if ! wp_pid_alive "$file" "$marker"; then
		wp_log "$name: pid ${pid:-?} is gone or no longer ours; nothing to stop"
		rm -f "$file"
		return 0
	fi
	kill -TERM -- "-$pid" 2>/dev/null || true
	for ((i = 0; i < timeout * 10; i++)); do
		kill -0 -- "-$pid" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 -- "-$pid" 2>/dev/null; then
		wp_log "$name: still running after ${timeout}s; sending SIGKILL to group $pid"
		kill -KILL -- "-$pid" 2>/dev/null || true
	fi
	rm -f "$file"
	wp_log "$name: stopped (pid $pid)"
}

# True when something accepts TCP connections on our host:port.
wp_port_busy() { (exec 3<>"/dev/tcp/$WP_HOST/$WP_PORT") 2>/dev/null; }
