// The 'Ata do sorteio': the formal record of a raffle's draw, to print, sign and post. One pure
// function turns what a device knows (the organiser's tables, or the public state and audit record)
// into the ata's content; the printable page and the PDF only lay it out, so both say the same.
// Prizes per position, alternates and their promotions are optional slots: filled once the raffle
// carries them, absent (and not printed) before.
import { ataFederal, FEDERAL_ROUND_MODE, type AtaFederal, type AtaFederalInput } from '@/protocol/ata-federal'
import { formatDateTimeSeconds } from '@/lib/dates'
import { RAFFLE_TYPE_LABEL } from '@/lib/raffle-text'
import { clockWarning, DEVICE_CLOCK, type DeviceTimes } from '@/protocol/device-time'
import { maskEmail } from '@/protocol/mask-email'

export const BRASILIA = 'America/Sao_Paulo'

export interface AtaRoundInput {
  id: string
  /** The round's number in the raffle (abandoned rounds count); its order when absent. */
  round?: number | null
  kind: 'draw' | 'redraw'
  positions: number[]
  online: boolean
  startedAt: number
  completedAt: number
  poolSize: number
  poolDigest: string
  clientCommitment: string
  clientSeed: string | null
  serverCommitment: string | null
  serverSeed: string | null
  /** Decided by the Loteria Federal: no seeds (protocol/ata-federal.ts). */
  federal?: boolean
  /** When a correction replaced this Loteria Federal result (it stays in the ata, marked). */
  replacedAt?: number | null
  /** An offline round's start and result on its device's clock (schema version 7); null when not sent. */
  device?: DeviceTimes | null
}

export interface AtaWinnerInput {
  position: number
  /** The round that drew it (an alternate promoted into the place has its own round's id). */
  roundId: string
  name: string
  ticketNumber: string | null
  /** Whole or masked: the ata masks it again (masking is idempotent). */
  email: string | null
  valid: boolean
  invalidatedAt: number | null
  /** Set when the winner took the place as an alternate (a promotion), not drawn for it. */
  promotedAt?: number | null
}

/** An alternate (suplente), in the order drawn; `usedFor` once promoted into a position, at `usedAt`. */
export interface AtaAlternateInput {
  rank: number
  name: string
  ticketNumber: string | null
  email: string | null
  usedFor?: number | null
  usedAt?: number | null
}

export interface AtaInput {
  raffle: { code: string; title: string; description: string; type: 'simple' | 'tickets'; status: 'pending' | 'in_progress' | 'completed' }
  /** The organiser's account e-mail: known to the organiser's device only (the public record leaves it out). */
  organiserEmail?: string | null
  counts: { people: number; tickets: number }
  algorithm: string
  /** Completed rounds, any order. */
  rounds: AtaRoundInput[]
  /** A round is counting down or waiting for its reveal. */
  roundOpen: boolean
  /** Every winner, valid or not. */
  winners: AtaWinnerInput[]
  winnersCount: number
  verifyUrl: string
  /** Slot: the prize of each position (index 0 is the 1st place). */
  prizes?: ReadonlyArray<string | null | undefined>
  /** Slot: the alternates drawn with the winners. */
  alternates?: AtaAlternateInput[]
  /** A Loteria Federal draw's extraction, rule and prizes (protocol/ata-federal.ts). */
  federal?: AtaFederalInput
}

/** A moment in both time zones the ata states: Brasília's and UTC. */
export interface AtaTime {
  brasilia: string
  utc: string
}

export interface AtaRound {
  number: number
  title: string
  mode: string
  /** The device's clock for an offline round that sent its times (`onDevice`), else the server's. */
  started: AtaTime
  completed: AtaTime
  onDevice: boolean
  /** An offline round's result as the server received it, beside the device's times; null online. */
  received: AtaTime | null
  /** The device's clock was off by more than 2 minutes at its last sync; null otherwise. */
  clockNote: string | null
  poolSize: number
  poolDigest: string
  clientCommitment: string
  clientSeed: string
  serverCommitment: string
  serverSeed: string
}

