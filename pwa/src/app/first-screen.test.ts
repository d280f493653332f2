import { describe, expect, it, vi } from 'vitest'
import { whenInitialized, type RouterLike } from '@/app/first-screen'

function fakeRouter(initialized: boolean) {
  const listeners = new Set<(state: { initialized: boolean }) => void>()
  const router: RouterLike & { set(initialized: boolean): void; listeners: typeof listeners } = {
    state: { initialized },
    subscribe(fn) {
      listeners.add(fn)
      return () => listeners.delete(fn)
    },
    set(value) {
      router.state = { initialized: value }
      for (const fn of [...listeners]) fn(router.state)
    },
    listeners,
  }
  return router
}

async function settle() {
  await Promise.resolve()
  await Promise.resolve()
}

describe('whenInitialized', () => {
  it('resolves at once for a router that has its first screen', async () => {
    await expect(whenInitialized(fakeRouter(true))).resolves.toBeUndefined()
  })

  it('waits for the router to load the first screen, then stops listening', async () => {
    const router = fakeRouter(false)
    const done = vi.fn()
    void whenInitialized(router).then(done)
    router.set(false)
    await settle()
    expect(done).not.toHaveBeenCalled()
    router.set(true)
    await settle()
    expect(done).toHaveBeenCalledTimes(1)
    expect(router.listeners.size).toBe(0)
  })
})
