package web

import (
	"bytes"
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"ox88/web/internal/wire"
	"ox88/web/lab"
)

// The guard is the door of the server: every request passes admit before
// a handler sees it. A page on another site can make a browser send
// requests here (a form, a text/plain fetch, a DNS-rebinding page), so the
// API answers only this server's own page:
//
//  1. Host must name the address the server is served at (a rebinding
//     page's requests name the attacker's host): 421.
//  2. An API request's Origin, when present, must be this server's, and
//     its Sec-Fetch-Site, when present, same-origin or none: 403.
//  3. Served beyond loopback (or with a token forced), an API request
//     carries the token printed at start-up, in the X-Ox88-Token header or
//     the token query parameter (EventSource cannot set headers): 401.
//  4. A POST's body is application/json, which a cross-site form or a
//     fetch without CORS cannot send: 415.
//  5. One client (one remote IP) has at most ClientLimits of jobs, streams
//     and new sessions a minute at once: 429 with Retry-After. A client
//     keeps at most ClientLimits.Sessions sessions, holding at most
//     ClientLimits.SessionBytes together (what their games hold, weighed
//     after each change); past that its own least recently used one goes,
//     never another client's. All sessions together hold at most
//     Config.SessionBytes.
//
// The static page itself passes only the Host check: it holds no secret,
// and a link from anywhere may open it.

// The token's names on the wire.
const (
	tokenHeader = "X-Ox88-Token"
	tokenParam  = "token"
)

// Timeouts of the HTTP server (HTTPServer). A stream's writes are bounded
// one event at a time (wire.Stream.Send), so a search may stream for as
// long as it thinks while a client that stops reading is dropped.
const (
	// readHeaderTimeout bounds reading a request's headers.
	readHeaderTimeout = 10 * time.Second
	// readTimeout bounds reading a whole request, body included (at most
	// maxBodyBytes); once it is in, net/http lifts it while the handler
	// runs, so a long job is not cut.
	readTimeout = 30 * time.Second
	// writeTimeout bounds answering a request that is not a stream: it
	// covers waiting slotWait for a job slot and the longest profile.
	writeTimeout = 2 * time.Minute
	// idleTimeout is how long a kept-alive connection may wait for its next
	// request.
	idleTimeout = 2 * time.Minute
	// maxHeaderBytes caps a request's headers; the page's are a few hundred
	// bytes.
	maxHeaderBytes = 64 << 10
)

// ClientLimits caps what one client, as told by its remote IP address, may
// hold at once. On loopback every tab of the person at the machine is the
// same client, so the defaults are generous for a person with many tabs and
// small for a script. Zero fields take the defaults.
type ClientLimits struct {
	Jobs         int // CPU-bound jobs running or waiting for a slot (default 8)
	Streams      int // open event streams: think, review, perft, bench (default 6, a browser's connections per host)
	NewPerMinute int // new sessions a minute, in bursts of as many (default 60)
	Sessions     int // sessions kept; past it the client's least recently used goes (default 50)
	// SessionBytes is what the client's sessions may hold together (their
	// games: session.bytes); past it its least recently used go, and a
	// game that alone holds more is refused (default 64 MiB).
	SessionBytes int64
}

// defaultClientLimits are the ClientLimits of a zero Config.
var defaultClientLimits = ClientLimits{Jobs: 8, Streams: 6, NewPerMinute: 60, Sessions: 50, SessionBytes: 64 << 20}

// withDefaults returns l with zero fields set to the defaults.
func (l ClientLimits) withDefaults() ClientLimits {
	d := defaultClientLimits
	if l.Jobs > 0 {
		d.Jobs = l.Jobs
	}
	if l.Streams > 0 {
		d.Streams = l.Streams
	}
	if l.NewPerMinute > 0 {
		d.NewPerMinute = l.NewPerMinute
	}
	if l.Sessions > 0 {
		d.Sessions = l.Sessions
	}
	if l.SessionBytes > 0 {
		d.SessionBytes = l.SessionBytes
	}
	return d
}

// busyRetryAfter is the Retry-After of a 429 for too many jobs or streams:
// jobs end at no time the server can tell, so it names a short wait.
const busyRetryAfter = 5 * time.Second

// maxClients bounds the clients the guard remembers; past it those that
// hold nothing are forgotten.
const maxClients = 4096

