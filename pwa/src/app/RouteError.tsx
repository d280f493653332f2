import { useEffect } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-styles'

function describe(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`
  if (error instanceof Error) return error.message
  return null
}

/** The generic router error screen (spec: 'Unexpected Application Error!'). */
export function RouteError() {
  const error = useRouteError()
  useEffect(() => {
    console.error('Unexpected Application Error:', error)
  }, [error])
  const detail = describe(error)

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
      {detail && <p className="max-w-md text-sm wrap-anywhere text-slate-600">{detail}</p>}
      <div className="flex flex-wrap justify-center gap-3">
        {/* A full reload also fetches screens that failed to load (offline, or a new version). */}
        <Button onClick={() => window.location.reload()}>Recarregar</Button>
        {/* A plain link: the router itself may be what broke. */}
        <a href="/" className={buttonClasses('outline')}>
          Voltar para início
        </a>
      </div>
    </main>
  )
}
