import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom'
import { vi } from 'vitest'
import { AppToaster } from '@/app/AppToaster'
import { routes } from '@/app/routes'
import type { SessionState } from '@/sync/session-context'
import { SessionProvider } from '@/app/session/SessionProvider'
import { DrawFinisher } from '@/app/sync/DrawFinisher'
import type { AuthApi, User } from '@/lib/auth-api'

export const testUser: User = { id: '0190d3c4-0000-7000-8000-000000000001', email: 'ana@exemplo.com' }

/** A fake server: every call is a spy; by default nobody is signed in. */
export function fakeAuthApi(overrides: Partial<AuthApi> = {}): AuthApi {
  return {
    session: vi.fn(async () => null),
    signIn: vi.fn(async () => testUser),
    signUp: vi.fn(async () => testUser),
    signOut: vi.fn(async () => undefined),
    ...overrides,
  }
}

interface RenderAppOptions {
  api?: AuthApi
  session?: SessionState
  routeTable?: RouteObject[]
}

/** Renders the real route table at `path` (or other routes), with an injected session instead of the network. */
export function renderApp(path: string, { api = fakeAuthApi(), session, routeTable = routes }: RenderAppOptions = {}) {
  const router = createMemoryRouter(routeTable, { initialEntries: [path] })
  const result = render(
    <SessionProvider api={api} initialState={session}>
      <RouterProvider router={router} />
      <DrawFinisher />
      <AppToaster />
    </SessionProvider>,
  )
  return { ...result, router, api }
}

export const signedIn: SessionState = { status: 'signedIn', user: testUser }
export const signedOut: SessionState = { status: 'signedOut' }
export const loading: SessionState = { status: 'loading' }
