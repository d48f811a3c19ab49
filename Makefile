# The two commands of the README. Everything else lives in scripts/.
.PHONY: serve test build

# Builds the npm package and the playground, installing what is missing, then serves www/.
serve:
	@bash scripts/serve.sh

# Runs every test: Rust (fmt, clippy, unit, conformance, doc tests), the npm package under Node,
# packaging as users receive it, and the playground in headless Chromium.
test:
	@bash scripts/test.sh

# Only builds pkg/ and www/ (what `serve` does before serving).
build:
	@bash scripts/build-site.sh
