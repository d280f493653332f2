// Forgets an account on this device once the server deleted it: its raffles with everything that
// hangs off them, its outbox and refused ops, its device id. In one transaction, so no op of a deleted account is
// left for a later push (and none could be pushed anyway: nobody can sign in as it again).
import Dexie from 'dexie'
import { db as appDb, type SorteioDB } from '@/db/schema'
import { dropTickets } from '@/db/ticket-cache'
import { deleteRaffleTickets, ticketTables } from '@/db/tickets'

export async function forgetAccount(userId: string, database: SorteioDB = appDb): Promise<void> {
  const tables = [
    database.raffles,
    ...ticketTables(database),
    database.draws,
    database.winners,
    database.drawSecrets,
    database.drawPools,
    database.syncState,
    database.outbox,
    database.refused,
    database.meta,
  ]
  await database.transaction('rw', tables, async () => {
    const raffleIds = await database.raffles.where('[ownerId+createdAt]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).primaryKeys()
    for (const raffleId of raffleIds) await deleteRaffleTickets(database, raffleId)
    for (const table of [database.draws, database.winners, database.drawSecrets, database.drawPools]) {
      await table.where('raffleId').anyOf(raffleIds).delete()
    }
    await database.syncState.bulkDelete(raffleIds)
    await database.raffles.bulkDelete(raffleIds)
    await database.outbox.where('userId').equals(userId).delete()
    await database.refused.where('userId').equals(userId).delete()
    await database.meta.delete(`client:${userId}`)
  })
  dropTickets()
}
