import { gapLabel } from '@/protocol/prizes'

/**
 * A place left without a winner by an invalidation, in a list of winners: its place, never why, and
 * whether an alternate may still take it.
 */
export function WinnerGapEntry({ position, prize = '', alternateLeft }: { position: number; prize?: string | undefined; alternateLeft: boolean }) {
  return (
    <li className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-3 text-sm font-medium text-slate-600 wrap-anywhere sm:p-4">
      {gapLabel(position, prize, alternateLeft)}
    </li>
  )
}
