import { gapLabel } from '@/protocol/prizes'

/** A place left without a winner by an invalidation, in a list of winners: its place, never why. */
export function WinnerGapEntry({ position, prize = '' }: { position: number; prize?: string }) {
  return <li className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-3 text-sm font-medium text-slate-600 wrap-anywhere sm:p-4">{gapLabel(position, prize)}</li>
}
