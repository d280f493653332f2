// The Loteria Federal's settings checked on this device against the raffle's tickets, as the server
// checks them (sync/protocol CheckFederalSettings).
import { readPoolInputs } from '@/db/round-pool'
import { db as appDb, type RaffleRow, type SorteioDB } from '@/db/schema'
import { canonical, type DrawTicket } from '@/protocol/draw'
import type { FederalRule } from '@/protocol/federal'
import { federalChances } from '@/protocol/federal-chances'
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

/**
 * Each ticket's chance at the 1st place under a rule, for the raffle's tickets as they are now: the
 * words ('Cada bilhete tem 1 chance em 71.'), or the refusal 'Fechar a lista' would give (equal false).
 */
export async function listChances(raffleId: string, rule: FederalRule, database: SorteioDB = appDb): Promise<{ equal: boolean; text: string }> {
  const tickets = await canonicalTickets(raffleId, database)
  try {
    return { equal: true, text: federalChances(rule, tickets) }
  } catch (e) {
    return { equal: false, text: e instanceof Error ? e.message : String(e) }
  }
}
