# shellcheck shell=bash
# Shared paths and helpers of scripts/redis/{up,down}.sh (sourced, not run).
#
# Everything mutable lives under $REDIS_STATE_DIR (default: <repo>/.redis, git-ignored):
#   run/redis.pid    the redis-server up.sh started (it writes the file itself)
#   data/            its append-only file and snapshot, so documents outlive a restart
#   logs/            apt and redis-server logs

# shellcheck disable=SC2034
REDIS_REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
REDIS_STATE=${REDIS_STATE_DIR:-$REDIS_REPO_ROOT/.redis}
REDIS_HOST=127.0.0.1
REDIS_PORT=${REDIS_PORT:-6479}
REDIS_RUN=$REDIS_STATE/run
REDIS_DATA=$REDIS_STATE/data
REDIS_LOGS=$REDIS_STATE/logs
REDIS_PIDFILE=$REDIS_RUN/redis.pid

redis_log() { printf '[redis] %s\n' "$*" >&2; }

redis_die() {
	printf '[redis] error: %s\n' "$*" >&2
	exit 1
}

# Take the state-dir lock on fd 9 so up.sh and down.sh never interleave; redis-server is started
# with fd 9 closed so it does not hold the lock for as long as it lives.
redis_lock() {
	mkdir -p "$REDIS_STATE"
	exec 9>"$REDIS_STATE/lock"
	flock -w "${1:-300}" 9 || redis_die "another up.sh/down.sh holds $REDIS_STATE/lock"
}

# The PID in the pid file is running and its command line names our port, so a recycled PID is
# never mistaken for ours.
redis_alive() {
	local pid cmdline
	[[ -f $REDIS_PIDFILE ]] || return 1
	pid=$(<"$REDIS_PIDFILE")
	[[ $pid =~ ^[0-9]+$ && -r /proc/$pid/cmdline ]] || return 1
	cmdline=$(tr '\0' ' ' <"/proc/$pid/cmdline")
	[[ $cmdline == *redis-server*"$REDIS_HOST:$REDIS_PORT"* ]]
}

redis_port_busy() { (exec 3<>"/dev/tcp/$REDIS_HOST/$REDIS_PORT") 2>/dev/null; }
