package search

import (
	"ox88/chess"
	"ox88/eval"
)

// Move ordering scores. Moves are tried in this order: the hash move, good
// captures and queen promotions by MVV-LVA, the two killers, quiet moves by history,
// then captures that lose material by SEE and underpromotions. Among the quiet
// moves, a knight, bishop, rook or queen moving out of a pawn's attack comes
// earlier and one moving into a pawn's attack later, by threatBonus (about a
// quarter of the quiet scores' range; historyMax and threatBonus are in
// params.go). The main search (nextMove) gives the moves in that order in
// stages, generating the quiet moves only when a node gets to them;
// quiescence scores its whole list at once (scoreMoves, pickMove).
const (
	scoreHashMove    = 1 << 30
	scoreGoodCapture = 1 << 28
	scoreKiller1     = 1<<27 + 1
	scoreKiller2     = 1 << 27
	scoreBadCapture  = -(1 << 28)
)

// seeValue is the exchange value of each kind; the king is large so that
// capturing "through" it never looks profitable.
var seeValue = [8]int{0, 100, 320, 330, 500, 950, 20000, 0}

// mvvLva orders captures: most valuable victim first, least valuable
// attacker among equal victims.
func mvvLva(pos *chess.Position, m chess.Move) int {
	return seeValue[victim(pos, m)]*8 - int(pos.At(m.From()).Kind()) + seeValue[m.Promotion()]
}

// victim returns the kind m captures in pos: a pawn for en passant,
// NoKind for a move to an empty square.
func victim(pos *chess.Position, m chess.Move) chess.Kind {
	if m.IsEnPassant() {
		return chess.Pawn
	}
	return pos.At(m.To()).Kind()
}

// scoreMoves gives every move of the list at ply its ordering score.
func (s *Searcher) scoreMoves(ply int, hashMove chess.Move) {
	st := &s.stack[ply]
	pos := &s.pos
	moves := st.moves.Moves[:st.moves.N]
	scores := st.scores[:len(moves)]
	cont := s.contRows(ply)
	attacked := pawnAttacks(pos, pos.SideToMove()^1)
	for i, m := range moves {
		var v int
		switch {
		case m == hashMove:
			v = scoreHashMove
		case m.IsCapture() || m.Promotion() == chess.Queen:
			if m.Promotion() != chess.NoKind && m.Promotion() != chess.Queen {
				v = scoreBadCapture + mvvLva(pos, m) - 1000
			} else {
				// Good until pickMove asks SEE, which it does only
				// when the capture is the best move left (seePending).
				v = scoreGoodCapture + mvvLva(pos, m)
			}
		case m.IsPromotion(): // underpromotion without capture
			v = scoreBadCapture - 1000 + int(m.Promotion())
		case m == st.killers[0]:
			v = scoreKiller1
		case m == st.killers[1]:
			v = scoreKiller2
		default:
			pc := pos.At(m.From())
			v = s.quietScore(&cont, pc, m) + threatScore(attacked, pc, m)
		}
		scores[i] = int32(v)
	}
}

// The stages of nextMove, in order.
const (
	stageHash         = iota // the hash move, if legal
	stageGenCaptures         // generate and score the captures and promotions
	stageGoodCaptures        // captures that do not lose material, queen promotions
	stageKiller1             // the killers, if legal quiet moves here
	stageKiller2
	stageGenQuiets // generate and score the quiet moves
	stageQuiets    // the quiet moves by history
	stageBadCaptures
	stageDone
)

// startMoves readies nextMove for the node at ply, whose hash move is
// hashMove (NoMove: none).
func (s *Searcher) startMoves(ply int, hashMove chess.Move) {
	st := &s.stack[ply]
	st.stage = stageHash
	st.hashMove = hashMove
	st.nTried = 0
	st.ci = chess.CheckInfo{}
	st.restAsked, st.checksLeft = false, 0
}

