# make            builds ./ox88
# make EXE=name   builds ./name (the OpenBench convention)
# make test       runs the tests
EXE ?= ox88
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)

.PHONY: all test clean
all:
	go build -trimpath -buildvcs=auto -ldflags "-X ox88/internal/version.release=$(VERSION)" -o $(EXE) ./cmd/ox88

test:
	go test ./...

clean:
	rm -f $(EXE)
