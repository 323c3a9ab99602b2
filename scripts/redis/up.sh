#!/usr/bin/env bash
# Start a private Redis (Debian's `redis-server`) for the sync server's tests and benchmarks:
# 127.0.0.1 only, its own state folder, append-only persistence so stored rooms survive a restart.
# Idempotent: installs redis-server when missing, re-uses a running one, prints its URL.
#
#   scripts/redis/up.sh      install if needed, start, print redis://127.0.0.1:$REDIS_PORT
#   scripts/redis/down.sh    stop exactly the redis-server up.sh started (data is kept)
#
# Environment:
#   REDIS_PORT        port on 127.0.0.1 (default 6479)
#   REDIS_STATE_DIR   state folder (default <repo>/.redis)
set -euo pipefail
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# shellcheck source=../lib/apt.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/apt.sh"

[[ $REDIS_PORT =~ ^[0-9]+$ ]] || redis_die "REDIS_PORT must be a port number, got '$REDIS_PORT'"
redis_lock 300
mkdir -p "$REDIS_RUN" "$REDIS_DATA" "$REDIS_LOGS"

if ! command -v redis-server >/dev/null; then
	[[ $(id -u) == 0 ]] || redis_die "redis-server is not installed; run up.sh as root once to install it"
	redis_log "apt-get install redis-server"
	apt_update_unless_offered redis-server '[0-9]*' "$REDIS_LOGS" || redis_die "could not update the package lists"
	apt_install_quietly "$REDIS_LOGS" redis-server || redis_die "could not install redis-server"
fi

if redis_alive; then
	redis_log "already running (pid $(<"$REDIS_PIDFILE"))"
else
	redis_port_busy && redis_die "port $REDIS_PORT on $REDIS_HOST is in use by a process up.sh did not start (set REDIS_PORT)"
	rm -f "$REDIS_PIDFILE"
	# appendfsync everysec: at most one second of writes is lost on a crash; a clean SIGTERM (down.sh)
	# flushes everything. No protected mode is needed: it only ever binds to loopback.
	redis-server --bind "$REDIS_HOST" --port "$REDIS_PORT" --daemonize yes \
		--pidfile "$REDIS_PIDFILE" --dir "$REDIS_DATA" --logfile "$REDIS_LOGS/redis.log" \
		--appendonly yes --appendfsync everysec --save 60 1 9>&-
	for ((i = 0; i < 100; i++)); do
		redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG && break
		sleep 0.1
	done
	redis_alive || redis_die "redis-server did not start, see $REDIS_LOGS/redis.log"
	redis_log "started (pid $(<"$REDIS_PIDFILE"))"
fi
echo "redis://$REDIS_HOST:$REDIS_PORT"