// skipPrunedQuiets is called by the move loop of the node at ply when it
// has pruned a quiet move (step 13). Once one quiet move is pruned, every
// later quiet move that gives no check is pruned too: late-move pruning
// counts up, and futility's margin only shrinks as the move number grows
// (lmrTable does not decrease along a row) while alpha and the best score
// only rise. So once no move left in the quiet stage gives check, none of
// them would be searched, and their order, which costs a selectBest scan
// each, does not matter: the stage is skipped, and the number of moves
// skipped is returned for the loop's move count. Nothing else reads them:
// the history update that reads the tried moves (plyData.tried) follows a
// cutoff by a quiet move, and none is searched here any more.
//
// At its first call at the node it counts the moves left that give check
// (checksLeft); the loop counts them down as they come (quietChecked), and
// the stage is skipped at the first pruned move after the last of them.
// It returns 0 and skips nothing while one is still to come, outside the
// quiet stage, and under a recorder (which notes every pruned move).
func (s *Searcher) skipPrunedQuiets(ply int) int {
	st := &s.stack[ply]
	if st.stage != stageQuiets || s.rec != nil {
		return 0
	}
	rest := st.moves.Moves[st.cur:st.moves.N]
	if !st.restAsked {
		st.restAsked = true
		for _, m := range rest {
			if s.pos.GivesCheck(m) {
				st.checksLeft++
			}
		}
	}
	if st.checksLeft > 0 {
		return 0
	}
	st.cur = st.moves.N
	return len(rest)
}

// quietChecked tells skipPrunedQuiets that the node at ply has come to a
// quiet move that gives check.
func (s *Searcher) quietChecked(ply int) {
	if st := &s.stack[ply]; st.restAsked {
		st.checksLeft--
	}
}

// nextMove returns the next move of the node at ply to try, NoMove when
// there are none left: the moves are produced in stages, in the order of
// the scores above, so that a node that cuts off early does no more work
// than it needs:
//
//  1. the hash move, if it is legal here (Position.IsLegalWith);
//  2. the captures and promotions (Position.GenerateCapturesWith, scored by
//     scoreCaptures), good ones by MVV-LVA, each asked seeGE when it is
//     the best left (as pickMove does) and moved to the bad ones if it
//     loses material;
//  3. the two killers, if they are legal quiet moves here;
//  4. the quiet moves (Position.GenerateQuietsWith, generated only now and
//     scored by scoreQuiets), by history;
//  5. the captures that lose material and the underpromotions.
//
// The list holds the captures at moves[0:nCaps], the losing ones gathered
// at its front (moves[0:nBad]), and the quiet moves after them. Each move
// is given once: the later stages skip the hash move and the killers
// already given. The checks and pins those legality tests and the
// generator need are computed once per node, by the first of them to need
// them, and kept in st.ci (chess.CheckInfo; startMoves empties it).
func (s *Searcher) nextMove(ply int) chess.Move {
	st := &s.stack[ply]
	for {
		switch st.stage {
		case stageHash:
			st.stage = stageGenCaptures
			if m := st.hashMove; m != chess.NoMove && s.pos.IsLegalWith(m, &st.ci) {
				return m
			}
		case stageGenCaptures:
			s.pos.GenerateCapturesWith(&st.moves, &st.ci)
			s.scoreCaptures(ply)
			st.stage = stageGoodCaptures
		case stageGoodCaptures:
			for st.cur < st.nCaps {
				i := st.cur
				st.cur++
				m := st.selectBest(i, st.nCaps)
				if !seePending(&s.pos, m) || s.seeGE(m, 0) {
					return m
				}
				// A losing capture: to the bad ones at the front.
				st.scores[i] = int32(scoreBadCapture + mvvLva(&s.pos, m))
				st.swap(i, st.nBad)
				st.nBad++
			}
			st.stage = stageKiller1
		case stageKiller1:
			st.stage = stageKiller2
			if m := st.killers[0]; s.killerHere(st, m) {
				return m
			}
		case stageKiller2:
			st.stage = stageGenQuiets
			if m := st.killers[1]; m != st.killers[0] && s.killerHere(st, m) {
				return m
			}
		case stageGenQuiets:
			s.pos.GenerateQuietsWith(&st.moves, &st.ci)
			s.scoreQuiets(ply)
			st.cur = st.nCaps
			st.stage = stageQuiets
		case stageQuiets:
			if st.cur < st.moves.N {
				st.cur++
				return st.selectBest(st.cur-1, st.moves.N)
			}
			st.cur = 0
			st.stage = stageBadCaptures
		case stageBadCaptures:
			if st.cur < st.nBad {
				st.cur++
				return st.selectBest(st.cur-1, st.nBad)
			}
			st.stage = stageDone
		default:
			return chess.NoMove
		}
	}
}

