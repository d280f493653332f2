import { useEffect, useState } from 'react'
import { buttonClasses } from '@/components/ui/button-styles'
import { accountApi, OIDC_START_URL } from '@/lib/account-api'

/**
 * 'Entrar com {provedor}', only when the server has an identity provider configured. A plain link:
 * the sign-in leaves the app for the provider's pages and comes back through the server.
 */
export function ProviderSignIn({ loadConfig = accountApi.config }: { loadConfig?: typeof accountApi.config }) {
  const [name, setName] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    // Offline or an older server: no button, the password form still works.
    loadConfig()
      .then((config) => live && setName(config.oidc?.name ?? null))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [loadConfig])

  if (!name) return null
  return (
    <div className="mt-4">
      <div className="mb-4 flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        ou
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <a href={OIDC_START_URL} className={buttonClasses('outline', 'lg', 'w-full')}>
        Entrar com {name}
      </a>
    </div>
  )
}
