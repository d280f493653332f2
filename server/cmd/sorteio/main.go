// Command sorteio is the Sorteio server: the HTTP API, the sync endpoints and
// the embedded PWA, in one binary.
package main

import (
	"context"
	"fmt"
	"os"
)

func main() {
	if err := run(context.Background(), os.Args, os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "sorteio:", err)
		os.Exit(1)
	}
}
