import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

interface PageContainerProps {
  children: ReactNode
  className?: string
  /** Narrow column for forms, wide for lists. */
  width?: 'narrow' | 'wide'
}

/** The page frame every screen shares: centred column, safe-area aware padding. */
export function PageContainer({ children, className, width = 'narrow' }: PageContainerProps) {
  return (
    <main className={cn('mx-auto w-full px-4 pt-4 pb-[max(2rem,env(safe-area-inset-bottom))] sm:px-6 sm:pt-8', width === 'narrow' ? 'max-w-xl' : 'max-w-5xl', className)}>
      {children}
    </main>
  )
}
