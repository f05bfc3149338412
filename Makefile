# The everyday commands; the README says which to use when.
.PHONY: test bench fuzz demo

FUZZTIME ?= 30s

# Vet, then every test (no -race: the CI machine has 2 cores).
test:
	go vet ./...
	go test ./...

bench:
	go test -run XXX -bench . -benchtime 2s ./engine/...

# Each fuzz target for $(FUZZTIME), in turn; a failing input is kept in
# engine/amplitude/testdata/fuzz. A target that does not exist is an error
# (go test alone would only warn).
FUZZ_TARGETS = FuzzParseFormula FuzzParseMove

fuzz:
	@set -e; for f in $(FUZZ_TARGETS); do \
		go test -list "^$$f$$" ./engine/amplitude | grep -qx "$$f" || { echo "fuzz: no target $$f in ./engine/amplitude" >&2; exit 1; }; \
		echo "go test -run XXX -fuzz '^$$f$$' -fuzztime $(FUZZTIME) ./engine/amplitude"; \
		go test -run XXX -fuzz "^$$f$$" -fuzztime $(FUZZTIME) ./engine/amplitude; \
	done

demo:
	go run ./cmd/pbem demo amplitude
