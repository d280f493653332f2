import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AppToaster } from '@/app/AppToaster'
import { SyncContext, type SyncValue } from '@/sync/sync-context'
import { UpdatePrompt } from '@/app/UpdatePrompt'

const sw = vi.hoisted(() => ({
  needRefresh: false,
  offlineReady: false,
  updateServiceWorker: vi.fn(async () => {}),
}))

vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    needRefresh: [sw.needRefresh, () => {}],
    offlineReady: [sw.offlineReady, () => {}],
    updateServiceWorker: sw.updateServiceWorker,
  }),
}))

describe('UpdatePrompt', () => {
  beforeEach(() => {
    sw.needRefresh = false
    sw.offlineReady = false
    sw.updateServiceWorker.mockClear()
  })

  it('says nothing while the running version is current', () => {
    render(
      <>
        <AppToaster />
        <UpdatePrompt />
      </>,
    )
    expect(screen.queryByText('Nova versão disponível')).not.toBeInTheDocument()
    expect(sw.updateServiceWorker).not.toHaveBeenCalled()
  })

  it('offers the new version and updates only when asked', async () => {
    sw.needRefresh = true
    render(
      <>
        <AppToaster />
        <UpdatePrompt />
      </>,
    )
    expect(await screen.findByText('Nova versão disponível')).toBeInTheDocument()
    expect(sw.updateServiceWorker).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }))
    expect(sw.updateServiceWorker).toHaveBeenCalledWith(true)
  })

  function renderWithSync(flush: SyncValue['flush']) {
    render(
      <SyncContext.Provider value={{ engine: null, flush }}>
        <AppToaster />
        <UpdatePrompt />
      </SyncContext.Provider>,
    )
  }

  it('sends pending changes first, then updates', async () => {
    sw.needRefresh = true
    const flush = vi.fn(async () => 0)
    renderWithSync(flush)
    await userEvent.click(await screen.findByRole('button', { name: 'Atualizar' }))
    await vi.waitFor(() => expect(sw.updateServiceWorker).toHaveBeenCalledWith(true))
    expect(flush).toHaveBeenCalledTimes(1)
  })

  it('does not update while changes still wait, and says why; a later try can update', async () => {
    sw.needRefresh = true
    const flush = vi.fn(async () => 2)
    renderWithSync(flush)
    await userEvent.click(await screen.findByRole('button', { name: 'Atualizar' }))
    expect(await screen.findByText('Há alterações pendentes: conecte-se para enviá-las antes de atualizar.')).toBeInTheDocument()
    expect(sw.updateServiceWorker).not.toHaveBeenCalled()
    flush.mockResolvedValue(0)
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }))
    await vi.waitFor(() => expect(sw.updateServiceWorker).toHaveBeenCalledWith(true))
  })
})