// killerHere reports whether killer m is to be tried at stage 3 of
// nextMove: a legal quiet move here, not the hash move (given already).
func (s *Searcher) killerHere(st *plyData, m chess.Move) bool {
	return m != chess.NoMove && m != st.hashMove && m.IsQuiet() && s.pos.IsLegalWith(m, &st.ci)
}

// scoreCaptures scores the captures and promotions GenerateCaptures put in
// the list of the node at ply, as scoreMoves does, drops the hash move, and
// gathers the ones scored bad (underpromotions) at the front.
func (s *Searcher) scoreCaptures(ply int) {
	st := &s.stack[ply]
	pos := &s.pos
	moves := st.moves.Moves[:st.moves.N]
	scores := st.scores[:len(moves)]
	n, nBad := 0, 0
	for _, m := range moves {
		if m == st.hashMove {
			continue
		}
		var v int
		switch p := m.Promotion(); {
		case p != chess.NoKind && p != chess.Queen && m.IsCapture():
			v = scoreBadCapture + mvvLva(pos, m) - 1000
		case p != chess.NoKind && p != chess.Queen: // underpromotion without capture
			v = scoreBadCapture - 1000 + int(p)
		default: // good until seeGE says otherwise (stage 2)
			v = scoreGoodCapture + mvvLva(pos, m)
		}
		moves[n], scores[n] = m, int32(v)
		if v < scoreGoodCapture {
			st.swap(n, nBad)
			nBad++
		}
		n++
	}
	st.moves.N, st.nCaps, st.nBad, st.cur = n, n, nBad, nBad
}

// scoreQuiets scores the quiet moves GenerateQuiets appended to the list
// of the node at ply by their histories and threatScore, as scoreMoves
// does, and drops the hash move and the killers (given already).
func (s *Searcher) scoreQuiets(ply int) {
	st := &s.stack[ply]
	pos := &s.pos
	moves := st.moves.Moves[:st.moves.N]
	scores := st.scores[:len(moves)]
	n := st.nCaps
	cont := s.contRows(ply)
	attacked := pawnAttacks(pos, pos.SideToMove()^1)
	for _, m := range moves[st.nCaps:] {
		if m == st.hashMove || m == st.killers[0] || m == st.killers[1] {
			continue
		}
		pc := pos.At(m.From())
		moves[n], scores[n] = m, int32(s.quietScore(&cont, pc, m)+threatScore(attacked, pc, m))
		n++
	}
	st.moves.N = n
}

// selectBest moves the best-scored move among moves[i:end] to slot i and
// returns it (the first of equals).
func (st *plyData) selectBest(i, end int) chess.Move {
	moves := st.moves.Moves[:end]
	scores := st.scores[:end]
	best, v := i, scores[i]
	for j := i + 1; j < len(scores); j++ {
		if scores[j] > v {
			best, v = j, scores[j]
		}
	}
	m := moves[best]
	moves[i], moves[best] = m, moves[i]
	scores[i], scores[best] = v, scores[i]
	return m
}

// swap exchanges the moves (and scores) in slots i and j of the list.
func (st *plyData) swap(i, j int) {
	st.moves.Moves[i], st.moves.Moves[j] = st.moves.Moves[j], st.moves.Moves[i]
	st.scores[i], st.scores[j] = st.scores[j], st.scores[i]
}

