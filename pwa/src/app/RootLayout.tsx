import { useEffect, useRef } from 'react'
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom'
import { focusHeadingAfterNavigation } from '@/app/heading-focus'

/** After each navigation to another path (not on the first load), focus goes to the new heading. */
function useHeadingFocus() {
  const { pathname } = useLocation()
  const first = useRef(pathname)
  useEffect(() => {
    if (first.current === pathname) return
    first.current = ''
    return focusHeadingAfterNavigation()
  }, [pathname])
}

/** Wraps every screen; the root route's error and loading screens live beside it in routes.tsx. */
export function RootLayout() {
  const navigation = useNavigation()
  useHeadingFocus()
  return (
    <>
      {/* While the next screen's code loads, the current one stays up with a thin bar on top. */}
      {navigation.state === 'loading' && <div role="progressbar" aria-label="Carregando página" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600" />}
      <Outlet />
      <ScrollRestoration />
    </>
  )
}
