import { cn } from '@/lib/cn'

interface SpinnerProps {
  className?: string
}

/** A decorative spinning ring; pair it with visible or screen-reader text. */
export function Spinner({ className }: SpinnerProps) {
  return (
    <svg className={cn('size-5 animate-spin', className)} viewBox="0 0 24 24" fill="none" aria-hidden="true" data-testid="spinner">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}

interface PageSpinnerProps {
  label?: string
}

/** Full-height loading state for screens waiting on code or the session. */
export function PageSpinner({ label = 'Carregando...' }: PageSpinnerProps) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh flex-col items-center justify-center gap-3">
      <Spinner className="size-8 text-brand-700" />
      <span className="text-sm text-slate-600">{label}</span>
    </div>
  )
}
