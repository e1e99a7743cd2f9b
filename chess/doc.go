// Package chess holds the rules of chess on a 0x88 board: squares, pieces,
// moves, positions, FEN, make/unmake, attack tests, legal move generation,
// Zobrist keys, UCI and SAN notation, and perft.
//
// # The 0x88 board
//
// The board is an array of 128 bytes, 16 wide and 8 tall. A square's number
// is rank*16 + file, with a1 = 0x00 and h8 = 0x77. Only the left half of each
// row is the chess board; the right half is a dead zone that exists so that a
// step off the edge lands somewhere detectable:
//
//	        a  b  c  d  e  f  g  h | dead zone
//	rank 8 70 71 72 73 74 75 76 77 | 78 .. 7f
//	rank 7 60 61 62 63 64 65 66 67 | 68 .. 6f
//	rank 6 50 51 52 53 54 55 56 57 | 58 .. 5f
//	rank 5 40 41 42 43 44 45 46 47 | 48 .. 4f
//	rank 4 30 31 32 33 34 35 36 37 | 38 .. 3f
//	rank 3 20 21 22 23 24 25 26 27 | 28 .. 2f
//	rank 2 10 11 12 13 14 15 16 17 | 18 .. 1f
//	rank 1 00 01 02 03 04 05 06 07 | 08 .. 0f
//
// A square is on the board exactly when sq&0x88 == 0: bit 3 set means
// "file 8 or more", bit 7 set means "rank 8 or more" (or a negative step
// wrapped around). A sliding piece walks a ray with
//
//	for to := from + step; to&0x88 == 0; to += step { ... }
//
// and stops at the edge with no rank or file arithmetic at all.
//
// The difference of two on-board squares, to-from+119, lies in 0..238 and
// says uniquely which direction leads from one to the other. The tables in
// attack.go use that to answer "could a piece of this kind on this square
// reach that square?" with one lookup.
//
// White moves up the board: a White pawn pushes by +16, a Black pawn by -16.
package chess
