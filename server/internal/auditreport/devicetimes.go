package auditreport

import (
	"fmt"

	"github.com/sorteio/sorteio/sync/draw"
)

// writeDeviceTimes dates an offline round: when the room saw it, on the
// organiser's device's clock (said to be the device's), beside when the
// server received it; and whether that clock was off by more than
// draw.MaxDeviceClockSkew at the device's last sync. A device before schema
// version 7 sent no times: only the receipt is known.
func writeDeviceTimes(p printer, rec draw.Record) {
	if rec.Online || rec.Federal != nil {
		return
	}
	if rec.DeviceStartedAt == nil || rec.DeviceCompletedAt == nil {
		p.line("   Feito sem conexão; recebido pelo servidor em %s (o aparelho não informou o horário do sorteio).", when(rec.CompletedAt))
		return
	}
	p.line("   Feito sem conexão: iniciado às %s e sorteado às %s pelo relógio do aparelho do organizador; recebido pelo servidor em %s.",
		when(*rec.DeviceStartedAt), when(*rec.DeviceCompletedAt), when(rec.CompletedAt))
	if rec.DeviceClockOff() {
		p.line("   Atenção: na última sincronização antes do sorteio, o relógio do aparelho estava %s: os horários do aparelho podem estar errados.",
			ClockSkewText(*rec.DeviceClockOffset))
	}
}

// ClockSkewText says how far a device's clock was from the server's, from
// the offset (server minus device, ms): '3 min 5 s atrasado' when the device
// was behind, 'adiantado' when ahead.
func ClockSkewText(offset int64) string {
	dir := "atrasado"
	if offset < 0 {
		dir, offset = "adiantado", -offset
	}
	s := (offset + 500) / 1000
	switch {
	case s >= 3600:
		return fmt.Sprintf("%d h %d min %s", s/3600, s%3600/60, dir)
	case s >= 60:
		return fmt.Sprintf("%d min %d s %s", s/60, s%60, dir)
	}
	return fmt.Sprintf("%d s %s", s, dir)
}
