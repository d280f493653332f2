import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useWakeLock } from '@/features/public-raffle/useWakeLock'

// jsdom has no Screen Wake Lock API: each test gives navigator one whose requests it settles by
// hand, and sets the page's visibility itself, as the browser does when the tab is hidden.

interface Sentinel {
  released: boolean
  release: ReturnType<typeof vi.fn>
}

function sentinel(): Sentinel {
  const lock: Sentinel = {
    released: false,
    release: vi.fn(() => {
      lock.released = true
      return Promise.resolve()
    }),
  }
  return lock
}

/** A wakeLock whose every request grants a new sentinel, or is refused when `refuse` is set. */
function stubWakeLock({ refuse = false } = {}) {
  const granted: Sentinel[] = []
  const request = vi.fn<(type: 'screen') => Promise<Sentinel>>(() => {
    if (refuse) return Promise.reject(new DOMException('Battery saver', 'NotAllowedError'))
    const lock = sentinel()
    granted.push(lock)
    return Promise.resolve(lock)
  })
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true })
  return { request, granted }
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

/** Lets the request's promise settle inside React's act. */
const settle = () => act(() => Promise.resolve())

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock')
  Reflect.deleteProperty(document, 'visibilityState')
})

describe('useWakeLock', () => {
  it('asks for the screen lock on mount', async () => {
    const { request } = stubWakeLock()
    renderHook(() => useWakeLock())
    await settle()
    expect(request).toHaveBeenCalledOnce()
    expect(request).toHaveBeenCalledWith('screen')
  })

  it('asks again when the page is visible after the browser released the lock', async () => {
    const { request, granted } = stubWakeLock()
    renderHook(() => useWakeLock())
    await settle()
    // Still held: becoming visible again asks for nothing.
    setVisibility('visible')
    await settle()
    expect(request).toHaveBeenCalledOnce()
    // The tab is hidden: the browser releases the lock, and a hidden page may not ask.
    granted[0]!.released = true
    setVisibility('hidden')
    await settle()
    expect(request).toHaveBeenCalledOnce()
    setVisibility('visible')
    await settle()
    expect(request).toHaveBeenCalledTimes(2)
  })

  it('releases the lock on unmount, and one granted after it at once', async () => {
    const { granted } = stubWakeLock()
    const { unmount } = renderHook(() => useWakeLock())
    await settle()
    unmount()
    expect(granted[0]!.release).toHaveBeenCalledOnce()
    // The page closed while a request was pending: the late lock is not kept.
    const late = renderHook(() => useWakeLock())
    late.unmount()
    await settle()
    expect(granted[1]!.release).toHaveBeenCalledOnce()
  })

  it('stops asking after unmount', async () => {
    const { request } = stubWakeLock()
    const { unmount } = renderHook(() => useWakeLock())
    await settle()
    unmount()
    setVisibility('hidden')
    setVisibility('visible')
    await settle()
    expect(request).toHaveBeenCalledOnce()
  })

  it('does nothing, and throws nothing, where the API is absent or refuses', async () => {
    expect('wakeLock' in navigator).toBe(false)
    const absent = renderHook(() => useWakeLock())
    setVisibility('visible')
    absent.unmount()
    const { request } = stubWakeLock({ refuse: true })
    const refused = renderHook(() => useWakeLock())
    await settle()
    expect(request).toHaveBeenCalledOnce()
    refused.unmount()
  })
})