// pickMove moves the best-scored move among i.. to slot i and returns it:
// a selection step instead of a full sort, because most nodes cut off after
// one or two moves.
//
// A capture is scored good (scoreGoodCapture) until it is the best move
// left; only then is its exchange evaluated (seeGE), and a capture that
// loses material moves down to scoreBadCapture and the choice is made
// again. The order is the one that evaluating every capture first would
// give: a capture's score can only go down, so the first move of the
// highest score is the same, and most captures are never evaluated, since
// most nodes cut off before they reach them.
func (s *Searcher) pickMove(ply, i int) chess.Move {
	st := &s.stack[ply]
	moves := st.moves.Moves[:st.moves.N]
	scores := st.scores[:len(moves)] // one bounds check here, none in the scan
	for {
		best, v := i, scores[i]
		for j := i + 1; j < len(scores); j++ {
			if scores[j] > v {
				best, v = j, scores[j]
			}
		}
		m := moves[best]
		if v >= scoreGoodCapture && v < scoreHashMove && seePending(&s.pos, m) && !s.seeGE(m, 0) {
			scores[best] = int32(scoreBadCapture + mvvLva(&s.pos, m))
			continue
		}
		moves[i], moves[best] = m, moves[i]
		scores[i], scores[best] = v, scores[i]
		return m
	}
}

// seePending reports whether capture (or queen promotion) m, scored as a
// good capture, still needs its exchange evaluated: it promotes, or its
// piece is worth more than its victim (a capture of an equal or greater
// victim cannot lose, see's own early stop).
func seePending(pos *chess.Position, m chess.Move) bool {
	return m.Promotion() != chess.NoKind || seeValue[pos.At(m.From()).Kind()] > seeValue[victim(pos, m)]
}

// updateHistory rewards the quiet move that caused a cutoff and punishes
// the quiet moves tried before it (st.tried, which negamax fills: the
// quiet moves nextMove gave, pruned ones included, not the one step 10b
// left out), with a bonus that saturates toward historyMax so old results
// fade.
func (s *Searcher) updateHistory(ply, depth int, best chess.Move) {
	st := &s.stack[ply]
	if st.killers[0] != best {
		st.killers[1] = st.killers[0]
		st.killers[0] = best
	}
	bonus := min(depth*depth, historyMax/4)
	cont := s.contRows(ply)
	for _, m := range st.tried[:st.nTried] {
		pc := s.pos.At(m.From())
		h := &s.history[pc&15][m.To()&0x7f]
		b := -bonus
		if m == best {
			b = bonus
		}
		*h = int32(withBonus(int(*h), b))
		for _, row := range cont {
			if row != nil {
				c := &row[pc&15][m.To().Index64()]
				*c = int16(withBonus(int(*c), b))
			}
		}
	}
}

// threatScore is the adjustment of a quiet move by piece pc:
// a knight, bishop, rook or queen that a pawn attacks is in danger of being
// lost for a pawn, so moving it to a square no pawn attacks is tried earlier
// (+threatBonus), and moving one into a pawn's attack later (−threatBonus).
// Pawns and the king are left to the history. attacked is the set of
// squares the other side's pawns attack (pawnAttacks), found once per node.
func threatScore(attacked uint64, pc chess.Piece, m chess.Move) int {
	if k := pc.Kind(); k == chess.Pawn || k == chess.King {
		return 0
	}
	switch {
	case attacked&bit64(m.To()) != 0:
		return -threatBonus
	case attacked&bit64(m.From()) != 0:
		return threatBonus
	}
	return 0
}

