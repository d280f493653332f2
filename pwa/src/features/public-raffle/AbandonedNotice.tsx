import { Link } from 'react-router-dom'
import { cn } from '@/lib/cn'
import { ABANDONED_TEXT } from '@/features/public-raffle/public-text'

/**
 * Said to the room when a round it watched closes with no result, so nobody takes the page's
 * return to 'Aguardando' for a glitch; the verification page keeps the round's record.
 */
export function AbandonedNotice({ code, big = false }: { code: string; big?: boolean }) {
  return (
    <div
      role="status"
      className={cn(
        'rounded-xl px-4 py-3',
        big ? 'bg-amber-300/15 text-[2.6vh] text-amber-100 ring-1 ring-amber-300/40' : 'bg-amber-50 text-sm text-amber-900 ring-1 ring-amber-200',
      )}
    >
      <p className="font-semibold">{ABANDONED_TEXT}</p>
      <Link to={`/sorteio/${code}/verificar`} className={cn('underline underline-offset-2', big ? 'text-white focus-visible:outline-white' : 'text-amber-950')}>
        Ver na página de verificação
      </Link>
    </div>
  )
}
