import type { ReactNode } from 'react'
import { PROMOTED_TEXT } from '@/components/ui/alternate-text'
import { Badge } from '@/components/ui/Badge'
import { TicketIcon } from '@/components/ui/icons'
import { cn } from '@/lib/cn'
import { formatDateTime } from '@/lib/dates'
import { formatPhone } from '@/protocol/phone'

export interface WinnerEntryData {
  position: number
  ticketNumber: string | null
  name: string
  /** Shown only when given: organisers see it, the public never does. */
  email?: string | null
  /** E.164, shown formatted only when given: organisers see it, the public never does. */
  phone?: string | null
  isValid: boolean
  invalidatedAt: number | null
  /** The organiser's own note: given only on the organiser's screens, never on public ones. */
  invalidationReason?: string | null
  /** What the position wins ('' or absent: no prize named). */
  prize?: string
  /** The place is held by an alternate called to it, not by the one drawn for it. */
  promoted?: boolean
}

interface WinnerEntryProps {
  winner: WinnerEntryData
  /** Buttons for this winner (the organiser's invalidate and redraw). */
  actions?: ReactNode
  /** Id of the winner's details, so the action buttons can point at whom they act on. */
  detailsId?: string
}

/** One winner as a list item: place, ticket, name and, once invalidated, why and when. */
export function WinnerEntry({ winner, actions, detailsId }: WinnerEntryProps) {
  const { position, ticketNumber, name, email, phone, isValid, invalidatedAt, invalidationReason, prize, promoted } = winner
  return (
    <li className={cn('rounded-xl border p-3 sm:p-4', isValid ? 'border-slate-200 bg-white' : 'border-red-200 bg-red-50/50')}>
      <div className="flex flex-wrap items-start gap-3">
        <div id={detailsId} className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge tone={isValid ? 'brand' : 'neutral'}>{`${position}º Lugar`}</Badge>
            {promoted && <Badge tone="success">{PROMOTED_TEXT}</Badge>}
            {!isValid && <Badge tone="danger">Invalidado</Badge>}
            {ticketNumber !== null && (
              <span className="inline-flex items-center gap-1 font-mono text-xs text-slate-600">
                <TicketIcon className="size-3.5" />
                {`Bilhete ${ticketNumber}`}
              </span>
            )}
          </div>
          {prize && (
            <p dir="auto" className="mt-1.5 text-sm font-medium wrap-anywhere text-amber-800">
              {`Prêmio: ${prize}`}
            </p>
          )}
          <p dir="auto" className={cn('mt-1.5 font-semibold wrap-anywhere', isValid ? 'text-slate-900' : 'text-slate-600')}>
            {name}
          </p>
          {email && <p className="text-sm break-all text-slate-500">{email}</p>}
          {phone && <p className="text-sm text-slate-500 tabular-nums">{formatPhone(phone)}</p>}
          {!isValid && (
            <div className="mt-1.5 space-y-0.5 text-sm text-slate-600">
              {invalidationReason && <p className="wrap-anywhere">{`Motivo: ${invalidationReason}`}</p>}
              {invalidatedAt !== null && <p>{`Invalidado em ${formatDateTime(invalidatedAt)}`}</p>}
            </div>
          )}
        </div>
        {actions && <div className="flex max-w-full shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
    </li>
  )
}
