#!/usr/bin/env bash
# Debian package installs shared by scripts/wordpress/up.sh and scripts/redis/up.sh (root only).

# apt_update_unless_offered PACKAGE PATTERN LOG_DIR
#   Runs `apt-get update` only when apt offers no PACKAGE whose candidate version matches PATTERN (a
#   bash glob such as '[0-9]*' or '6.1*'): a brand-new machine has no package lists yet, a used one
#   need not wait for an update. Returns 1 with a message on stderr when the update fails.
apt_update_unless_offered() {
	local package=$1 pattern=$2 log_dir=$3
	# shellcheck disable=SC2053 # the pattern is a glob on purpose
	[[ $(apt-cache policy "$package" 2>/dev/null | sed -n 's/^ *Candidate: //p') == $pattern ]] && return 0
	apt-get update -q -o DPkg::Lock::Timeout=300 >"$log_dir/apt-update.log" 2>&1 && return 0
	echo "apt-get update failed, see $log_dir/apt-update.log" >&2
	return 1
}

# apt_install_quietly LOG_DIR PACKAGE...
#   Installs the packages without starting any service they ship: redis-server, apache2 and
#   mariadb-server would start their system-wide service on install, and a policy-rc.d that exits
#   101 forbids that. Docker images ship one already, so only a file created here is removed again.
#   Returns 1 with a message on stderr when the install fails.
apt_install_quietly() {
	local log_dir=$1
	shift
	local own_policy=0 status=0
	export DEBIAN_FRONTEND=noninteractive
	if [[ ! -e /usr/sbin/policy-rc.d ]]; then
		printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
		chmod 755 /usr/sbin/policy-rc.d
		own_policy=1
	fi
	apt-get install -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends "$@" >"$log_dir/apt.log" 2>&1 ||
		{ echo "apt-get install failed, see $log_dir/apt.log" >&2; status=1; }
	((own_policy)) && rm -f /usr/sbin/policy-rc.d
	return "$status"
}
