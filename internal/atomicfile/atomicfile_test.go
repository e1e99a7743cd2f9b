package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// version is the content of the k-th write: a header, a megabyte that
// depends on k, and a trailer, so a torn file is easy to tell from a whole.
func version(k int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "version %d\n", k)
	line := strings.Repeat(fmt.Sprintf("%d", k%10), 63) + "\n"
	for range 1 << 14 {
		b.WriteString(line)
	}
	fmt.Fprintf(&b, "end %d\n", k)
	return b.Bytes()
}

// whole reports whether data is exactly one of the versions.
func whole(data []byte) bool {
	var k int
	if _, err := fmt.Sscanf(string(data), "version %d\n", &k); err != nil {
		return false
	}
	return bytes.Equal(data, version(k))
}

const childEnv = "OX88_ATOMICFILE_CHILD"

// TestMain lets the test binary act as the writer that is killed: with
// childEnv set it rewrites that file for ever, in 4 KiB chunks, as fast as
// it can.
func TestMain(m *testing.M) {
	if name := os.Getenv(childEnv); name != "" {
		// Two versions made once: the loop's time goes into writing.
		versions := [2][]byte{version(1), version(2)}
		for k := 1; ; k++ {
			data := versions[k%2]
			err := Write(name, func(w io.Writer) error {
				for len(data) > 0 {
					n := min(len(data), 4096)
					if _, err := w.Write(data[:n]); err != nil {
						return err
					}
					data = data[n:]
				}
				return nil
			})
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			if k == 1 {
				fmt.Println("written")
			}
		}
	}
	os.Exit(m.Run())
}

// TestKilledMidWrite kills a writer with SIGKILL at random instants, many
// times over: the file under the name is always one whole version.
func TestKilledMidWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("starts writer processes")
	}
	name := filepath.Join(t.TempDir(), "book.bin")
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"="+name)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for one whole write, so the file exists, then kill a
		// random time later: somewhere in a later write.
		buf := make([]byte, len("written\n"))
		if _, err := io.ReadFull(out, buf); err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("run %d: the writer did not start: %v", i, err)
		}
		time.Sleep(time.Duration(rng.IntN(20_000)) * time.Microsecond)
		cmd.Process.Kill()
		cmd.Wait()
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		if !whole(data) {
			t.Fatalf("run %d: the file is torn: %d bytes, starting %q", i, len(data), data[:min(len(data), 20)])
		}
	}
}

// TestWriteFailureKeepsOld: an error from fill leaves the old file and no
// temporary file behind.
func TestWriteFailureKeepsOld(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "net.nnue")
	if err := WriteFile(name, []byte("old")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(name, func(w io.Writer) error {
		w.Write([]byte("half of the new"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	if data, _ := os.ReadFile(name); string(data) != "old" {
		t.Fatalf("file = %q, want old", data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("%d files in the directory, want 1", len(entries))
	}
	if st, _ := os.Stat(name); st.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v", st.Mode())
	}
}

// TestWriteNoDirectory is an error, not a panic.
func TestWriteNoDirectory(t *testing.T) {
	if err := WriteFile(filepath.Join(t.TempDir(), "no", "such", "dir"), nil); err == nil {
		t.Fatal("no error")
	}
}