// jobRoutes are the API paths that start CPU work, true for those that
// answer with an event stream: the game's search, the analysis board's
// analysis and review, judging a practice move (no stream), and the
// lab's jobs.
var jobRoutes = func() map[string]bool {
	m := map[string]bool{"/api/think": true, "/api/analyse": true, "/api/review": true, "/api/practice": false}
	maps.Copy(m, lab.Jobs)
	return m
}()

// NewToken returns a random token for Config.Token: 128 bits from
// crypto/rand, in base32.
func NewToken() string { return rand.Text() }

// Token returns the token API requests carry when one is asked for.
func (s *Server) Token() string { return s.token }

// URL returns the address to open the page at, with the token when the
// server asks for one; Config.Addr must be set. A server listening on
// every interface (0.0.0.0 or ::) is named by Config.Hosts[0] if given,
// else by localhost.
func (s *Server) URL() string {
	host, port, _ := net.SplitHostPort(s.cfg.Addr)
	if ip, err := netip.ParseAddr(host); err == nil && ip.IsUnspecified() {
		host = "localhost"
		if len(s.cfg.Hosts) > 0 {
			host = s.cfg.Hosts[0]
		}
	}
	u := "http://" + net.JoinHostPort(host, port) + "/"
	if s.tokenRequired(s.cfg.Addr) {
		u += "?" + tokenParam + "=" + s.token
	}
	return u
}

// HTTPServer returns an http.Server that serves s with the timeouts above.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{Handler: s, ReadHeaderTimeout: readHeaderTimeout, ReadTimeout: readTimeout,
		WriteTimeout: writeTimeout, IdleTimeout: idleTimeout, MaxHeaderBytes: maxHeaderBytes,
		ErrorLog: s.cfg.Logger}
}

// listenAddr returns the address the server listens on, Config.Addr or
// else the local address of r's connection, and that local address (for a
// server on every interface, it tells which one r came in on).
func (s *Server) listenAddr(r *http.Request) (addr, local string) {
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		local = a.String()
	}
	if s.cfg.Addr != "" {
		return s.cfg.Addr, local
	}
	return local, local
}

// isLoopback reports whether host (an IP address or a name) is this
// machine's loopback.
func isLoopback(host string) bool {
	if ip, err := netip.ParseAddr(host); err == nil {
		return ip.IsLoopback()
	}
	return strings.EqualFold(host, "localhost")
}

// tokenRequired reports whether requests to a server listening on addr
// must carry the token: always when Config.Token was set, else when addr
// is not loopback.
func (s *Server) tokenRequired(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	return s.cfg.Token != "" || err != nil || !isLoopback(host)
}

// hostAllowed reports whether hostHeader (a request's Host) names the
// server listening on addr, whose connection's local address is local:
// the listen address itself, a name from Config.Hosts, and on loopback
// localhost, 127.0.0.1 and [::1]; on every interface, the address the
// connection came in on. The port must be the listen port.
func (s *Server) hostAllowed(hostHeader, addr, local string, tls bool) bool {
	lhost, lport, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	host, port, err := net.SplitHostPort(hostHeader)
	if err != nil {
		host, port = hostHeader, "80"
		if tls {
			port = "443"
		}
	}
	if port != lport || host == "" {
		return false
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if ip, err := netip.ParseAddr(lhost); err == nil && ip.IsUnspecified() {
		// Listening on every interface: the one this request came in on.
		lhost, _, _ = net.SplitHostPort(local)
	}
	names := append([]string{lhost}, s.cfg.Hosts...)
	if isLoopback(lhost) {
		names = append(names, "localhost", "127.0.0.1", "::1")
	}
	return slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, host) })
}

