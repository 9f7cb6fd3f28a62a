# One command to run, one to test; both install what they need first.
#
# Node runs the TypeScript sources as they are, which needs Node 22.18 or later. When the
# machine's own node is older, every target runs on Node 24 fetched from the npm registry.
NODE_LINE ?= 24
SUPPORTED := $(shell node -e 'const [a, b] = process.versions.node.split(".").map(Number); console.log(a > 22 || (a === 22 && b >= 18) ? "yes" : "no")' 2>/dev/null)
ifeq ($(SUPPORTED),yes)
WITH_NODE = sh -c
else
WITH_NODE = npx --yes --package=node@$(NODE_LINE) -c
endif

.PHONY: run test coverage bench path lint format mutation clean

# npm ci runs again only when the lock file changes.
# On the Node that runs everything else, so that an old machine Node does not warn about the tools' engines.
node_modules/.installed: package.json package-lock.json
	$(WITH_NODE) 'npm ci --no-audit --no-fund'
	@touch $@

# npm start holds the node flags (package.json). `exec` leaves npm as make's child, and npm
# passes Ctrl-C and a SIGTERM on to node.
run: node_modules/.installed
	$(WITH_NODE) 'exec npm start --silent -- --port "$${PORT:-8080}"'

# Type check, then every test under test/ (node --test finds them), with the coverage gate.
test: node_modules/.installed
	$(WITH_NODE) 'npm run coverage'
	$(MAKE) lint

coverage: test

bench: node_modules/.installed
	$(WITH_NODE) 'npm run bench'

# Which files of src/ one request runs, and their lines (README, How a request flows); STORE=indexed for the default store.
path: node_modules/.installed
	$(WITH_NODE) 'node bench/path.ts $${STORE:-map}'

# The OpenAPI document the service serves, linted with the recommended rules of Redocly and
# Spectral (redocly.yaml, .spectral.yaml), at pinned versions, through npx: not dependencies.
REDOCLY = @redocly/cli@2.77.0
SPECTRAL = @stoplight/spectral-cli@6.16.3
# Prettier lays out every file of code (.prettierrc.json, .prettierignore); lint fails on one it would change.
PRETTIER = prettier@3.10.1
lint: node_modules/.installed
	npx --yes --package=node@$(NODE_LINE) --package=$(PRETTIER) -c 'prettier --check .'
	mkdir -p coverage
	$(WITH_NODE) 'node bench/openapi.ts > coverage/openapi.json'
	npx --yes --package=node@$(NODE_LINE) --package=$(REDOCLY) -c 'redocly lint coverage/openapi.json'
	npx --yes --package=node@$(NODE_LINE) --package=$(SPECTRAL) -c 'spectral lint --fail-severity=hint coverage/openapi.json'

format:
	npx --yes --package=node@$(NODE_LINE) --package=$(PRETTIER) -c 'prettier --write .'

clean:
	rm -rf coverage node_modules/.installed

# Mutation testing with Stryker through npx (not a dependency), on the TypeScript sources as
# they are. Not part of CI: a whole run takes long on two cores (docs/performance.md). A fixed
# fuzz seed keeps the runs comparable; MUTATE=src/core/router.ts narrows it to some files.
STRYKER = --package=@stryker-mutator/core@10.0.0 --package=@stryker-mutator/tap-runner@10.0.0 --package=typescript@5.9.3
mutation: node_modules/.installed
	ROBUSTNESS_SEED=$${ROBUSTNESS_SEED:-1} npx --yes --package=node@$(NODE_LINE) $(STRYKER) -c 'stryker run $(if $(MUTATE),--mutate $(MUTATE))'
