import { cn } from '@/lib/cn'

/** A grey placeholder block shown where content is still loading; pair with a role=status text. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-slate-200', className)} />
}
