import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { AppToaster } from '@/app/AppToaster'
import { routes } from '@/app/routes'
import { DrawFinisher } from '@/app/sync/DrawFinisher'
import { SessionProvider } from '@/app/session/SessionProvider'
import { SyncProvider } from '@/app/sync/SyncProvider'
import { UpdatePrompt } from '@/app/UpdatePrompt'

const router = createBrowserRouter(routes)

export function App() {
  return (
    <SessionProvider>
      <SyncProvider>
        <RouterProvider router={router} />
        {/* Outside the router: a screen that throws must not stop a round's reveal. */}
        <DrawFinisher />
        <AppToaster />
        <UpdatePrompt />
      </SyncProvider>
    </SessionProvider>
  )
}
