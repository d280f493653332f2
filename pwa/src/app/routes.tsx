import type { ComponentType } from 'react'
import { Navigate, type RouteObject } from 'react-router-dom'
import { GuestOnly, RequireAuth } from '@/app/guards'
import { RootLayout } from '@/app/RootLayout'
import { RouteError } from '@/app/RouteError'
import { PageSpinner } from '@/components/ui/Spinner'
import { LandingPage } from '@/features/landing/LandingPage'

// Every screen but the landing page is its own chunk, fetched when first visited (and precached by
// the service worker, so it also opens offline).
function screen(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default })
}

/** The route table. app/router.ts passes it to createBrowserRouter; tests to createMemoryRouter. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first screen's code loads.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, element: <LandingPage /> },
      // The page's file by its name (an old bookmark, a launcher): the home screen, not the 404 one.
      { path: 'index.html', element: <Navigate to="/" replace /> },
      { path: 'sorteio-publico', lazy: screen(() => import('@/features/quick-draw/QuickDrawPage')) },
      { path: 'sorteio', lazy: screen(() => import('@/features/public-raffle/CodeEntryPage')) },
      { path: 'sorteio/:code', lazy: screen(() => import('@/features/public-raffle/PublicRafflePage')) },
      { path: 'sorteio/:code/telao', lazy: screen(() => import('@/features/public-raffle/BigScreenPage')) },
      { path: 'sorteio/:code/verificar', lazy: screen(() => import('@/features/verify-draw/VerifyDrawPage')) },
      { path: 'sorteio/:code/ata', lazy: screen(() => import('@/features/verify-draw/AtaPage')) },
      // Opened from e-mails, signed in or not; online-only account actions.
      { path: 'esqueci-senha', lazy: screen(() => import('@/features/auth/ForgotPasswordPage')) },
      { path: 'redefinir-senha', lazy: screen(() => import('@/features/auth/ResetPasswordPage')) },
      { path: 'confirmar-email', lazy: screen(() => import('@/features/auth/ConfirmEmailPage')) },
      { path: 'confirmar-novo-email', lazy: screen(() => import('@/features/auth/ConfirmEmailPage')) },
      {
        element: <GuestOnly />,
        children: [{ path: 'auth', lazy: screen(() => import('@/features/auth/AuthPage')) }],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: 'dashboard', lazy: screen(() => import('@/features/dashboard/DashboardPage')) },
          { path: 'criar-sorteio', lazy: screen(() => import('@/features/create-raffle/CreateRafflePage')) },
          { path: 'gerenciar/:id', lazy: screen(() => import('@/features/manage-raffle/ManageRafflePage')) },
          { path: 'gerenciar/:id/ata', lazy: screen(() => import('@/features/manage-raffle/AtaPage')) },
          { path: 'conta', lazy: screen(() => import('@/features/account/AccountPage')) },
        ],
      },
      { path: '*', lazy: screen(() => import('@/features/not-found/NotFoundPage')) },
    ],
  },
]
