//go:build amd64 && !purego

#include "textflag.h"
#include "go_asm.h"

// The AVX2 kernels of kernels_amd64.go. A row is n int16 (the net's hidden
// width, a multiple of 64), 2·n bytes, 16 YMM vectors at n = 256; every
// loop handles 128 bytes (four vectors) per iteration, CX counting bytes
// from 0 to 2·n (in R10). Loads are
// unaligned (VMOVDQU, or VEX memory operands, which need no alignment).
// Each iteration loads all its inputs before it stores, so out may be the
// same row as any input, as with the pure-Go kernels.

// LOAD4 loads the iteration's four vectors at base into Y0..Y3; ADD4 and
// SUB4 add and subtract the four at base, word by word; STORE4 writes
// Y0..Y3 back. base is a register pointing at a row; CX counts the bytes
// done.
#define LOAD4(base) \
	VMOVDQU (base)(CX*1), Y0; \
	VMOVDQU 32(base)(CX*1), Y1; \
	VMOVDQU 64(base)(CX*1), Y2; \
	VMOVDQU 96(base)(CX*1), Y3

#define ADD4(base) \
	VPADDW (base)(CX*1), Y0, Y0; \
	VPADDW 32(base)(CX*1), Y1, Y1; \
	VPADDW 64(base)(CX*1), Y2, Y2; \
	VPADDW 96(base)(CX*1), Y3, Y3

#define SUB4(base) \
	VPSUBW (base)(CX*1), Y0, Y0; \
	VPSUBW 32(base)(CX*1), Y1, Y1; \
	VPSUBW 64(base)(CX*1), Y2, Y2; \
	VPSUBW 96(base)(CX*1), Y3, Y3

#define STORE4(base) \
	VMOVDQU Y0, (base)(CX*1); \
	VMOVDQU Y1, 32(base)(CX*1); \
	VMOVDQU Y2, 64(base)(CX*1); \
	VMOVDQU Y3, 96(base)(CX*1)

