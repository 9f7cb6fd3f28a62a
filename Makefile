# One command to run, one to test; both install what they need first.
NPM ?= npm

.PHONY: run test build coverage bench clean

# npm ci runs again only when the lock file changes.
node_modules/.installed: package.json package-lock.json
	$(NPM) ci --no-audit --no-fund
	@touch $@

build: node_modules/.installed
	$(NPM) run build

run: build
	PORT=$${PORT:-8080} $(NPM) start

test: node_modules/.installed
	$(NPM) test

coverage: node_modules/.installed
	$(NPM) run coverage

bench: node_modules/.installed
	$(NPM) run bench

clean:
	rm -rf dist coverage
