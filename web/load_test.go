package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"ox88/web/internal/webtest"
)

// The load test: loadPlayers clients play and watch the engine think over
// its event stream while loadFlooders others make new sessions as fast as
// they can, for loadTime, all on loopback. Each client dials from its own
// loopback address (127.0.0.11, ...), so that the server tells them apart
// as it would tell machines apart. It reports latency percentiles and the
// heap in use, and asserts only generous bounds. It is slow and loads the
// machine, so it runs only when asked:
//
//	OX88_WEB_LOAD=1 go test ./web -run TestLoad -v
const (
	loadPlayers  = 8
	loadFlooders = 4
	loadTime     = 5 * time.Second
	// loadMaxFlood bounds each flooder's requests.
	loadMaxFlood = 20000
	// Generous bounds: a game request's 99th percentile and the heap.
	loadMaxP99  = 2 * time.Second
	loadMaxHeap = 256 << 20
)

// loadClient is an HTTP client that dials from the loopback address
// 127.0.0.n.
func loadClient(n int) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(n))}, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}, Timeout: 30 * time.Second}
}

// loadStats collects the latencies of one kind of request.
type loadStats struct {
	mu   sync.Mutex
	took []time.Duration
}

func (ls *loadStats) add(d time.Duration) {
	ls.mu.Lock()
	ls.took = append(ls.took, d)
	ls.mu.Unlock()
}

// percentiles returns "n=N p50 p90 p99 max" of the latencies, and the 99th.
func (ls *loadStats) percentiles() (string, time.Duration) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if len(ls.took) == 0 {
		return "n=0", 0
	}
	d := slices.Clone(ls.took)
	slices.Sort(d)
	at := func(p float64) time.Duration { return d[min(len(d)-1, int(p*float64(len(d))))].Round(time.Microsecond) }
	return fmt.Sprintf("n=%d p50 %v p90 %v p99 %v max %v", len(d), at(0.50), at(0.90), at(0.99), d[len(d)-1].Round(time.Microsecond)), at(0.99)
}

