package chess

import "fmt"

// Chess960Positions is the number of Chess960 start positions, numbered
// 0 to 959.
const Chess960Positions = 960

// Chess960StandardNumber is the number of the standard start position
// (RNBQKBNR) among the Chess960 start positions.
const Chess960StandardNumber = 518

// knightPairs lists, for the knights' digit of a start position's number,
// which two of the five squares still empty after the bishops and the
// queen are placed the knights take.
var knightPairs = [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}

// chess960BackRank returns White's first rank of Chess960 start position n
// (0..959) as piece letters from a to h, in the standard numbering
// (Scharnagl's): n mod 4 places the light-squared bishop on b, d, f or h;
// the next base-4 digit the dark-squared one on a, c, e or g; the next
// base-6 digit the queen on that one of the six empty squares; what is left
// (0..9) the two knights on a pair of the five empty squares (knightPairs);
// the rook, king and rook fill the last three in that order.
func chess960BackRank(n int) (string, error) {
	if n < 0 || n >= Chess960Positions {
		return "", fmt.Errorf("Chess960 start positions are numbered 0 to %d, not %d", Chess960Positions-1, n)
	}
	var rank [8]byte
	rank[n%4*2+1] = 'B'
	n /= 4
	rank[n%4*2] = 'B'
	n /= 4
	place := func(k int, pc byte) { // on the k-th empty square
		for f := range rank {
			if rank[f] == 0 {
				if k == 0 {
					rank[f] = pc
					return
				}
				k--
			}
		}
	}
	place(n%6, 'Q')
	n /= 6
	place(knightPairs[n][1], 'N') // the later square first, so the earlier one keeps its index
	place(knightPairs[n][0], 'N')
	place(0, 'R')
	place(0, 'K')
	place(0, 'R')
	return string(rank[:]), nil
}

// Chess960Start returns Chess960 start position n (0..959, standard
// numbering, see chess960BackRank; 518 is the standard position), with
// Chess960 notation on. It panics when n is not below Chess960Positions:
// front ends check the numbers they are given.
func Chess960Start(n int) *Position {
	rank, err := chess960BackRank(n)
	if err != nil {
		panic(err)
	}
	black := []byte(rank)
	for i := range black {
		black[i] += 'a' - 'A'
	}
	p := MustParseFEN(string(black) + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w KQkq - 0 1")
	p.chess960 = true
	return p
}
