package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// verify checks an exported draw history (the public page's "Baixar
// registro") offline: every draw's winners must follow from its seeds and
// pool. It prints a line per draw and fails when any does not match. Every
// text from the record is escaped before printing (protocol.SafeForTerminal):
// the file is the thing being checked, so it must not be able to print a
// fake line or hide a real one with control sequences.
func verify(args []string, stdout io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("uso: sorteio verify ARQUIVO.json")
	}
	raw, err := os.ReadFile(args[0])
	if err != nil {
		return fmt.Errorf("ler %s: %w", args[0], err)
	}
	var exp draw.Export
	if err := json.Unmarshal(raw, &exp); err != nil {
		return fmt.Errorf("%s não é um registro de sorteio válido: %w", args[0], err)
	}
	if exp.Algorithm != draw.Algorithm {
		return fmt.Errorf("algoritmo %q desconhecido (este verificador conhece %s)", exp.Algorithm, draw.Algorithm)
	}
	if len(exp.Draws) == 0 && len(exp.Abandoned) == 0 {
		return fmt.Errorf("o registro não tem sorteios")
	}
	safe := protocol.SafeForTerminal
	fmt.Fprintf(stdout, "Sorteio %s (%s)\n", safe(exp.Raffle.Code), safe(exp.Raffle.Title))
	if exp.Raffle.DeletedAt != nil {
		fmt.Fprintf(stdout, "Excluído pelo organizador em %s (o registro continua público).\n", when(*exp.Raffle.DeletedAt))
	}
	failed := 0
	// Each redraw over the pool derived from the first draw's, never over
	// one it publishes.
	for i, problems := range draw.VerifyExport(exp) {
		rec := exp.Draws[i]
		mode := "online"
		if !rec.Online {
			mode = "offline: a semente foi escolhida só pelo dispositivo do organizador"
		}
		if len(problems) == 0 {
			fmt.Fprintf(stdout, "%d. %s, posições %v, %d bilhetes (%s): CONFERE\n", i+1, safe(rec.Kind), rec.Positions, rec.PoolSize, mode)
			continue
		}
		failed++
		fmt.Fprintf(stdout, "%d. %s, posições %v (%s): NÃO CONFERE\n", i+1, safe(rec.Kind), rec.Positions, mode)
		for _, p := range problems {
			fmt.Fprintf(stdout, "   - %s\n", safe(p))
		}
	}
	for _, a := range exp.Abandoned {
		fmt.Fprintf(stdout, "Rodada %d (%s, posições %v) abandonada em %s: sem resultado, nada a conferir.\n",
			a.Round, a.Kind, a.Positions, when(a.AbandonedAt))
	}
	if failed > 0 {
		return fmt.Errorf("%d de %d sorteios não conferem", failed, len(exp.Draws))
	}
	return nil
}

// when writes a Unix ms time in UTC, the same for everyone who checks.
func when(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("02/01/2006 15:04:05 UTC")
}