// pawnAttacks returns the squares (bit64's set) that side by's pawns
// attack: the pawns' set shifted a file either way and a rank forward.
func pawnAttacks(pos *chess.Position, by chess.Color) uint64 {
	const fileA, fileH = 0x0101010101010101, 0x8080808080808080
	var pawns uint64
	for _, sq := range pos.PieceSquares(chess.MakePiece(by, chess.Pawn)) {
		pawns |= bit64(sq)
	}
	if by == chess.White {
		return (pawns&^fileA)<<7 | (pawns&^fileH)<<9
	}
	return (pawns&^fileA)>>9 | (pawns&^fileH)>>7
}

// withBonus returns the history value h after a bonus b (a malus when
// negative): h + b − h·|b|/historyMax, which saturates toward ±historyMax,
// so that old results fade and |h| never passes historyMax.
func withBonus(h, b int) int {
	return h + b - h*abs(b)/historyMax
}

// contRow is the part of a continuation history that follows one earlier
// move: indexed by this move's piece and target.
type contRow = [16][64]int16

// contRows returns the continuation-history rows of the node at ply: the
// tables that follow the moves one and two plies back (contHist[0] and
// contHist[1] at that move's piece and target), nil where there is no such
// move (a null move, or above the root). A node looks them up once, not
// once per move it scores or rewards.
func (s *Searcher) contRows(ply int) [2]*contRow {
	var rows [2]*contRow
	for k := 0; k < 2 && ply-1-k >= 0; k++ {
		if prev := &s.stack[ply-1-k]; prev.move != chess.NoMove {
			rows[k] = &s.contHist[k][prev.piece&15][prev.move.To().Index64()]
		}
	}
	return rows
}

