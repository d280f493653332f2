package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"time"
)

// benchLine prints one `BENCH {...}` line after a table: the figures the
// budgets' table of `make bench` reads (e2e/bench/budgets.mjs).
func benchLine(w io.Writer, fields map[string]any) {
	b, err := json.Marshal(fields)
	if err != nil {
		panic(err) // numbers and strings only
	}
	fmt.Fprintf(w, "BENCH %s\n", b)
}

// msOf is d in milliseconds, to a tenth.
func msOf(d time.Duration) float64 { return tenth(float64(d.Microseconds()) / 1000) }

func tenth(x float64) float64 { return math.Round(x*10) / 10 }
