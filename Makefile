# The everyday commands; docs/development.md says which to use when.
.PHONY: test bench fuzz demo

FUZZTIME ?= 30s

# Vet, then every test (no -race: the CI machine has 2 cores).
test:
	go vet ./...
	go test ./...

# Every benchmark of the hot paths, each package in turn (docs/development.md
# says what each measures); quote medians of several runs.
bench:
	go test -run XXX -bench . -benchtime 2s ./engine/...
	go test -run XXX -bench . ./parser ./mailer ./store ./server ./templates
	go test -run XXX -bench . ./picture
	go test -run XXX -bench ServeLoad -benchtime 1x ./e2e
	go test -run XXX -bench 'Ingest|Status' -benchtime 20x -timeout 30m ./cmd/pbem
	go test -run XXX -bench IngestBinary -benchtime 20x -timeout 30m ./e2e

# Each fuzz target for $(FUZZTIME), in turn; a failing input is kept in
# the package's testdata/fuzz. A target that does not exist is an error
# (go test alone would only warn).
FUZZ_TARGETS = \
	./engine/amplitude:FuzzParseFormula ./engine/amplitude:FuzzParseMove \
	./engine/chiffres:FuzzParseMove ./engine/chiffres:FuzzParseLayout \
	./engine/ludicitude:FuzzParseMove ./engine/ludicitude:FuzzParsePosition \
	./parser:FuzzCommands ./parser:FuzzLobbyText ./parser:FuzzStripQuoted ./parser:FuzzOwnParts ./parser:FuzzGameBlocks ./parser:FuzzReadMail ./parser:FuzzReplyText ./parser:FuzzHTMLText ./parser:FuzzDSN ./parser:FuzzName \
	./mailer:FuzzParseReplyAddress ./mailer:FuzzParseConfirmAddress ./mailer:FuzzFinish ./mailer:FuzzAppendQP ./mailer:FuzzDotStuffing

fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; f=$${t##*:}; \
		go test -list "^$$f$$" $$pkg | grep -qx "$$f" || { echo "fuzz: no target $$f in $$pkg" >&2; exit 1; }; \
		echo "go test -run XXX -fuzz '^$$f$$' -fuzztime $(FUZZTIME) $$pkg"; \
		go test -run XXX -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg; \
	done

demo:
	go run ./cmd/pbem demo amplitude