// admit checks r at the door (the numbered list above). When it refuses,
// it has answered and returns false; else release must be called once the
// request is served.
func (s *Server) admit(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	addr, local := s.listenAddr(r)
	if !s.hostAllowed(r.Host, addr, local, r.TLS != nil) {
		wire.Error(w, http.StatusMisdirectedRequest, fmt.Sprintf(
			"this server is served at %s, not at %q: open the address ox88 web printed (a page on another site may be trying DNS rebinding)", addr, r.Host))
		return nil, false
	}
	if !strings.HasPrefix(r.URL.Path, "/api/") {
		return func() {}, true
	}
	scheme := "http://"
	if r.TLS != nil {
		scheme = "https://"
	}
	if o := r.Header.Get("Origin"); o != "" && !strings.EqualFold(o, scheme+r.Host) {
		wire.Error(w, http.StatusForbidden, fmt.Sprintf("cross-origin request refused: Origin %q is not %s", o, scheme+r.Host))
		return nil, false
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		wire.Error(w, http.StatusForbidden, "cross-origin request refused: Sec-Fetch-Site is "+site+", not same-origin")
		return nil, false
	}
	if s.tokenRequired(addr) && !s.tokenOK(r) {
		wire.Error(w, http.StatusUnauthorized, "missing or wrong token: open the address ox88 web printed at start-up (it ends in ?token=...)")
		return nil, false
	}
	if r.Method == http.MethodPost {
		if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
			wire.Error(w, http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q: the API takes application/json", r.Header.Get("Content-Type")))
			return nil, false
		}
	}
	return s.clients.admit(w, clientIP(r), r.URL.Path, requestSid(r), s.sessions)
}

// tokenOK reports whether r carries the server's token.
func (s *Server) tokenOK(r *http.Request) bool {
	t := r.Header.Get(tokenHeader)
	if t == "" {
		t = r.URL.Query().Get(tokenParam)
	}
	return subtle.ConstantTimeCompare([]byte(t), []byte(s.token)) == 1
}

// requestSid returns the session id r names (the sid query parameter, or
// the sid field of a POST's JSON body), or "". It reads the body and puts
// it back for the handler, with the read error, if any, after it (so a
// body over maxBodyBytes still gets its 413 from wire.ReadJSON).
func requestSid(r *http.Request) string {
	if r.Method != http.MethodPost || r.Body == nil {
		return r.URL.Query().Get("sid")
	}
	data, err := io.ReadAll(r.Body)
	body := io.Reader(bytes.NewReader(data))
	if err != nil {
		body = io.MultiReader(body, errReader{err})
	}
	r.Body = io.NopCloser(body)
	var req sidRequest
	if json.Unmarshal(data, &req) != nil {
		return ""
	}
	return req.Sid
}

// errReader is a reader that fails with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// clientIP returns the IP address of r's client. The server is reached
// directly, so forwarding headers, which anyone can write, are not read.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// clientTable counts what each client holds.
type clientTable struct {
	mu     sync.Mutex
	byIP   map[string]*client
	limits ClientLimits
	clock  func() time.Time
}

// client is what one remote IP holds: jobs and streams in flight, its
// allowance of new sessions (a token bucket of NewPerMinute that refills
// continuously) and the sessions it made.
type client struct {
	jobs, streams int
	allowance     float64
	refilled      time.Time
	sessions      []string
}

func newClientTable(limits ClientLimits) *clientTable {
	return &clientTable{byIP: map[string]*client{}, limits: limits.withDefaults(), clock: time.Now}
}

// admit counts a request of ip to path naming session sid against ip's
// limits. It answers 429 and returns false when one is reached; else
// release undoes the job and stream counts.
func (ct *clientTable) admit(w http.ResponseWriter, ip, path, sid string, store *sessionStore) (release func(), ok bool) {
	ct.mu.Lock()
	defer ct.mu.Unlock()
	c := ct.get(ip)
	stream, isJob := jobRoutes[path]
	if isJob && c.jobs >= ct.limits.Jobs {
		tooMany(w, busyRetryAfter, fmt.Sprintf("too many jobs at once from %s: at most %d searches, perfts, benches, profiles and trees; wait for one to finish", ip, ct.limits.Jobs))
		return nil, false
	}
	if stream && c.streams >= ct.limits.Streams {
		tooMany(w, busyRetryAfter, fmt.Sprintf("too many open streams from %s: at most %d; close one (another tab's search, perft or bench)", ip, ct.limits.Streams))
		return nil, false
	}
	if validSessionID(sid) && !store.has(sid) {
		if wait, ok := c.spend(ct.clock(), ct.limits.NewPerMinute); !ok {
			tooMany(w, wait, fmt.Sprintf("too many new sessions from %s: at most %d a minute; try again in %d s", ip, ct.limits.NewPerMinute, retrySeconds(wait)))
			return nil, false
		}
		store.get(sid)
		c.sessions = store.keepNewest(append(c.sessions, sid), ct.limits.Sessions)
	}
	if !isJob {
		return func() {}, true
	}
	c.jobs++
	if stream {
		c.streams++
	}
	return func() {
		ct.mu.Lock()
		defer ct.mu.Unlock()
		c.jobs--
		if stream {
			c.streams--
		}
	}, true
}

