#!/usr/bin/env bash
# Builds pkg/ and copies it into www/pkg/, so www/ is a self-contained static site.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-pkg.sh
rm -rf www/pkg
mkdir -p www/pkg
cp pkg/index.js pkg/api.js pkg/core.js pkg/exports.generated.js pkg/kubegate.js pkg/kubegate_bg.wasm pkg/kubegate.d.ts pkg/package.json www/pkg/
# The gate core (kubegate/gates): the playground draws the Gates panel from it before the full
# package has loaded (www/app.js).
mkdir -p www/pkg/gates
cp pkg/gates.js www/pkg/
cp pkg/gates/kubegate_gates.js pkg/gates/kubegate_gates_bg.wasm www/pkg/gates/
cp -r pkg/widgets www/pkg/
# The code editors (CodeMirror 6) as one module, bundled by scripts/build-widgets.mjs (the widgets
# carry it too) so the site needs no CDN.
cp pkg/widgets/editor.js www/editor.js
# The playground's own modules as two minified files (scripts/bundle-site.mjs says why).
rm -rf www/dist
node scripts/bundle-site.mjs
if [ -f scripts/build-docs.mjs ]; then node scripts/build-docs.mjs; fi
# Compressed copies of the built files for scripts/serve.mjs (brotli at its best level is slow).
node scripts/precompress.mjs www/pkg www/dist
