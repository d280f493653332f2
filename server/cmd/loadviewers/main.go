// Command loadviewers is the public page's load benchmark (make bench,
// docs/benchmarks.md): it starts the server as a separate process on
// 127.0.0.1, connects thousands of public WebSocket viewers to one raffle,
// draws, and measures how long the draw's states take to reach every viewer,
// and the server's memory and CPU per viewer.
package main

import (
	"context"
	"fmt"
	"os"
)

func main() {
	if err := run(context.Background(), os.Args, os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "loadviewers:", err)
		os.Exit(1)
	}
}