export interface AtaHolder {
  name: string
  ticketNumber: string | null
  email: string | null
  /** How the holder got the place: drawn in round N, or promoted from the alternates. */
  origin: string
  valid: boolean
  /** When it was invalidated (never why); null while valid or when the time is unknown. */
  invalidated: AtaTime | null
  /** How the place was filled again after this holder, or that it is still vacant. */
  then: string | null
}

export interface AtaPosition {
  position: number
  label: string
  prize: string | null
  /** Holders in order; the last valid one holds the place now. */
  holders: AtaHolder[]
}

export interface AtaAlternate {
  rank: number
  label: string
  name: string
  ticketNumber: string | null
  email: string | null
  usedFor: string | null
}

export type Ata =
  | { status: 'notDrawn' | 'inProgress'; code: string; title: string; message: string }
  | {
      status: 'drawn'
      code: string
      title: string
      description: string
      type: string
      organiserEmail: string | null
      people: number
      tickets: number
      algorithm: string
      drawnAt: AtaTime
      /** The first draw was made without a connection: said on page 1, under 'Realizado em'; null online. */
      offlineNote: string | null
      rounds: AtaRound[]
      positions: AtaPosition[]
      /** Null when the raffle has no alternates slot; [] when it asked for none. */
      alternates: AtaAlternate[] | null
      invalidations: number
      verifyUrl: string
      signatures: string[]
      /** The Loteria Federal's statement, or null for a seeded draw. */
      federal: AtaFederal | null
    }

export const SIGNATURES = ['Responsável', 'Testemunha']
export const IN_PROGRESS_TEXT = 'O sorteio está em andamento. A ata fica disponível quando o resultado for revelado.'
export const NOT_DRAWN_TEXT = 'Este sorteio ainda não foi realizado: a ata fica disponível depois do sorteio.'

export function ataTime(ms: number): AtaTime {
  return { brasilia: `${formatDateTimeSeconds(ms, BRASILIA)} (Brasília)`, utc: `${formatDateTimeSeconds(ms, 'UTC')} UTC` }
}

const positionLabel = (p: number) => `${p}º lugar`

function roundTitle(r: AtaRoundInput): string {
  if (r.kind === 'draw') return 'Sorteio'
  return `Re-sorteio do ${r.positions.map(positionLabel).join(', ')}`
}

/** The ata of a raffle; only a drawn raffle has one (a draw in progress says so). */
export function buildAta(input: AtaInput): Ata {
  const { raffle } = input
  const head = { code: raffle.code, title: raffle.title }
  if (input.roundOpen || raffle.status === 'in_progress') return { status: 'inProgress', ...head, message: IN_PROGRESS_TEXT }
  const rounds = [...input.rounds].sort((a, b) => (a.round ?? 0) - (b.round ?? 0) || a.startedAt - b.startedAt)
  if (raffle.status !== 'completed' || rounds.length === 0) return { status: 'notDrawn', ...head, message: NOT_DRAWN_TEXT }

  const numberOf = new Map(rounds.map((r, i) => [r.id, i + 1]))
  const roundOf = new Map(rounds.map((r) => [r.id, r]))
  const positions: AtaPosition[] = []
  for (let position = 1; position <= input.winnersCount; position++) {
    const held = input.winners.filter((w) => w.position === position).sort((a, b) => placedAt(a, roundOf) - placedAt(b, roundOf))
    const holders = held.map((w, i): AtaHolder => {
      const next = held[i + 1]
      return {
        name: w.name,
        ticketNumber: w.ticketNumber,
        email: w.email === null ? null : maskEmail(w.email),
        origin: w.promotedAt != null ? `Suplente chamado em ${ataTime(w.promotedAt).brasilia}` : `Sorteado na rodada ${numberOf.get(w.roundId) ?? '?'}`,
        valid: w.valid,
        invalidated: w.valid || w.invalidatedAt === null ? null : ataTime(w.invalidatedAt),
        then: w.valid ? null : next ? refill(next, numberOf) : 'Lugar vago: ainda não sorteado de novo.',
      }
    })
    positions.push({ position, label: positionLabel(position), prize: input.prizes?.[position - 1]?.trim() || null, holders })
  }

  const alternates =
    input.alternates === undefined
      ? null
      : [...input.alternates]
          .sort((a, b) => a.rank - b.rank)
          .map((a) => ({
            rank: a.rank,
            label: `${a.rank}º suplente`,
            name: a.name,
            ticketNumber: a.ticketNumber,
            email: a.email === null ? null : maskEmail(a.email),
            usedFor: a.usedFor ? calledFor(a.usedFor, a.usedAt) : null,
          }))

  const first = rounds.find((r) => r.kind === 'draw') ?? rounds[0]!
  return {
    status: 'drawn',
    ...head,
    description: raffle.description,
    type: RAFFLE_TYPE_LABEL[raffle.type],
    organiserEmail: input.organiserEmail ?? null,
    people: input.counts.people,
    tickets: input.counts.tickets,
    algorithm: input.algorithm,
    drawnAt: ataTime(first.device && !first.online ? first.device.completedAt : first.completedAt),
    offlineNote: offlineNote(first),
    rounds: rounds.map((r, i) => ({
      number: i + 1,
      title: roundTitle(r),
      mode: r.replacedAt
        ? `${FEDERAL_ROUND_MODE}; resultado substituído por uma correção em ${ataTime(r.replacedAt).brasilia}`
        : r.federal
          ? FEDERAL_ROUND_MODE
          : r.online
            ? 'Online (semente do organizador e do servidor)'
            : 'OFFLINE (só a semente do aparelho do organizador)',
      ...roundTimes(r),
      poolSize: r.poolSize,
      poolDigest: r.poolDigest,
      clientCommitment: r.clientCommitment,
      clientSeed: r.clientSeed ?? '—',
      serverCommitment: r.serverCommitment ?? '—',
      serverSeed: r.online ? (r.serverSeed ?? '—') : 'não usada (rodada offline)',
    })),
    positions,
    alternates,
    invalidations: input.winners.filter((w) => !w.valid).length,
    verifyUrl: input.verifyUrl,
    signatures: SIGNATURES,
    federal: ataFederal(input.federal),
  }
}

