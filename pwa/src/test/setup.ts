import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach } from 'vitest'

// findBy* waits are upper bounds, not expectations of speed: a loaded CI machine with two cores
// can take over a second to render a screen with its IndexedDB reads, so wait up to 5 s.
configure({ asyncUtilTimeout: 5000 })

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup()
  // Sonner keeps toasts in a module-level store that would replay into the next test's Toaster;
  // dismissed after the unmount, since a screen may show what it held as it closes (RevealToasts).
  toast.dismiss()
  localStorage.clear()
})

// jsdom lacks these browser APIs; the router (scroll restoration) and toasts touch them.
window.scrollTo = () => {}
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
// Sonner captures the pointer on toasts (swipe to dismiss); jsdom has no pointer capture.
Element.prototype.setPointerCapture ??= () => {}
Element.prototype.releasePointerCapture ??= () => {}
Element.prototype.hasPointerCapture ??= () => false
