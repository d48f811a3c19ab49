#!/usr/bin/env bash
# Builds everything, then serves the playground at http://localhost:${PORT:-8000}/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-site.sh
exec node scripts/serve.mjs www "${PORT:-8000}"
