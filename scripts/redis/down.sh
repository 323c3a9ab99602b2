#!/usr/bin/env bash
# Stop exactly the redis-server scripts/redis/up.sh started (the PID in .redis/run/redis.pid, only
# while its command line still names our host:port). SIGTERM makes Redis flush its append-only
# file first; the data folder is kept, so the next up.sh serves the same documents.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

if [[ ! -f $REDIS_PIDFILE ]]; then
	redis_log "not running"
	exit 0
fi
redis_lock 120
pid=$(<"$REDIS_PIDFILE")
if ! redis_alive; then
	redis_log "pid ${pid:-?} is gone or no longer ours; nothing to stop"
	rm -f "$REDIS_PIDFILE"
	exit 0
fi
kill -TERM "$pid" 2>/dev/null || true
for ((i = 0; i < 300; i++)); do
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
done
if kill -0 "$pid" 2>/dev/null; then
	redis_log "still running after 30s; sending SIGKILL to $pid"
	kill -KILL "$pid" 2>/dev/null || true
fi
rm -f "$REDIS_PIDFILE"
redis_log "stopped (pid $pid)"
