import { memo, useEffect, useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import { CheckIcon, ChevronDownIcon, CopyIcon } from '@/components/ui/action-icons'
import { Badge } from '@/components/ui/Badge'
import { copyText } from '@/components/ui/copy-text'
import { PlusIcon, TicketIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/Spinner'
import { cn } from '@/lib/cn'
import { formatPhone } from '@/protocol/phone'
import { formatRange, sortedTicketNumbers, type ParticipantGroup } from '@/features/manage-raffle/participants/participants-logic'
import { RemoveGroupButton } from '@/features/manage-raffle/participants/RemoveGroupButton'
import { shortId, ticketsLabel } from '@/features/manage-raffle/participants/participants-text'

/** How long the copy button says 'Copiado!' before showing the id again (spec §9). */
export const COPIED_FEEDBACK_MS = 2000

const smallButton =
  'inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800'

function CopyIdButton({ id, name }: { id: string; name: string }) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  async function onCopy() {
    try {
      await copyText(id)
    } catch {
      toast.error('Não foi possível copiar o ID', { description: id })
      return
    }
    toast.success('ID copiado!')
    setCopied(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS)
  }

  return (
    <button type="button" onClick={onCopy} title="Copiar ID completo" aria-label={`Copiar ID ${shortId(id)} de ${name}`} className={cn(smallButton, 'font-mono')}>
      {copied ? <CheckIcon className="size-3.5 text-emerald-600" /> : <CopyIcon className="size-3.5" />}
      {copied ? 'Copiado!' : shortId(id)}
    </button>
  )
}

/** Said of a number this device chose and has not sent: the server may give another. */
export const PROVISIONAL_HINT = 'Número escolhido por este aparelho, ainda não enviado: o servidor pode trocá-lo se outro aparelho já o usou.'

function TicketList({ group, id, provisional }: { group: ParticipantGroup; id: string; provisional: ReadonlySet<string> | undefined }) {
  const numbers = sortedTicketNumbers(group)
  const unnumbered = group.ticketCount - numbers.length
  return (
    <div id={id} className="mt-2 rounded-xl bg-slate-50 p-2">
      <ul aria-label={`Bilhetes de ${group.name}`} className="flex max-h-48 flex-wrap gap-1.5 overflow-y-auto">
        {numbers.map((number, index) => (
          <li key={index} className="rounded-md bg-white px-2 py-0.5 font-mono text-xs text-slate-700 ring-1 ring-slate-200">
            {number}
            {provisional?.has(number) && <span className="font-sans text-amber-800"> provisório</span>}
          </li>
        ))}
      </ul>
      {unnumbered > 0 && <p className="mt-1.5 text-xs text-slate-500">+ {ticketsLabel(unnumbered)} sem número</p>}
    </div>
  )
}

interface ParticipantGroupItemProps {
  group: ParticipantGroup
  /** Ticket raffles always show the ticket badge; simple ones when a person holds several entries. */
  showTickets: boolean
  canDelete: boolean
  onRemove: (group: ParticipantGroup) => Promise<unknown>
  /** Ticket raffles while pending: one more ticket for this person, in their group. */
  onAddTicket?: ((group: ParticipantGroup) => Promise<void>) | undefined
  /** This person's numbers that the device chose and has not sent yet. */
  provisional?: ReadonlySet<string> | undefined
}

/** One more ticket for a person already listed, instead of listing them again as someone else. */
function AddTicketButton({ group, onAddTicket }: { group: ParticipantGroup; onAddTicket: (group: ParticipantGroup) => Promise<void> }) {
  const [adding, setAdding] = useState(false)
  async function add() {
    setAdding(true)
    try {
      await onAddTicket(group)
    } finally {
      setAdding(false)
    }
  }
  return (
    <button type="button" onClick={add} disabled={adding} aria-label={`Adicionar bilhete para ${group.name}`} className={cn(smallButton, 'disabled:opacity-55')}>
      {adding ? <Spinner className="size-3.5" /> : <PlusIcon className="size-3.5" />}
      Adicionar bilhete
    </button>
  )
}

/**
 * One person: name, e-mail, badges, the copy-ID button and, while pending, the remove button (and,
 * in ticket raffles, 'Adicionar bilhete').
 */
export const ParticipantGroupItem = memo(function ParticipantGroupItem({ group, showTickets, canDelete, onRemove, onAddTicket, provisional }: ParticipantGroupItemProps) {
  const [expanded, setExpanded] = useState(false)
  const ticketsId = useId()
  const range = formatRange(group.range)
  const canExpand = group.ticketCount > 1 && group.ticketNumbers.length > 0

  return (
    <li className="flex items-start gap-2 px-3 py-3 [contain-intrinsic-size:auto_12rem] [content-visibility:auto] sm:px-4 sm:[contain-intrinsic-size:auto_6rem]">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span dir="auto" className="font-medium wrap-anywhere text-slate-900">
            {group.name}
          </span>
          {group.duplicate && <Badge tone="warning">Duplicado</Badge>}
        </div>
        {group.email && <p className="text-sm break-all text-slate-500">{group.email}</p>}
        {group.phone && <p className="text-sm text-slate-500 tabular-nums">{formatPhone(group.phone)}</p>}
        <div className="mt-1.5 flex flex-wrap items-center gap-x-1 gap-y-1">
          {(showTickets || group.ticketCount > 1) && (
            <Badge tone="brand" className="mr-1">
              <TicketIcon className="size-3.5" />
              {ticketsLabel(group.ticketCount)}
              {range && <span className="font-mono font-medium">· {range}</span>}
            </Badge>
          )}
          {provisional && provisional.size > 0 && (
            <span title={PROVISIONAL_HINT}>
              <Badge tone="warning" className="mr-1">
                {provisional.size === group.ticketNumbers.length ? 'provisório' : `${provisional.size} provisório${provisional.size > 1 ? 's' : ''}`}
              </Badge>
            </span>
          )}
          <CopyIdButton id={group.id} name={group.name} />
          {onAddTicket && <AddTicketButton group={group} onAddTicket={onAddTicket} />}
          {canExpand && (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={ticketsId}
              aria-label={`${expanded ? 'Ocultar bilhetes' : 'Ver todos os bilhetes'} de ${group.name}`}
              onClick={() => setExpanded((v) => !v)}
              className={smallButton}
            >
              {expanded ? 'Ocultar bilhetes' : 'Ver todos os bilhetes'}
              <ChevronDownIcon className={cn('size-3.5 transition-transform', expanded && 'rotate-180')} />
            </button>
          )}
        </div>
        {expanded && <TicketList group={group} id={ticketsId} provisional={provisional} />}
      </div>
      {canDelete && <RemoveGroupButton group={group} showTickets={showTickets} onRemove={onRemove} />}
    </li>
  )
})