// quietScore orders a quiet move: its history, plus the continuation
// histories of the moves one and two plies back (cont, from contRows).
func (s *Searcher) quietScore(cont *[2]*contRow, pc chess.Piece, m chess.Move) int {
	to := m.To()
	v := int(s.history[pc&15][to&0x7f])
	if c := cont[0]; c != nil {
		v += int(c[pc&15][to.Index64()])
	}
	if c := cont[1]; c != nil {
		v += int(c[pc&15][to.Index64()])
	}
	return v
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// see returns the static exchange evaluation of capture m: the material
// the side to move wins (negative: loses) if both sides keep recapturing on
// the target square with their least valuable attacker, each free to stop.
// Pieces that have taken part are marked in a 64-bit mask, so x-rays behind
// them come into play.
func (s *Searcher) see(m chess.Move) int {
	pos := &s.pos
	to := m.To()
	attacker := pos.At(m.From()).Kind()
	taken := victim(pos, m)
	if seeValue[attacker] <= seeValue[taken] && m.Promotion() == chess.NoKind {
		return seeValue[taken] - seeValue[attacker] // cannot lose: stop early
	}
	var gain [32]int
	gain[0] = seeValue[taken]
	removed := bit64(m.From())
	if m.IsEnPassant() {
		removed |= bit64(to ^ 16) // the taken pawn leaves its square (rank 4/5 sibling)
	}
	onSquare := attacker
	if p := m.Promotion(); p != chess.NoKind {
		onSquare = p
		gain[0] += seeValue[p] - seeValue[chess.Pawn]
	}
	side := pos.SideToMove().Other()
	n := 1
	for n < len(gain) {
		from, kind := leastAttacker(pos, to, side, removed)
		if kind == chess.NoKind {
			break
		}
		gain[n] = seeValue[onSquare] - gain[n-1]
		if max(-gain[n-1], gain[n]) < 0 {
			break // neither side can gain by continuing
		}
		removed |= bit64(from)
		onSquare = kind
		side = side.Other()
		n++
	}
	for n--; n > 0; n-- {
		gain[n-1] = -max(-gain[n-1], gain[n])
	}
	return gain[0]
}

// seeGE reports whether see(m) >= threshold, and stops as soon as the
// answer is known: the same exchange on the same square, the same least
// valuable attackers in the same order, but a running balance against the
// threshold in place of the list of gains, so that an exchange which is
// already decided is not played out to its end.
func (s *Searcher) seeGE(m chess.Move, threshold int) bool {
	pos := &s.pos
	to := m.To()
	onSquare := pos.At(m.From()).Kind()
	// swap is what the side that just captured is ahead of the threshold
	// by if the exchange stops here, seen from the side to capture next.
	swap := seeValue[victim(pos, m)] - threshold
	if p := m.Promotion(); p != chess.NoKind {
		swap += seeValue[p] - seeValue[chess.Pawn]
		onSquare = p
	}
	if swap < 0 {
		return false // below the threshold even if nobody recaptures
	}
	swap = seeValue[onSquare] - swap
	if swap <= 0 {
		return true // at the threshold even if the capturer is lost
	}
	removed := bit64(m.From())
	if m.IsEnPassant() {
		removed |= bit64(to ^ 16)
	}
	side := pos.SideToMove().Other()
	res := 1 // 1: the mover reaches the threshold if the exchange stops now
	for {
		from, kind := leastAttacker(pos, to, side, removed)
		if kind == chess.NoKind {
			break
		}
		res ^= 1
		if swap = seeValue[kind] - swap; swap < res {
			break // the side to capture gains nothing by going on
		}
		removed |= bit64(from)
		side = side.Other()
	}
	return res == 1
}

func bit64(sq chess.Square) uint64 { return 1 << uint(sq.Index64()&63) }

// leastAttacker finds side's least valuable piece attacking to, ignoring
// the pieces in removed (they have already captured).
func leastAttacker(pos *chess.Position, to chess.Square, side chess.Color, removed uint64) (chess.Square, chess.Kind) {
	// Pawns stand one rank behind (from side's point of view) diagonally.
	pawn := chess.MakePiece(side, chess.Pawn)
	back := chess.Square(0xf0) // -16: a White pawn attacks upward
	if side == chess.Black {
		back = 16
	}
	for _, df := range [2]chess.Square{1, 0xff} {
		if sq := to + back + df; sq.OnBoard() && pos.At(sq) == pawn && removed&bit64(sq) == 0 {
			return sq, chess.Pawn
		}
	}
	knight := chess.MakePiece(side, chess.Knight)
	if pos.Count(knight) != 0 {
		for _, d := range chess.KnightSteps {
			if sq := to + d; sq.OnBoard() && pos.At(sq) == knight && removed&bit64(sq) == 0 {
				return sq, chess.Knight
			}
		}
	}
	// The sliders and the king, along the eight lines: the first piece on
	// each (x-rays through removed pieces). A bishop on a diagonal or a
	// rook on a line is the least valuable attacker left (bishop < rook <
	// queen < king) and the first of its kind along the lines, so it is
	// returned at once; a queen or the king is kept while the other lines
	// are looked at.
	bestSq, bestKind := chess.NoSquare, chess.NoKind
	for _, line := range slidingLines {
		d := line.step
		for sq := to + d; sq.OnBoard(); sq += d {
			pc := pos.At(sq)
			if pc == chess.Empty || removed&bit64(sq) != 0 {
				continue
			}
			if pc.Color() == side {
				switch k := pc.Kind(); {
				case k == line.slider:
					return sq, k
				case k == chess.Queen && bestKind != chess.Queen,
					k == chess.King && sq == to+d && bestKind == chess.NoKind:
					bestSq, bestKind = sq, k
				}
			}
			break
		}
	}
	return bestSq, bestKind
}

// slidingLines are the eight lines out of a square for leastAttacker, the
// diagonals first (a bishop is worth less than a rook), each with the
// slider that moves along it.
var slidingLines = func() (lines [8]struct {
	step   chess.Square
	slider chess.Kind
}) {
	for i, d := range chess.BishopSteps {
		lines[i].step, lines[i].slider = d, chess.Bishop
	}
	for i, d := range chess.RookSteps {
		lines[4+i].step, lines[4+i].slider = d, chess.Rook
	}
	return lines
}()

// pieceValue is the textbook value of the piece on sq, for delta pruning.
func pieceValue(pos *chess.Position, sq chess.Square) int {
	return eval.PieceValue(pos.At(sq).Kind())
}
