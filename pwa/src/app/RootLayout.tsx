import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom'

/** Wraps every screen; the root route's error and loading screens live beside it in routes.tsx. */
export function RootLayout() {
  const navigation = useNavigation()
  return (
    <>
      {/* While the next screen's code loads, the current one stays up with a thin bar on top. */}
      {navigation.state === 'loading' && (
        <div
          role="progressbar"
          aria-label="Carregando página"
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600"
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  )
}
