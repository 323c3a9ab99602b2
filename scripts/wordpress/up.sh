#!/usr/bin/env bash
# Start a real WordPress 6.1 (Debian bookworm's `wordpress` package) for the integration tests:
# a private MariaDB on a unix socket and `php -S 127.0.0.1:$WP_PORT` with a router for /wp-json/.
# Idempotent: installs what is missing, re-uses a running install, and only starts what is down.
#
#   scripts/wordpress/up.sh            install if needed, start, write .wordpress/site.json
#   scripts/wordpress/up.sh --reset    drop the database and uploads first (new app passwords)
#   scripts/wordpress/down.sh          stop exactly what up.sh started
#
# Environment:
#   WP_PORT        port on 127.0.0.1 (default 8889)
#   WP_WORKERS     PHP_CLI_SERVER_WORKERS of php -S (default 4)
#   WP_STATE_DIR   state folder (default <repo>/.wordpress)
#
# Needs root for the first run (apt-get); later runs work as any user that owns the state folder.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
# shellcheck source=../lib/apt.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/apt.sh"

reset=0
for arg in "$@"; do
	case $arg in
	--reset) reset=1 ;;
	-h | --help)
		sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
		exit 0
		;;
	*)
		echo "up.sh: unknown argument '$arg' (try --help)" >&2
		exit 2
		;;
	esac
done
[[ $WP_PORT =~ ^[0-9]+$ ]] || wp_die "WP_PORT must be a port number, got '$WP_PORT'"
[[ $WP_WORKERS =~ ^[1-9][0-9]*$ ]] || wp_die "WP_WORKERS must be a positive number, got '$WP_WORKERS'"

wp_lock 600
mkdir -p "$WP_RUN" "$WP_LOGS"

php_running() { wp_pid_alive "$WP_RUN/php.pid" "$(wp_php_marker)"; }

# Refuse before touching anything if a stranger holds the port.
if wp_port_busy && ! php_running; then
	wp_die "port $WP_PORT on $WP_HOST is in use by a process up.sh did not start (set WP_PORT)"
fi

# ------------------------------------------------------------------------------- packages --
packages=(wordpress wordpress-theme-twentytwentythree mariadb-server mariadb-client
	php-cli php-mysql php-xml php-mbstring php-gd php-curl curl)
missing=()
for p in "${packages[@]}"; do
	[[ $(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true) == 'install ok installed' ]] || missing+=("$p")
