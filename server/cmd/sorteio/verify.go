package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/sorteio/sorteio/server/internal/auditreport"
	"github.com/sorteio/sorteio/sync/draw"
)

// verify checks an exported draw history (the public page's "Baixar
// registro") offline: every draw's winners must follow from its seeds and
// pool, and the rounds must tell a possible story. It prints a line per draw
// (auditreport, which escapes every text of the record) and fails when any
// does not match.
func verify(args []string, stdout io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("uso: sorteio verify ARQUIVO.json")
	}
	raw, err := os.ReadFile(args[0]) //nolint:gosec // the file the operator names on the command line
	if err != nil {
		return fmt.Errorf("ler %s: %w", args[0], err)
	}
	var exp draw.Export
	if err := json.Unmarshal(raw, &exp); err != nil {
		return fmt.Errorf("%s não é um registro de sorteio válido: %w", args[0], err)
	}
	if !draw.Known(exp.Algorithm) {
		return fmt.Errorf("algoritmo \"%s\" desconhecido (este verificador conhece %s e %s)", auditreport.Safe(exp.Algorithm),
			draw.AlgorithmV1, draw.Algorithm)
	}
	if len(exp.Draws) == 0 && len(exp.Abandoned) == 0 && len(exp.RefusedRounds) == 0 {
		return fmt.Errorf("o registro não tem sorteios")
	}
	if failed := auditreport.Write(stdout, exp); failed > 0 {
		checked := len(exp.Draws) + len(exp.RefusedRounds) + len(exp.Promotions)
		if len(exp.Winners) > 0 {
			checked++ // the winners list
		}
		return fmt.Errorf("%d de %d itens do registro não conferem (rodadas, chamadas de suplente e a lista de vencedores)", failed, checked)
	}
	return nil
}
