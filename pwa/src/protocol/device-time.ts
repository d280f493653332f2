// An offline round's times on its organiser's device's clock (schema version 7,
// docs/sync-protocol.md "Device times"): when the room saw it, said to be the device's, beside when
// the server received it. The same words as `sorteio verify` (server/internal/auditreport).
import { LIMITS } from '@/protocol/rules'

export interface DeviceTimes {
  startedAt: number
  completedAt: number
  /** Server minus device (ms) at the device's last sync before the round; null when it never synced. */
  clockOffset: number | null
}

/** The wire's three fields as DeviceTimes, or null when the device did not send both times. */
export function deviceTimesOf(w: { device_started_at?: number | null; device_completed_at?: number | null; device_clock_offset?: number | null }): DeviceTimes | null {
  if (typeof w.device_started_at !== 'number' || typeof w.device_completed_at !== 'number') return null
  return { startedAt: w.device_started_at, completedAt: w.device_completed_at, clockOffset: typeof w.device_clock_offset === 'number' ? w.device_clock_offset : null }
}

/** Whether the device's clock was off by more than 2 minutes at its last sync. */
export function clockOff(offset: number | null | undefined): offset is number {
  return typeof offset === 'number' && Math.abs(offset) > LIMITS.maxDeviceClockSkewMs
}

/** '3 min 5 s adiantado' (the device ahead of the server), 'atrasado' when behind. */
export function clockSkewText(offset: number): string {
  const dir = offset < 0 ? 'adiantado' : 'atrasado'
  const s = Math.round(Math.abs(offset) / 1000)
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min ${dir}`
  if (s >= 60) return `${Math.floor(s / 60)} min ${s % 60} s ${dir}`
  return `${s} s ${dir}`
}

/** The warning for a clock off by more than 2 minutes, or null. */
export function clockWarning(offset: number | null | undefined): string | null {
  if (!clockOff(offset)) return null
  return `Na última sincronização antes do sorteio, o relógio do aparelho estava ${clockSkewText(offset)}: os horários do aparelho podem estar errados.`
}

export const DEVICE_CLOCK = 'relógio do aparelho do organizador'