done
if ((${#missing[@]})); then
	[[ $(id -u) == 0 ]] || wp_die "missing packages (${missing[*]}); run up.sh as root once to install them"
	apt_update_unless_offered wordpress '6.1*' "$WP_LOGS" || wp_die "could not update the package lists"
	candidate=$(apt-cache policy wordpress | sed -n 's/^ *Candidate: //p')
	[[ $candidate == 6.1.* ]] || wp_die "apt offers wordpress '$candidate', but the tests need 6.1 (Debian bookworm)"
	wp_log "apt-get install ${missing[*]} (wordpress $candidate)"
	apt_install_quietly "$WP_LOGS" "${missing[@]}" || wp_die "could not install ${missing[*]}"
	wp_log "packages installed"
fi
wp_version=$(dpkg-query -W -f='${Version}' wordpress)
theme_version=$(dpkg-query -W -f='${Version}' wordpress-theme-twentytwentythree)
[[ $wp_version == 6.1.* ]] || wp_die "installed wordpress is $wp_version, the tests need 6.1"

# -------------------------------------------------------------------------------- MariaDB --
# The daemon runs as whoever runs up.sh, so the state folder may live anywhere (a checkout
# under /root is not reachable for the `mysql` user); it listens on its socket only.
db_user=$(id -un)
if [[ ! -d $WP_DB_DATA/mysql ]]; then
	wp_log "creating MariaDB datadir $WP_DB_DATA"
	rm -rf "$WP_DB_DATA"
	mkdir -p "$WP_DB_DATA"
	mariadb-install-db --no-defaults --user="$db_user" --datadir="$WP_DB_DATA" \
		--auth-root-authentication-method=socket --skip-test-db \
		>"$WP_LOGS/mariadb-install.log" 2>&1 || wp_die "mariadb-install-db failed, see $WP_LOGS/mariadb-install.log"
fi
mkdir -p "$WP_DB_RUN"

db_ping() { mariadb-admin --no-defaults --socket="$WP_DB_SOCK" -uroot ping >/dev/null 2>&1; }
if wp_pid_alive "$WP_RUN/mariadbd.pid" "$(wp_db_marker)"; then
	wp_log "MariaDB already running (pid $(<"$WP_RUN/mariadbd.pid"))"
else
	wp_log "starting MariaDB on $WP_DB_SOCK"
	rm -f "$WP_DB_SOCK" "$WP_RUN/mariadbd.pid"
	wp_spawn "$WP_RUN/mariadbd.pid" "$WP_LOGS/mariadbd.log" \
		/usr/sbin/mariadbd --no-defaults --user="$db_user" --datadir="$WP_DB_DATA" \
		--socket="$WP_DB_SOCK" --pid-file="$WP_DB_RUN/mariadbd.pid" --skip-networking \
		--skip-name-resolve --log-error="$WP_LOGS/mariadbd.err" \
		--character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
		--innodb-flush-log-at-trx-commit=2 --innodb-doublewrite=0 --innodb-buffer-pool-size=64M
	for _ in $(seq 1 300); do
		db_ping && break
		if [[ -f $WP_RUN/mariadbd.pid ]] && ! kill -0 "$(<"$WP_RUN/mariadbd.pid")" 2>/dev/null; then
			wp_die "mariadbd exited, see $WP_LOGS/mariadbd.err"
		fi
		sleep 0.1
	done
	db_ping || wp_die "MariaDB did not answer within 30s, see $WP_LOGS/mariadbd.err"
	wp_log "MariaDB up (pid $(<"$WP_RUN/mariadbd.pid"))"
fi

sql() { mariadb --no-defaults --socket="$WP_DB_SOCK" -uroot "$@"; }
if ((reset)); then
	wp_log "--reset: dropping the database, uploads and site.json"
	sql -e 'DROP DATABASE IF EXISTS wordpress'
	rm -rf "$WP_DOCROOT/wp-content/uploads" "$WP_SITE_JSON"
fi
sql <<-'SQL'
	CREATE DATABASE IF NOT EXISTS wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
	CREATE USER IF NOT EXISTS 'wordpress'@'localhost' IDENTIFIED BY 'wordpress';
	GRANT ALL PRIVILEGES ON wordpress.* TO 'wordpress'@'localhost';
SQL

# ------------------------------------------------------------------------------- docroot --
# Debian's /usr/share/wordpress/wp-config.php reads /etc/wordpress/config-<host>.php; a private
# copy with our own wp-config.php leaves /etc alone. Copied again when a package version changes.
want="$wp_version $theme_version"
if [[ ! -f $WP_DOCROOT/wp-settings.php || $(cat "$WP_STATE/www.version" 2>/dev/null) != "$want" ]]; then
	wp_log "copying /usr/share/wordpress ($want) to $WP_DOCROOT"
	[[ -d $WP_DOCROOT/wp-content/uploads ]] && mv "$WP_DOCROOT/wp-content/uploads" "$WP_STATE/uploads.keep"
	rm -rf "$WP_DOCROOT"
	cp -a /usr/share/wordpress "$WP_DOCROOT"
	# Debian links wp-content to /var/lib/wordpress/wp-content; uploads must stay in our folder.
	if [[ -L $WP_DOCROOT/wp-content ]]; then
		target=$(readlink -f "$WP_DOCROOT/wp-content")
		rm "$WP_DOCROOT/wp-content"
		cp -a "$target" "$WP_DOCROOT/wp-content"
	fi
	rm -rf "$WP_DOCROOT/wp-config.php" "$WP_DOCROOT/wp-content/uploads"
	[[ -d $WP_STATE/uploads.keep ]] && mv "$WP_STATE/uploads.keep" "$WP_DOCROOT/wp-content/uploads"
	echo "$want" >"$WP_STATE/www.version"
fi
mkdir -p "$WP_DOCROOT/wp-content/uploads"

if [[ ! -s $WP_STATE/salts.php ]]; then
	{
		echo '<?php'
		for key in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
			printf "define( '%s', '%s' );\n" "$key" "$(head -c 48 /dev/urandom | base64 -w0)"
		done
	} >"$WP_STATE/salts.php.tmp"
	mv "$WP_STATE/salts.php.tmp" "$WP_STATE/salts.php"
fi

cat >"$WP_DOCROOT/wp-config.php.tmp" <<EOF
<?php
// Written by scripts/wordpress/up.sh on every run: change up.sh, not this file.
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'wordpress' );
define( 'DB_PASSWORD', 'wordpress' );
define( 'DB_HOST', 'localhost:$WP_DB_SOCK' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
\$table_prefix = 'wp_';
require '$WP_STATE/salts.php';

define( 'WP_HOME', '$WP_BASE_URL' );
define( 'WP_SITEURL', '$WP_BASE_URL' );
// Application passwords need https unless the environment type is 'local'.
define( 'WP_ENVIRONMENT_TYPE', 'local' );
define( 'WP_DEBUG', false );
// No cron loopback requests into php -S.
define( 'DISABLE_WP_CRON', true );
// No internet: outgoing HTTP (update checks, pattern directory, oEmbed) fails at once.
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'FS_METHOD', 'direct' );

if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
EOF
if cmp -s "$WP_DOCROOT/wp-config.php.tmp" "$WP_DOCROOT/wp-config.php"; then
	rm "$WP_DOCROOT/wp-config.php.tmp"
else
	mv "$WP_DOCROOT/wp-config.php.tmp" "$WP_DOCROOT/wp-config.php"
fi

# ------------------------------------------------------------------------------ plugins --
# The repository's collaboration relay (plugins/wp-entities-sync): copied on every run, so the
# site always serves the checked-out version; install.php activates it.
plugin_src="$WP_SCRIPTS_DIR/../../plugins/wp-entities-sync"
if [[ -d $plugin_src ]]; then
	rm -rf "$WP_DOCROOT/wp-content/plugins/wp-entities-sync"
	cp -a "$plugin_src" "$WP_DOCROOT/wp-content/plugins/wp-entities-sync"
fi
# A registered meta key for the suites (lib/test-meta.php), as a must-use plugin.
mkdir -p "$WP_DOCROOT/wp-content/mu-plugins"
cp "$WP_SCRIPTS_DIR/lib/test-meta.php" "$WP_DOCROOT/wp-content/mu-plugins/wpe-test-meta.php"
# A custom post type, taxonomy and meta for the generated types (lib/test-types.php).
cp "$WP_SCRIPTS_DIR/lib/test-types.php" "$WP_DOCROOT/wp-content/mu-plugins/wpe-test-types.php"

# ------------------------------------------------------------------------------- install --
wp_log "installing or verifying the site"
php -d display_errors=stderr -d memory_limit=512M "$WP_SCRIPTS_DIR/lib/install.php" \
	"$WP_DOCROOT" "$WP_SITE_JSON" "$WP_BASE_URL" || wp_die "lib/install.php failed"

# ---------------------------------------------------------------------------- php server --
php_args=(-d display_errors=0 -d log_errors=1 -d "error_log=$WP_LOGS/php-error.log"
	-d memory_limit=512M -d max_execution_time=120 -d upload_max_filesize=64M -d post_max_size=64M
	-S "$WP_HOST:$WP_PORT" -t "$WP_DOCROOT" "$WP_SCRIPTS_DIR/lib/router.php")
signature="$WP_WORKERS ${php_args[*]}"
if php_running && [[ $(cat "$WP_RUN/php.sig" 2>/dev/null) == "$signature" ]]; then
	wp_log "php -S already running (pid $(<"$WP_RUN/php.pid"))"
else
	if php_running; then
		wp_log "php -S flags changed: restarting it"
		wp_stop_group "php -S" "$WP_RUN/php.pid" "$(wp_php_marker)" 10
	fi
	wp_port_busy && wp_die "port $WP_PORT on $WP_HOST is in use by a process up.sh did not start (set WP_PORT)"
	wp_log "starting php -S $WP_HOST:$WP_PORT ($WP_WORKERS workers)"
	[[ -f $WP_LOGS/php-server.log ]] && mv -f "$WP_LOGS/php-server.log" "$WP_LOGS/php-server.log.1"
	wp_spawn "$WP_RUN/php.pid" "$WP_LOGS/php-server.log" \
		env PHP_CLI_SERVER_WORKERS="$WP_WORKERS" php "${php_args[@]}"
	echo "$signature" >"$WP_RUN/php.sig"
fi

# --------------------------------------------------------------------------------- smoke --
status=000
for _ in $(seq 1 200); do
	status=$(curl -s -o /dev/null -w '%{http_code}' "$WP_BASE_URL/wp-json/?_fields=name" || true)
	[[ $status == 200 ]] && break
	sleep 0.05
done
[[ $status == 200 ]] || wp_die "GET $WP_BASE_URL/wp-json/ answered $status, see $WP_LOGS/php-server.log"
# shellcheck disable=SC2016 # PHP code, not shell
authorization=$(php -r 'echo json_decode(file_get_contents($argv[1]), true)["users"]["admin"]["authorization"];' "$WP_SITE_JSON")
me=$(curl -s -H "Authorization: $authorization" "$WP_BASE_URL/wp-json/wp/v2/users/me?context=edit&_fields=roles")
[[ $me == *'"administrator"'* ]] || wp_die "the admin application password was not accepted: $me"

wp_log "ready: $WP_BASE_URL/wp-json/ (wordpress $wp_version); credentials in $WP_SITE_JSON"