func TestLoad(t *testing.T) {
	if os.Getenv("OX88_WEB_LOAD") == "" {
		t.Skip("the load test runs with OX88_WEB_LOAD=1")
	}
	s := newQuietServer(t, Config{})
	ts := httptest.NewUnstartedServer(s)
	ts.Config = s.HTTPServer()
	ts.Start()
	defer ts.Close()
	if resp, err := loadClient(11).Get(ts.URL + "/"); err != nil {
		t.Skipf("cannot dial from 127.0.0.11 (this system routes only 127.0.0.1): %v", err)
	} else {
		resp.Body.Close()
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	ctx, cancel := context.WithTimeout(context.Background(), loadTime)
	defer cancel()
	var game, think loadStats
	var mu sync.Mutex
	var faults []string
	fault := func(f string, args ...any) {
		mu.Lock()
		if len(faults) < 20 {
			faults = append(faults, fmt.Sprintf(f, args...))
		}
		mu.Unlock()
	}
	var wg sync.WaitGroup
	moves := make([]int, loadPlayers)
	for i := range loadPlayers {
		wg.Go(func() {
			c, sid := loadClient(11+i), fmt.Sprintf("load-player-%d", i)
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			post := func(path, body string) (stateJSON, bool) {
				var st stateJSON
				start := time.Now()
				resp, err := c.Post(ts.URL+path, "application/json", bytes.NewBufferString(body))
				if err != nil {
					fault("player %d: %s: %v", i, path, err)
					return st, false
				}
				defer resp.Body.Close()
				data, _ := io.ReadAll(resp.Body)
				game.add(time.Since(start))
				if resp.StatusCode != 200 || json.Unmarshal(data, &st) != nil {
					fault("player %d: %s: %d %s", i, path, resp.StatusCode, data)
					return st, false
				}
				return st, true
			}
			st, ok := post("/api/settings", `{"sid":"`+sid+`","level":1}`)
			for ok && ctx.Err() == nil {
				if st.Outcome.Over {
					if st, ok = post("/api/new", `{"sid":"`+sid+`"}`); !ok {
						return
					}
				}
				m := st.Legal[rng.IntN(len(st.Legal))].UCI
				if st, ok = post("/api/move", `{"sid":"`+sid+`","move":"`+m+`"}`); !ok || st.Outcome.Over {
					continue
				}
				start := time.Now()
				resp, err := c.Get(ts.URL + "/api/think?sid=" + sid)
				if err != nil {
					fault("player %d: think: %v", i, err)
					return
				}
				evs := webtest.ReadEvents(t, resp.Body, "done", "fail")
				resp.Body.Close()
				if len(evs) == 0 || evs[len(evs)-1].Name != "done" {
					fault("player %d: think: %d %v", i, resp.StatusCode, evs)
					return
				}
				think.add(time.Since(start))
				moves[i]++
				var done struct{ State stateJSON }
				if json.Unmarshal([]byte(evs[len(evs)-1].Data), &done) != nil {
					fault("player %d: done: %s", i, evs[len(evs)-1].Data)
					return
				}
				st = done.State
			}
		})
	}
	var flood loadStats
	made, refused := make([]int, loadFlooders), make([]int, loadFlooders)
	for i := range loadFlooders {
		wg.Go(func() {
			c := loadClient(11 + loadPlayers + i)
			for n := 0; n < loadMaxFlood && ctx.Err() == nil; n++ {
				start := time.Now()
				resp, err := c.Post(ts.URL+"/api/new", "application/json",
					bytes.NewBufferString(fmt.Sprintf(`{"sid":"load-flood-%d-%d"}`, i, n)))
				if err != nil {
					fault("flooder %d: %v", i, err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				flood.add(time.Since(start))
				switch {
				case resp.StatusCode == 200:
					made[i]++
				case resp.StatusCode == 429 && resp.Header.Get("Retry-After") != "":
					refused[i]++
				default:
					fault("flooder %d: %d", i, resp.StatusCode)
				}
			}
		})
	}
	wg.Wait()
	waitIdle(t, s)
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)

	gameLine, gameP99 := game.percentiles()
	thinkLine, _ := think.percentiles()
	floodLine, _ := flood.percentiles()
	t.Logf("%d players, %d flooders, %v on loopback", loadPlayers, loadFlooders, loadTime)
	t.Logf("game requests: %s", gameLine)
	t.Logf("engine moves (stream open to done, level 1, %d job slots): %s; moves per player %v", defaultMaxSearches, thinkLine, moves)
	t.Logf("flood requests: %s; sessions made %v, refused with 429 %v; sessions kept %d", floodLine, made, refused, s.sessions.len())
	t.Logf("heap in use: %.1f MiB before, %.1f MiB after", float64(before.HeapInuse)/(1<<20), float64(after.HeapInuse)/(1<<20))

	for _, f := range faults {
		t.Error(f)
	}
	if gameP99 > loadMaxP99 {
		t.Errorf("game requests' p99 %v over %v", gameP99, loadMaxP99)
	}
	if after.HeapInuse > loadMaxHeap {
		t.Errorf("heap in use %d MiB over %d MiB", after.HeapInuse>>20, loadMaxHeap>>20)
	}
	limits := defaultClientLimits
	for i := range loadFlooders {
		if refused[i] == 0 || made[i] > limits.NewPerMinute+int(loadTime.Minutes()*float64(limits.NewPerMinute))+1 {
			t.Errorf("flooder %d made %d sessions and was refused %d times", i, made[i], refused[i])
		}
	}
	if n := s.sessions.len(); n > loadPlayers+loadFlooders*limits.Sessions {
		t.Errorf("%d sessions kept, over %d players and %d flooders of at most %d", n, loadPlayers, loadFlooders, limits.Sessions)
	}
	for i := range loadPlayers {
		if moves[i] == 0 || !s.sessions.has(fmt.Sprintf("load-player-%d", i)) {
			t.Errorf("player %d: %d engine moves, session kept %v", i, moves[i], s.sessions.has(fmt.Sprintf("load-player-%d", i)))
		}
	}
}
