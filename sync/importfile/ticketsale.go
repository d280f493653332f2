package importfile

import (
	"fmt"
	"strings"
)

// TicketSale is a ticket-sale export for the benchmarks: one row per ticket
// ('nome,email,bilhete'), each of people buyers with each tickets, a
// buyer's rows spread through the file as a platform lists them by sale.
func TicketSale(people, each int) []byte {
	var b strings.Builder
	b.WriteString("Nome do comprador,E-mail,Nº do ingresso,Data da compra\r\n")
	n := 0
	for round := 0; round < each; round++ {
		for p := 0; p < people; p++ {
			n++
			fmt.Fprintf(&b, "Pessoa %d da Silva,pessoa%d@exemplo.com.br,%06d,2026-11-%02d 10:%02d\r\n", p, p, n, 1+round, p%60)
		}
	}
	return []byte(b.String())
}
