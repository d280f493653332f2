import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { ButtonLink } from '@/components/ui/ButtonLink'

/**
 * Any unknown path. The path is logged so broken links show up in the console. The spec's English
 * words stay, marked as English for screen readers, with the Portuguese beside them.
 */
export default function NotFoundPage() {
  const location = useLocation()
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname)
  }, [location.pathname])

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <h1 className="text-6xl font-extrabold text-brand-700">404</h1>
      <p className="mt-3 text-xl text-slate-700">
        <span lang="en">Oops! Page not found</span>
        <span className="mt-1 block text-base text-slate-600">Página não encontrada</span>
      </p>
      <ButtonLink to="/" className="mt-6">
        <span lang="en">Return to Home</span>
        <span aria-hidden="true">·</span>
        <span>Voltar ao início</span>
      </ButtonLink>
    </main>
  )
}
