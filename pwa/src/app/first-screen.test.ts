import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterScreen, whenInitialized, type RouterLike } from '@/app/first-screen'

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

function frames() {
  const queue: FrameRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => queue.push(cb))
  vi.stubGlobal('cancelAnimationFrame', () => {})
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
  return () => queue.splice(0).forEach((cb) => cb(0))
}

async function settle() {
  await Promise.resolve()
  await Promise.resolve()
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

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

describe('afterScreen', () => {
  it('runs once the screen is in and the frame after it painted, not before', async () => {
    vi.useFakeTimers()
    const nextFrame = frames()
    let ready!: () => void
    const fn = vi.fn()
    afterScreen(new Promise<void>((resolve) => (ready = resolve)), fn)
    nextFrame()
    nextFrame()
    vi.advanceTimersByTime(1000)
    expect(fn).not.toHaveBeenCalled()
    ready()
    await settle()
    nextFrame()
    nextFrame()
    vi.advanceTimersByTime(0)
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('a first screen that failed to load still lets the work start', async () => {
    vi.useFakeTimers()
    const nextFrame = frames()
    const fn = vi.fn()
    afterScreen(Promise.reject(new Error('chunk')), fn)
    await settle()
    nextFrame()
    nextFrame()
    vi.advanceTimersByTime(0)
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('cancelled before or after the screen is in: never runs', async () => {
    vi.useFakeTimers()
    const nextFrame = frames()
    const early = vi.fn()
    const late = vi.fn()
    afterScreen(Promise.resolve(), early)()
    const cancelLate = afterScreen(Promise.resolve(), late)
    await settle()
    nextFrame()
    cancelLate()
    nextFrame()
    vi.advanceTimersByTime(0)
    expect(early).not.toHaveBeenCalled()
    expect(late).not.toHaveBeenCalled()
  })
})
