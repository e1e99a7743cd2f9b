# make            builds ./ox88
# make EXE=name   builds ./name (the OpenBench convention)
# make test       runs the tests
# make purego     builds ./ox88 without the network's amd64 assembly (the portable kernels)
EXE ?= ox88
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)

.PHONY: all purego test clean
all:
	go build -trimpath -buildvcs=auto -ldflags "-X ox88/internal/version.release=$(VERSION)" -o $(EXE) ./cmd/ox88

purego:
	go build -tags purego -trimpath -buildvcs=auto -ldflags "-X ox88/internal/version.release=$(VERSION)" -o $(EXE) ./cmd/ox88

test:
	go test ./...

clean:
	rm -f $(EXE)