// func addSubAsm(out, in, add, sub *int16, n int)
TEXT ·addSubAsm(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ add+16(FP), AX
	MOVQ sub+24(FP), BX
	MOVQ n+32(FP), R10
	SHLQ $1, R10
	XORQ CX, CX

loop:
	LOAD4(SI)
	ADD4(AX)
	SUB4(BX)
	STORE4(DI)
	ADDQ $128, CX
	CMPQ CX, R10
	JB   loop
	VZEROUPPER
	RET

// func addSubSubAsm(out, in, add, sub1, sub2 *int16, n int)
TEXT ·addSubSubAsm(SB), NOSPLIT, $0-48
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ add+16(FP), AX
	MOVQ sub1+24(FP), BX
	MOVQ sub2+32(FP), DX
	MOVQ n+40(FP), R10
	SHLQ $1, R10
	XORQ CX, CX

loop:
	LOAD4(SI)
	ADD4(AX)
	SUB4(BX)
	SUB4(DX)
	STORE4(DI)
	ADDQ $128, CX
	CMPQ CX, R10
	JB   loop
	VZEROUPPER
	RET

// func addAddSubSubAsm(out, in, add1, add2, sub1, sub2 *int16, n int)
TEXT ·addAddSubSubAsm(SB), NOSPLIT, $0-56
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ add1+16(FP), AX
	MOVQ add2+24(FP), R8
	MOVQ sub1+32(FP), BX
	MOVQ sub2+40(FP), DX
	MOVQ n+48(FP), R10
	SHLQ $1, R10
	XORQ CX, CX

loop:
	LOAD4(SI)
	ADD4(AX)
	ADD4(R8)
	SUB4(BX)
	SUB4(DX)
	STORE4(DI)
	ADDQ $128, CX
	CMPQ CX, R10
	JB   loop
	VZEROUPPER
	RET

// func addRowAsm(dst, row *int16, n int)
TEXT ·addRowAsm(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ row+8(FP), SI
	MOVQ n+16(FP), R10
	SHLQ $1, R10
	XORQ CX, CX

loop:
	LOAD4(DI)
	ADD4(SI)
	STORE4(DI)
	ADDQ $128, CX
	CMPQ CX, R10
	JB   loop
	VZEROUPPER
	RET

// func subRowAsm(dst, row *int16, n int)
TEXT ·subRowAsm(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ row+8(FP), SI
	MOVQ n+16(FP), R10
	SHLQ $1, R10
	XORQ CX, CX

loop:
	LOAD4(DI)
	SUB4(SI)
	STORE4(DI)
	ADDQ $128, CX
	CMPQ CX, R10
	JB   loop
	VZEROUPPER
	RET

// SCRELU adds one vector's share to the int32x8 sums high and low: with x
// = clamp(acc, 0, QA) (Y14 = 0, Y15 = QA in every lane) and w split as
// w = 256·wh + wl,
//
//	wl = (w << 8) >> 8               the low byte, sign-extended
//	wh = (w >> 8) - (wl >> 15)       (w - wl) / 256 without overflow
//	high += VPMADDWD(x·wh, x)
//	low  += VPMADDWD(x·wl, x)
//
// (all shifts right arithmetic), using x, wv, t1 and t2 as scratch.
#define SCRELU(acc, wts, high, low, x, wv, t1, t2) \
	VMOVDQU  acc, x; \
	VPMAXSW  Y14, x, x; \
	VPMINSW  Y15, x, x; \
	VMOVDQU  wts, wv; \
	VPSLLW   $8, wv, t1; \
	VPSRAW   $8, t1, t1; \
	VPSRAW   $8, wv, wv; \
	VPSRAW   $15, t1, t2; \
	VPSUBW   t2, wv, wv; \
	VPMULLW  x, wv, wv; \
	VPMULLW  x, t1, t1; \
	VPMADDWD x, wv, wv; \
	VPMADDWD x, t1, t1; \
	VPADDD   wv, high, high; \
	VPADDD   t1, low, low

// func screluDotAsm(us, them, w *int16, n int) int64
//
// Each iteration takes two vectors of us (weights w[:n]) and the same
// two of them (weights w[n:]), into two pairs of sums, Y0/Y1 and
// Y6/Y7 (high/low), so that the two chains of additions run side by side.
TEXT ·screluDotAsm(SB), NOSPLIT, $0-40
	MOVQ us+0(FP), SI
	MOVQ them+8(FP), DX
	MOVQ w+16(FP), DI
	MOVQ n+24(FP), R10
	SHLQ $1, R10 // 2·n bytes
	MOVQ DI, R9
	ADDQ R10, R9 // w[n:]
	MOVL $const_QA, AX
	VMOVD AX, X15
	VPBROADCASTW X15, Y15
	VPXOR Y14, Y14, Y14
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y6, Y6, Y6
	VPXOR Y7, Y7, Y7
	XORQ CX, CX

loop:
	SCRELU((SI)(CX*1), (DI)(CX*1), Y0, Y1, Y2, Y3, Y4, Y5)
	SCRELU(32(SI)(CX*1), 32(DI)(CX*1), Y0, Y1, Y8, Y9, Y10, Y11)
	SCRELU((DX)(CX*1), (R9)(CX*1), Y6, Y7, Y2, Y3, Y4, Y5)
	SCRELU(32(DX)(CX*1), 32(R9)(CX*1), Y6, Y7, Y8, Y9, Y10, Y11)
	ADDQ $64, CX
	CMPQ CX, R10
	JB   loop

	// Each lane of Y0+Y6 (and of Y1+Y7) holds what one lane held in the
	// bound above, so their int32 sum cannot overflow either.
	VPADDD Y6, Y0, Y0
	VPADDD Y7, Y1, Y1

	// Widen the eight int32 lanes of each sum to int64, four and four, and
	// add them: Y0 = high, Y1 = low as four int64 lanes.
	VEXTRACTI128 $1, Y0, X2
	VPMOVSXDQ    X0, Y0
	VPMOVSXDQ    X2, Y2
	VPADDQ       Y2, Y0, Y0
	VEXTRACTI128 $1, Y1, X3
	VPMOVSXDQ    X1, Y1
	VPMOVSXDQ    X3, Y3
	VPADDQ       Y3, Y1, Y1

	// 256·high + low, lane by lane, then the four lanes summed.
	VPSLLQ       $8, Y0, Y0
	VPADDQ       Y1, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDQ       X1, X0, X0
	VPSHUFD      $0x4e, X0, X1
	VPADDQ       X1, X0, X0
	VMOVQ        X0, AX
	VZEROUPPER
	MOVQ AX, ret+32(FP)
	RET