// get returns ip's client, making it. Past maxClients, it first forgets the
// clients that hold nothing: no job, no stream, no session still kept.
// The caller holds ct.mu.
func (ct *clientTable) get(ip string) *client {
	if c, ok := ct.byIP[ip]; ok {
		return c
	}
	if len(ct.byIP) >= maxClients {
		for k, c := range ct.byIP {
			if c.jobs == 0 && c.streams == 0 && len(c.sessions) == 0 {
				delete(ct.byIP, k)
			}
		}
	}
	c := &client{allowance: float64(ct.limits.NewPerMinute), refilled: ct.clock()}
	ct.byIP[ip] = c
	return c
}

// spend takes one new session from c's allowance of perMinute a minute at
// now. When none is left it returns false and how long until one is.
func (c *client) spend(now time.Time, perMinute int) (wait time.Duration, ok bool) {
	rate := float64(perMinute) / time.Minute.Seconds() // sessions a second
	c.allowance = min(float64(perMinute), c.allowance+now.Sub(c.refilled).Seconds()*rate)
	c.refilled = now
	if c.allowance < 1 {
		return time.Duration((1 - c.allowance) / rate * float64(time.Second)), false
	}
	c.allowance--
	return 0, true
}

// retrySeconds returns d in whole seconds, rounded up, at least 1.
func retrySeconds(d time.Duration) int {
	return max(1, int((d+time.Second-1)/time.Second))
}

// tooMany answers 429 with msg and a Retry-After of wait.
func tooMany(w http.ResponseWriter, wait time.Duration, msg string) {
	w.Header().Set("Retry-After", strconv.Itoa(retrySeconds(wait)))
	wire.Error(w, http.StatusTooManyRequests, msg)
}

// weigh records what session ss of the client at ip holds now, n bytes:
// past the store's budget its least recently used sessions go, past the
// client's its own least recently used ones (never ss).
func (ct *clientTable) weigh(ip string, ss *session, n int64, store *sessionStore) {
	store.weigh(ss, n)
	ct.mu.Lock()
	defer ct.mu.Unlock()
	if c, ok := ct.byIP[ip]; ok {
		c.sessions = store.keepWithin(c.sessions, ss.id, ct.limits.SessionBytes)
	}
}

// keepWithin drops the least recently used of the sessions named by ids,
// other than keep, while they hold more than budget bytes together, and
// returns the ids still kept, in their order.
func (st *sessionStore) keepWithin(ids []string, keep string, budget int64) []string {
	st.mu.Lock()
	defer st.mu.Unlock()
	kept := ids[:0]
	var total int64
	for _, id := range ids {
		if s, ok := st.byID[id]; ok {
			kept = append(kept, id)
			total += s.size
		}
	}
	for total > budget {
		oldest := -1
		for i, id := range kept {
			if id != keep && (oldest < 0 || st.byID[id].used.Before(st.byID[kept[oldest]].used)) {
				oldest = i
			}
		}
		if oldest < 0 {
			break
		}
		ss := st.byID[kept[oldest]]
		total -= ss.size
		st.drop(ss)
		kept = slices.Delete(kept, oldest, oldest+1)
	}
	return kept
}

// has reports whether the store keeps a session named id.
func (st *sessionStore) has(id string) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	_, ok := st.byID[id]
	return ok
}

// keepNewest drops all but the n most recently used of the sessions named
// by ids and returns the ids still kept, in their order. Ids the store no
// longer keeps (idle, or dropped past its cap) are left out.
func (st *sessionStore) keepNewest(ids []string, n int) []string {
	st.mu.Lock()
	defer st.mu.Unlock()
	kept := ids[:0]
	for _, id := range ids {
		if _, ok := st.byID[id]; ok {
			kept = append(kept, id)
		}
	}
	for len(kept) > n {
		oldest := 0
		for i, id := range kept {
			if st.byID[id].used.Before(st.byID[kept[oldest]].used) {
				oldest = i
			}
		}
		st.drop(st.byID[kept[oldest]])
		kept = slices.Delete(kept, oldest, oldest+1)
	}
	return kept
}
