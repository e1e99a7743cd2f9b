# make            builds ./ox88
# make EXE=name   builds ./name (the OpenBench convention)
# make test       runs the tests
# make simd       builds ./ox88 with GOEXPERIMENT=simd: the network's AVX2 kernels on amd64
#                 (nnue/kernels_simd.go), the pure-Go ones on a CPU without AVX2
EXE ?= ox88
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)

.PHONY: all simd test clean
all:
	go build -trimpath -buildvcs=auto -ldflags "-X ox88/internal/version.release=$(VERSION)" -o $(EXE) ./cmd/ox88

simd:
	GOEXPERIMENT=simd $(MAKE) all

test:
	go test ./...

clean:
	rm -f $(EXE)
