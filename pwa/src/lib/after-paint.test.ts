// @vitest-environment jsdom
// A page's frames and visibility: the one test of lib that needs a document.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterPaint } from '@/lib/after-paint'

function frames() {
  const queue: FrameRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => queue.push(cb))
  vi.stubGlobal('cancelAnimationFrame', () => {})
  return () => queue.splice(0).forEach((cb) => cb(0))
}

function visibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state)
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('afterPaint', () => {
  it('runs after the next frame has been painted: two frame callbacks, then a task', () => {
    vi.useFakeTimers()
    const nextFrame = frames()
    visibility('visible')
    const fn = vi.fn()
    afterPaint(fn)
    vi.advanceTimersByTime(1000)
    expect(fn).not.toHaveBeenCalled()
    nextFrame()
    vi.advanceTimersByTime(0)
    expect(fn).not.toHaveBeenCalled()
    nextFrame()
    vi.advanceTimersByTime(0)
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('in a hidden tab (no frames) runs at once, and when the tab is hidden while waiting', () => {
    vi.useFakeTimers()
    frames()
    visibility('hidden')
    const atOnce = vi.fn()
    afterPaint(atOnce)
    vi.advanceTimersByTime(0)
    expect(atOnce).toHaveBeenCalledTimes(1)

    visibility('visible')
    const waiting = vi.fn()
    afterPaint(waiting)
    visibility('hidden')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(waiting).toHaveBeenCalledTimes(1)
  })

  it('does nothing once cancelled', () => {
    vi.useFakeTimers()
    const nextFrame = frames()
    visibility('visible')
    const fn = vi.fn()
    afterPaint(fn)()
    nextFrame()
    nextFrame()
    vi.advanceTimersByTime(0)
    document.dispatchEvent(new Event('visibilitychange'))
    expect(fn).not.toHaveBeenCalled()
  })
})
