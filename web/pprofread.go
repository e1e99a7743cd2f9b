package web

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
)

// This file reads the CPU profiles that runtime/pprof writes: gzipped
// protocol buffers in the layout of github.com/google/pprof's
// profile.proto. Only what the profile tab needs is kept: each sample's
// value and stack, the function name of every (inlined) frame, and the
// sample's string labels.
//
// The protocol buffer wire format: a message is a sequence of fields, each
// a varint key (field number << 3 | wire type) and then a value: a varint
// (type 0), 8 bytes (type 1), a varint length and that many bytes (type 2:
// strings, nested messages and packed repeated numbers) or 4 bytes (type 5).

// profileData is a decoded CPU profile.
type profileData struct {
	Samples []profileSample
	Period  int64 // nanoseconds between samples
}

// profileSample is one sample: its stack, leaf first, each frame the list of
// function names at that address, innermost (inlined) first.
type profileSample struct {
	Stack  [][]string
	Value  int64 // the last value of the sample (CPU nanoseconds)
	Labels map[string]string
}

// Field numbers of profile.proto.
const (
	pbProfileSample   = 2
	pbProfileLocation = 4
	pbProfileFunction = 5
	pbProfileStrings  = 6
	pbProfilePeriod   = 12

	pbSampleLocation = 1
	pbSampleValue    = 2
	pbSampleLabel    = 3

	pbLabelKey = 1
	pbLabelStr = 2

	pbLocationID   = 1
	pbLocationLine = 4

	pbLineFunction = 1

	pbFunctionID   = 1
	pbFunctionName = 2
)

// pbField is one field of a message: its number, wire type and value
// (num for varint and fixed types, data for length-delimited).
type pbField struct {
	num  int
	typ  int
	val  uint64
	data []byte
}

// pbFields splits a message into its fields.
func pbFields(b []byte) ([]pbField, error) {
	var out []pbField
	for len(b) > 0 {
		key, n := pbVarint(b)
		if n <= 0 {
			return nil, errors.New("profile: bad field key")
		}
		b = b[n:]
		f := pbField{num: int(key >> 3), typ: int(key & 7)}
		switch f.typ {
		case 0:
			f.val, n = pbVarint(b)
			if n <= 0 {
				return nil, errors.New("profile: bad varint")
			}
			b = b[n:]
		case 1:
			if len(b) < 8 {
				return nil, errors.New("profile: short fixed64")
			}
			for i := 7; i >= 0; i-- {
				f.val = f.val<<8 | uint64(b[i])
			}
			b = b[8:]
		case 2:
			l, n := pbVarint(b)
			if n <= 0 || l > uint64(len(b)-n) {
				return nil, errors.New("profile: bad length")
			}
			f.data = b[n : n+int(l)]
			b = b[n+int(l):]
		case 5:
			if len(b) < 4 {
				return nil, errors.New("profile: short fixed32")
			}
			f.val = uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24
			b = b[4:]
		default:
			return nil, fmt.Errorf("profile: unknown wire type %d", f.typ)
		}
		out = append(out, f)
	}
	return out, nil
}

// pbVarint reads a varint, returning it and its length (0 if bad).
func pbVarint(b []byte) (uint64, int) {
	var x uint64
	for i := 0; i < len(b) && i < 10; i++ {
		x |= uint64(b[i]&0x7f) << (7 * i)
		if b[i] < 0x80 {
			return x, i + 1
		}
	}
	return 0, 0
}

// pbNumbers returns the values of a repeated number field, packed (one
// length-delimited field) or not.
func pbNumbers(f pbField, dst []uint64) ([]uint64, error) {
	if f.typ == 0 {
		return append(dst, f.val), nil
	}
	if f.typ != 2 {
		return dst, errors.New("profile: bad repeated number")
	}
	b := f.data
	for len(b) > 0 {
		v, n := pbVarint(b)
		if n <= 0 {
			return dst, errors.New("profile: bad packed varint")
		}
		dst = append(dst, v)
		b = b[n:]
	}
	return dst, nil
}

// parseProfile decodes a gzipped (or plain) profile.proto message.
func parseProfile(data []byte) (*profileData, error) {
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		if data, err = io.ReadAll(zr); err != nil {
			return nil, err
		}
	}
	fields, err := pbFields(data)
	if err != nil {
		return nil, err
	}
	var strs []string
	var rawSamples, rawLocs, rawFuncs [][]byte
	prof := &profileData{}
	for _, f := range fields {
		switch {
		case f.num == pbProfileStrings && f.typ == 2:
			strs = append(strs, string(f.data))
		case f.num == pbProfileSample && f.typ == 2:
			rawSamples = append(rawSamples, f.data)
		case f.num == pbProfileLocation && f.typ == 2:
			rawLocs = append(rawLocs, f.data)
		case f.num == pbProfileFunction && f.typ == 2:
			rawFuncs = append(rawFuncs, f.data)
		case f.num == pbProfilePeriod && f.typ == 0:
			prof.Period = int64(f.val)
		}
	}
	str := func(i uint64) string {
		if i < uint64(len(strs)) {
			return strs[i]
		}
		return ""
	}
	funcs := map[uint64]string{}
	for _, raw := range rawFuncs {
		fs, err := pbFields(raw)
		if err != nil {
			return nil, err
		}
		var id, name uint64
		for _, f := range fs {
			switch f.num {
			case pbFunctionID:
				id = f.val
			case pbFunctionName:
				name = f.val
			}
		}
		funcs[id] = str(name)
	}
	locs := map[uint64][]string{}
	for _, raw := range rawLocs {
		fs, err := pbFields(raw)
		if err != nil {
			return nil, err
		}
		var id uint64
		var names []string
		for _, f := range fs {
			switch {
			case f.num == pbLocationID:
				id = f.val
			case f.num == pbLocationLine && f.typ == 2:
				ls, err := pbFields(f.data)
				if err != nil {
					return nil, err
				}
				for _, l := range ls {
					if l.num == pbLineFunction {
						names = append(names, funcs[l.val])
					}
				}
			}
		}
		locs[id] = names
	}
	for _, raw := range rawSamples {
		fs, err := pbFields(raw)
		if err != nil {
			return nil, err
		}
		var ids, vals []uint64
		s := profileSample{}
		for _, f := range fs {
			switch f.num {
			case pbSampleLocation:
				ids, err = pbNumbers(f, ids)
			case pbSampleValue:
				vals, err = pbNumbers(f, vals)
			case pbSampleLabel:
				var ls []pbField
				if ls, err = pbFields(f.data); err == nil {
					var k, v uint64
					for _, l := range ls {
						switch l.num {
						case pbLabelKey:
							k = l.val
						case pbLabelStr:
							v = l.val
						}
					}
					if s.Labels == nil {
						s.Labels = map[string]string{}
					}
					s.Labels[str(k)] = str(v)
				}
			}
			if err != nil {
				return nil, err
			}
		}
		if len(vals) > 0 {
			s.Value = int64(vals[len(vals)-1])
		}
		for _, id := range ids {
			s.Stack = append(s.Stack, locs[id])
		}
		prof.Samples = append(prof.Samples, s)
	}
	return prof, nil
}
