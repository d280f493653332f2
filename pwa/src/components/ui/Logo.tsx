import { cn } from '@/lib/cn'

interface LogoProps {
  className?: string
}

/** The app mark (the same drawing as the icons in public/) followed by the name. */
export function Logo({ className }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold text-slate-900', className)}>
      <svg viewBox="0 0 100 100" className="size-8 shrink-0" aria-hidden="true">
        <rect width="100" height="100" rx="22" fill="#6d28d9" />
        <g transform="rotate(-12 50 50)">
          <path d="M24 29h52a6 6 0 0 1 6 6v7.5a7.5 7.5 0 0 0 0 15V65a6 6 0 0 1-6 6H24a6 6 0 0 1-6-6v-7.5a7.5 7.5 0 0 0 0-15V35a6 6 0 0 1 6-6Z" fill="#fff" />
          <polygon points="57,37 60.23,45.55 69.36,45.98 62.23,51.7 64.64,60.52 57,55.5 49.36,60.52 51.77,51.7 44.64,45.98 53.77,45.55" fill="#6d28d9" />
        </g>
      </svg>
      <span className="text-lg tracking-tight">Sorteio</span>
    </span>
  )
}
