import { RouterProvider } from 'react-router-dom'
import { AfterStartup } from '@/app/AfterStartup'
import { AppToaster } from '@/app/AppToaster'
import { router } from '@/app/router'
import { DrawFinisher } from '@/app/sync/DrawFinisher'
import { SessionProvider } from '@/app/session/SessionProvider'
import { SyncProvider } from '@/app/sync/SyncProvider'
import { UpdatePrompt } from '@/app/UpdatePrompt'

const openRefused = () => void router.navigate('/dashboard#nao-enviados')

export function App() {
  return (
    <SessionProvider>
      <SyncProvider openRefused={openRefused}>
        <RouterProvider router={router} />
        {/* Outside the router: a screen that throws must not stop a round's reveal. */}
        <DrawFinisher />
        <AppToaster />
        <AfterStartup>
          <UpdatePrompt />
        </AfterStartup>
      </SyncProvider>
    </SessionProvider>
  )
}
