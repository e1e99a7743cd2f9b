package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// longPGN is a game of plies knight moves back and forth, as JSON for an
// import request.
func longPGN(plies int) string {
	var b strings.Builder
	shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	for i := range plies {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(shuffle[i%4] + " ")
	}
	b.WriteString("*")
	q, _ := json.Marshal(b.String())
	return string(q)
}

// importFrom imports pgn into session sid from ip and returns the status
// and the error.
func importFrom(s *Server, ip, sid, pgn string) (int, string) {
	r := apiRequest("POST", "/api/import", `{"sid":"`+sid+`","pgn":`+pgn+`}`)
	r.RemoteAddr = ip + ":40000"
	return serve(s, r)
}

// TestSessionByteBudget: what a client's sessions hold together is bounded
// in bytes: a third long game drops the client's least recently used
// session, never another client's, and a game too large alone is refused.
func TestSessionByteBudget(t *testing.T) {
	const plies = 20000 // about 1.5 MB kept, 150 KB of PGN
	pgn := longPGN(plies)
	s := newQuietServer(t, Config{Addr: testAddr, PerClient: ClientLimits{SessionBytes: 4 << 20}})
	if code, msg := importFrom(s, "192.0.2.2", "bystander-1", pgn); code != 200 {
		t.Fatalf("bystander: %d %q", code, msg)
	}
	for _, sid := range []string{"long-a-xxxx", "long-b-xxxx", "long-c-xxxx"} {
		if code, msg := importFrom(s, "192.0.2.1", sid, pgn); code != 200 {
			t.Fatalf("%s: %d %q", sid, code, msg)
		}
	}
	if s.sessions.has("long-a-xxxx") || !s.sessions.has("long-b-xxxx") || !s.sessions.has("long-c-xxxx") || !s.sessions.has("bystander-1") {
		t.Fatalf("kept a %v b %v c %v bystander %v; want all but a", s.sessions.has("long-a-xxxx"),
			s.sessions.has("long-b-xxxx"), s.sessions.has("long-c-xxxx"), s.sessions.has("bystander-1"))
	}
	held := s.sessions.bytes()
	if held > 3*(4<<20)/2+(4<<20) || held < 3*plies*40 {
		t.Fatalf("the sessions hold %d bytes", held)
	}
	ss := s.sessions.get("long-c-xxxx")
	ss.mu.Lock()
	one, ply := ss.bytes(), ss.game().Len()
	ss.mu.Unlock()
	t.Logf("a %d-ply session holds %d bytes; all sessions %d", ply, one, held)
	if ply != plies || one > 200*plies {
		t.Fatalf("a %d-ply session holds %d bytes", ply, one)
	}

	small := newQuietServer(t, Config{Addr: testAddr, PerClient: ClientLimits{SessionBytes: 1 << 20}})
	if code, msg := importFrom(small, "192.0.2.1", "too-long-xxxx", pgn); code != 400 || !strings.Contains(msg, "the game is too large to keep here") {
		t.Fatalf("a game over the budget alone: %d %q", code, msg)
	}
}

// TestServerByteBudget: all clients' sessions together are bounded too;
// the least recently used go first.
func TestServerByteBudget(t *testing.T) {
	pgn := longPGN(20000)
	s := newQuietServer(t, Config{Addr: testAddr, SessionBytes: 4 << 20})
	for i, ip := range []string{"192.0.2.1", "192.0.2.2", "192.0.2.3"} {
		if code, msg := importFrom(s, ip, fmt.Sprintf("client-%d-xxxx", i), pgn); code != 200 {
			t.Fatalf("client %d: %d %q", i, code, msg)
		}
	}
	if s.sessions.has("client-0-xxxx") || !s.sessions.has("client-2-xxxx") || s.sessions.bytes() > 4<<20 {
		t.Fatalf("kept %v %v %v, %d bytes", s.sessions.has("client-0-xxxx"), s.sessions.has("client-1-xxxx"), s.sessions.has("client-2-xxxx"), s.sessions.bytes())
	}
}
