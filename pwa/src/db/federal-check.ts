// The Loteria Federal's settings checked on this device against the raffle's tickets, as the server
// checks them (sync/protocol CheckFederalSettings).
import { readPoolInputs } from '@/db/round-pool'
import type { RaffleRow, SorteioDB } from '@/db/schema'
import { canonical, type DrawTicket } from '@/protocol/draw'
import { checkFederalSettings } from '@/protocol/federal-settings'
import type { DrawMethod, FederalSettingsWire } from '@/protocol/wire'

/** Every ticket of the raffle in canonical order. */
export async function canonicalTickets(raffleId: string, database: SorteioDB): Promise<DrawTicket[]> {
  return canonical((await readPoolInputs(raffleId, database)).tickets)
}

/**
 * Inside updateRaffle's transaction: the raffle as the update leaves it must pass the Loteria
 * Federal's rules over its tickets, as the server checks them (refused: a RuleError with the
 * server's reason and message).
 */
export async function checkFederalUpdate(raffle: RaffleRow, method: DrawMethod | undefined, settings: FederalSettingsWire | undefined, database: SorteioDB): Promise<void> {
  const next = { type: raffle.type, draw_method: method ?? raffle.drawMethod, federal: settings ?? raffle.federal ?? null }
  if (next.draw_method !== 'federal' || next.type !== 'tickets' || !next.federal) return checkFederalSettings(next, [])
  checkFederalSettings(next, await canonicalTickets(raffle.id, database))
}
