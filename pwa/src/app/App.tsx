import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { AppToaster } from '@/app/AppToaster'
import { routes } from '@/app/routes'
import { SessionProvider } from '@/app/session/SessionProvider'
import { UpdatePrompt } from '@/app/UpdatePrompt'

const router = createBrowserRouter(routes)

export function App() {
  return (
    <SessionProvider>
      <RouterProvider router={router} />
      <AppToaster />
      <UpdatePrompt />
    </SessionProvider>
  )
}
