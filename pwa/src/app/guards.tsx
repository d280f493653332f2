import { Navigate, Outlet } from 'react-router-dom'
import { PageSpinner } from '@/components/ui/Spinner'
import { useSession } from '@/sync/session-context'
import { SyncStatus } from '@/app/sync/SyncStatus'

/**
 * Organiser screens: wait for the session, then show them or send the visitor to /auth.
 * After 'Sair' the destination is the landing page instead (spec: 'Sair' goes to /).
 * They all show the sync bar: their data lives on this device first.
 */
export function RequireAuth() {
  const { state } = useSession()
  if (state.status === 'loading') return <PageSpinner label="Verificando sua sessão..." />
  if (state.status === 'signedOut') return <Navigate to={state.signedOutByUser ? '/' : '/auth'} replace />
  return (
    <>
      <Outlet />
      <SyncStatus />
    </>
  )
}

/** /auth: anyone already signed in (now, or as soon as it happens) goes to the dashboard. */
export function GuestOnly() {
  const { state } = useSession()
  if (state.status === 'loading') return <PageSpinner label="Verificando sua sessão..." />
  if (state.status === 'signedIn') return <Navigate to="/dashboard" replace />
  return <Outlet />
}
