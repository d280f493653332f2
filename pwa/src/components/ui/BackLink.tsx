import { Link } from 'react-router-dom'
import { ArrowLeftIcon } from '@/components/ui/icons'

interface BackLinkProps {
  to: string
  children: string
}

export function BackLink({ to, children }: BackLinkProps) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded-lg px-1 py-1 text-sm print:hidden font-medium text-slate-600 hover:text-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-800"
    >
      <ArrowLeftIcon className="size-4" />
      {children}
    </Link>
  )
}
