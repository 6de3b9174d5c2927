# Sourced by tools/sim and tools/test: make .venv if missing, keep it in step
# with requirements-dev.txt. Needs Python 3.11 or newer on PATH.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="$ROOT/.venv"
if [ ! -x "$VENV/bin/python" ]; then
  PY=""
  for c in python3.13 python3.12 python3.11 python3 python; do
    if command -v "$c" >/dev/null 2>&1 &&
      "$c" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      PY="$c"
      break
    fi
  done
  if [ -z "$PY" ]; then
    echo "Slampad needs Python 3.11 or newer on PATH." >&2
    exit 2
  fi
  echo "Creating .venv with $PY ..." >&2
  "$PY" -m venv "$VENV"
fi
STAMP="$VENV/.requirements.sha"
WANT="$(cat requirements-dev.txt | sha256sum | cut -d' ' -f1)"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
  echo "Installing requirements-dev.txt into .venv ..." >&2
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r requirements-dev.txt >&2
  echo "$WANT" >"$STAMP"
fi
export PATH="$VENV/bin:$PATH"
PYTHON="$VENV/bin/python"
