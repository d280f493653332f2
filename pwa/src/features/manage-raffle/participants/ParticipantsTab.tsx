import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback } from 'react'
import { toast } from 'sonner'
import { Card } from '@/components/ui/Card'
import { errorText } from '@/components/ui/error-text'
import { addTicket, removeGroup } from '@/db/participants'
import { provisionalNumbers } from '@/db/outbox'
import { db, type RaffleRow } from '@/db/schema'
import { AddParticipantForm } from '@/features/manage-raffle/participants/AddParticipantForm'
import { ExportPanel } from '@/features/manage-raffle/import-export/ExportPanel'
import { ImportPanel } from '@/features/manage-raffle/import-export/ImportPanel'
import type { GroupIndex, ParticipantGroup } from '@/features/manage-raffle/participants/participants-logic'
import { removedMessage } from '@/features/manage-raffle/participants/participants-text'
import { ParticipantsList } from '@/features/manage-raffle/participants/ParticipantsList'

interface ParticipantsTabProps {
  userId: string
  raffle: RaffleRow
  index: GroupIndex | undefined
}

export function ParticipantsTab({ userId, raffle, index }: ParticipantsTabProps) {
  const raffleId = raffle.id
  const withTickets = raffle.type === 'tickets'
  // Stable across renders, so the memoised rows do not re-render on each keystroke in the search.
  const onRemove = useCallback(
    async (group: ParticipantGroup) => {
      try {
        await removeGroup(userId, raffleId, group.id)
        toast.success(removedMessage(group.name, group.ticketCount, withTickets || group.ticketCount > 1))
        return true
      } catch (error) {
        toast.error('Não foi possível remover participante', { description: errorText(error) })
        return false
      }
    },
    [userId, raffleId, withTickets],
  )
  const onAddTicket = useCallback(
    async (group: ParticipantGroup) => {
      try {
        const number = await addTicket(userId, raffleId, group.id)
        toast.success(number ? `Bilhete ${number} adicionado` : 'Bilhete adicionado', { description: group.name })
      } catch (error) {
        toast.error('Não foi possível adicionar o bilhete', { description: errorText(error) })
      }
    },
    [userId, raffleId],
  )
  const canAddTicket = raffle.type === 'tickets' && raffle.status === 'pending'
  // Numbers this device chose and has not sent yet: marked 'provisório' until the server answers.
  const provisional = useLiveQuery(() => (withTickets ? provisionalNumbers(db, userId, raffleId) : undefined), [withTickets, userId, raffleId])

  return (
    <div className="space-y-5">
      {/* A finished raffle has no form to show, greyed out or not: its list is the one that was drawn. */}
      {raffle.status === 'completed' ? (
        <Card>
          <h2 className="font-semibold text-slate-900">Sorteio finalizado</h2>
          <p className="mt-1 text-sm text-slate-600">A lista abaixo é a que foi sorteada.</p>
        </Card>
      ) : (
        <Card>
          <AddParticipantForm userId={userId} raffle={raffle} />
        </Card>
      )}
      {raffle.status === 'pending' && (
        <Card>
          <ImportPanel userId={userId} raffle={raffle} />
        </Card>
      )}
      {/* Narrower side padding on phones: the rows and the search placeholder need the width. */}
      <Card className="px-4 sm:px-6">
        <ParticipantsList
          index={index}
          isTicketRaffle={raffle.type === 'tickets'}
          canDelete={raffle.status === 'pending'}
          onRemove={onRemove}
          onAddTicket={canAddTicket ? onAddTicket : undefined}
          provisional={provisional}
        />
      </Card>
      <Card>
        <ExportPanel raffle={raffle} />
      </Card>
    </div>
  )
}
