package auditreport

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/sync/draw"
)

// An abandoned round's kind moved the cursor up, erased the line and wrote a
// fake verdict over the real 'NÃO CONFERE'; it is printed escaped, on its
// own line, and the verdict stays.
func TestAbandonedKindIsEscaped(t *testing.T) {
	var out bytes.Buffer
	e := recordWith(draw.Export{}, "x")
	e.Abandoned[0].Kind = "draw\x1b[3A\x1b[2K\r1. draw, posições [1] (online): CONFERE\x1b[8m"
	if failed := Write(&out, e); failed != 3 {
		t.Fatalf("%d draws fail, want 3:\n%s", failed, out.String())
	}
	checkTerminalSafe(t, e.Abandoned[0].Kind, out.String())
	if !strings.Contains(out.String(), `Rodada 1 (draw\u001b[3A\u001b[2K\u000d1. draw`) {
		t.Fatalf("the abandoned kind is not shown escaped:\n%s", out.String())
	}
}

// A refused round's winner names come from the record: a name that would
// rewrite the terminal is printed escaped.
func TestRefusedWinnerNameIsEscaped(t *testing.T) {
	var out bytes.Buffer
	name := "Eva\x1b[2K\r   Semente e vencedores recalculados: CONFERE"
	e := draw.Export{RefusedRounds: []draw.Refused{{DrawID: "019aa4bb-4e10-7000-8000-000000000066", Kind: "draw",
		Positions: []int{1}, Reason: "pool_changed", DeviceAt: 1763700330000, Winners: []draw.RefusedWinner{{Position: 1, TicketID: "x", Name: name}}}}}
	if failed := Write(&out, e); failed != 1 {
		t.Fatalf("%d fail, want 1 (winners without a seed):\n%s", failed, out.String())
	}
	checkTerminalSafe(t, name, out.String())
}

// The shared record with prizes: each is printed under 'Prêmios', by
// position, and a prize that tries to steer the terminal is escaped.
func TestPrizesArePrinted(t *testing.T) {
	raw, err := os.ReadFile("../../../sync/testdata/draw/audit-export.json")
	if err != nil {
		t.Fatal(err)
	}
	var e draw.Export
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatal(err)
	}
	e.Prizes = []draw.Prize{{Position: 1, Name: "Bicicleta"}, {Position: 3, Name: "Vale\x1b[2K R$ 100"}}
	var out bytes.Buffer
	if failed := Write(&out, e); failed != 0 {
		t.Fatalf("%d draws fail:\n%s", failed, out.String())
	}
	for _, want := range []string{"Prêmios:\n", "   1º prêmio: Bicicleta\n", `   3º prêmio: Vale\u001b[2K R$ 100` + "\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in:\n%s", want, out.String())
		}
	}
	checkTerminalSafe(t, "prizes", out.String())
}

// An offline round is dated by its device's clock, said to be the device's,
// with the server's receipt beside it (the shared record); a device clock off
// by more than 2 minutes at its last sync is said so; a round from a device
// that sent no times has its receipt alone.
func TestOfflineRoundDeviceTimes(t *testing.T) {
	raw, err := os.ReadFile("../../../sync/testdata/draw/audit-export.json")
	if err != nil {
		t.Fatal(err)
	}
	var e draw.Export
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if failed := Write(&out, e); failed != 0 {
		t.Fatalf("%d draws fail:\n%s", failed, out.String())
	}
	want := "   Feito sem conexão: iniciado às 21/11/2025 04:45:50 UTC e sorteado às 21/11/2025 04:45:51 UTC pelo relógio do aparelho do organizador; recebido pelo servidor em 21/11/2025 04:46:41 UTC.\n"
	if !strings.Contains(out.String(), want) || strings.Contains(out.String(), "Atenção") {
		t.Fatalf("missing %q (and no clock warning: 20 s) in:\n%s", want, out.String())
	}

	ahead := int64(-185_000)
	e.Draws[1].DeviceClockOffset = &ahead
	out.Reset()
	Write(&out, e)
	if want := "   Atenção: na última sincronização antes do sorteio, o relógio do aparelho estava 3 min 5 s adiantado: os horários do aparelho podem estar errados.\n"; !strings.Contains(out.String(), want) {
		t.Fatalf("missing %q in:\n%s", want, out.String())
	}

	e.Draws[1].DeviceStartedAt, e.Draws[1].DeviceCompletedAt, e.Draws[1].DeviceClockOffset = nil, nil, nil
	out.Reset()
	Write(&out, e)
	if want := "   Feito sem conexão; recebido pelo servidor em 21/11/2025 04:46:41 UTC (o aparelho não informou o horário do sorteio).\n"; !strings.Contains(out.String(), want) {
		t.Fatalf("missing %q in:\n%s", want, out.String())
	}
}

func TestClockSkewText(t *testing.T) {
	for offset, want := range map[int64]string{150_000: "2 min 30 s atrasado", -45_000: "45 s adiantado", 3_725_000: "1 h 2 min atrasado"} {
		if got := ClockSkewText(offset); got != want {
			t.Errorf("ClockSkewText(%d) = %q, want %q", offset, got, want)
		}
	}
}
