#!/usr/bin/env bash
# The README's quick start as a newcomer runs it: the checkout's HEAD cloned into a temporary folder,
# then the quick start's shell block run word for word (its `git clone <this repository>` pointed at
# this checkout), then the tests of the README's snippets in that clone. Fails when a quick start
# file stops running on a fresh clone, e.g. because it needs something only a developer's tree has
# (a build, a git-ignored file, a global tool).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"

# The first ```sh block after "## Quick start".
commands="$(awk '/^## Quick start/ { inSection = 1 } inSection && /^```sh$/ { inBlock = 1; next }
  inBlock && /^```$/ { exit } inBlock { print }' README.md)"
[ -n "$commands" ] || { echo "README.md has no sh block under \"## Quick start\"" >&2; exit 1; }
case "$commands" in
  *'git clone <this repository> wp-entities'*) ;;
  *) echo "The README's quick start no longer starts with 'git clone <this repository> wp-entities'" >&2; exit 1 ;;
esac

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "== fresh clone of $(git rev-parse --short HEAD) in $tmp, then the README's quick start:"
printf '%s\n' "$commands" | sed 's/^/   $ /'
(
  cd "$tmp"
  export npm_config_audit=false npm_config_fund=false
  bash -euo pipefail -c "${commands//<this repository>/$repo}"
  cd wp-entities
  echo "== the README's snippets in the fresh clone"
  npx vitest run --project unit test/examples/readme.test.ts test/examples/quickstartReact.test.tsx
)
