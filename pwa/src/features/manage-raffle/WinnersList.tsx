// Placeholder so this branch builds: the real winners list (cards, invalidation dialog, redraw) is
// built on another branch and replaces this file at the merge. Same exports, same props.
export interface WinnerView {
  id: string
  position: number
  ticketNumber: string | null
  name: string
  email: string | null
  isValid: boolean
  invalidatedAt: number | null
  invalidationReason: string | null
}

interface WinnersListProps {
  winners: WinnerView[]
  isAdmin?: boolean
  showEmail?: boolean
  onInvalidate?: (winnerId: string, reason: string) => Promise<void>
  onRedraw?: (position: number) => Promise<void>
}

export function WinnersList({ winners }: WinnersListProps) {
  if (winners.length === 0) return <p className="text-sm text-slate-600">Nenhum vencedor sorteado ainda</p>
  return (
    <ol className="space-y-1 text-sm">
      {winners.map((w) => (
        <li key={w.id}>
          {w.position}º Lugar: {w.name}
          {!w.isValid && ' (Invalidado)'}
        </li>
      ))}
    </ol>
  )
}