/** A round's times: the device's for an offline round that sent them, with the server's receipt beside. */
function roundTimes(r: AtaRoundInput): Pick<AtaRound, 'started' | 'completed' | 'onDevice' | 'received' | 'clockNote'> {
  const device = r.online || r.federal ? null : (r.device ?? null)
  return {
    started: ataTime(device?.startedAt ?? r.startedAt),
    completed: ataTime(device?.completedAt ?? r.completedAt),
    onDevice: device !== null,
    received: r.online || r.federal ? null : ataTime(r.completedAt),
    clockNote: clockWarning(device?.clockOffset),
  }
}

/** Page 1's word on a first draw made without a connection: whose clock 'Realizado em' is, and the receipt. */
function offlineNote(first: AtaRoundInput): string | null {
  if (first.online || first.federal) return null
  const received = ataTime(first.completedAt).brasilia
  if (!first.device)
    return `Sorteio feito sem conexão com a internet, no aparelho do organizador. O horário acima é o de quando o servidor recebeu o resultado (${received}); o aparelho não informou o seu.`
  const warning = clockWarning(first.device.clockOffset)
  return `Sorteio feito sem conexão com a internet, no aparelho do organizador: o horário acima é o do ${DEVICE_CLOCK}. O servidor recebeu o resultado em ${received}.${warning ? ` ${warning}` : ''}`
}

/** 'Chamado para o 2º lugar em 26/11/2026, 10:09:00 (Brasília)' (the time when known). */
function calledFor(position: number, at: number | null | undefined): string {
  const called = `Chamado para o ${positionLabel(position)}`
  return at == null ? called : `${called} em ${ataTime(at).brasilia}`
}

/** When a holder took the place: its promotion, or its round's end. */
function placedAt(w: AtaWinnerInput, rounds: Map<string, AtaRoundInput>): number {
  return w.promotedAt ?? rounds.get(w.roundId)?.completedAt ?? 0
}

function refill(next: AtaWinnerInput, numberOf: Map<string, number>): string {
  if (next.promotedAt != null) return `Lugar preenchido pelo suplente ${next.name}, chamado em ${ataTime(next.promotedAt).brasilia}.`
  return `Lugar preenchido por re-sorteio na rodada ${numberOf.get(next.roundId) ?? '?'}.`
}
