# Sourced by tools/emu and tools/test, after _venv.sh (which sets ROOT): the emulator's
# Node packages, rp2040js pinned by tools/rp2040/package-lock.json.
#   node_tools_missing  prints the first of node, npm not on PATH (status 0); status 1
#                       when both are there
#   node_packages       `npm ci` in tools/rp2040 unless node_modules matches the lock file
#                       (a stamp kept there); status 1 if npm ci failed: said on stderr,
#                       with the end of its output (all of it in $NODE_LOG)
NODE_DIR="$ROOT/tools/rp2040"
NODE_LOG="$ROOT/out/npm-ci.log"

node_tools_missing() {
  local tool
  for tool in node npm; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "$tool"
      return 0
    fi
  done
  return 1
}

node_packages() {
  local stamp="$NODE_DIR/node_modules/.slampad-lock.sha" want
  want="$(sha256sum <"$NODE_DIR/package-lock.json" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return 0
  fi
  echo "Installing tools/rp2040's npm packages (npm ci) ..." >&2
  mkdir -p "$(dirname "$NODE_LOG")"
  if ! (cd "$NODE_DIR" && npm ci --no-audit --no-fund) >"$NODE_LOG" 2>&1; then
    echo "\`npm ci\` in tools/rp2040 failed; the end of its output (all of it in" \
      "${NODE_LOG#"$ROOT"/}):" >&2
    tail -n 12 "$NODE_LOG" | sed 's/^/  | /' >&2
    return 1
  fi
  echo "$want" >"$stamp"
}
