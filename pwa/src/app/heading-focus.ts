// After a client-side navigation the browser leaves focus where it was (often on a link that is
// gone, i.e. on <body>): a screen reader says nothing and the next Tab starts from the top. So the
// new screen's main heading takes focus, as a page load would start there.

/** How long a new screen may take to show its heading (its data read from IndexedDB or the server). */
const WAIT_MS = 3000

/** True when focus already sits where the new screen put it on purpose (a field, a dialog). */
function focusPlacedByScreen(active: Element | null): boolean {
  if (!active || active === document.body) return false
  if (active.closest('[role="dialog"], [role="alertdialog"], dialog')) return true
  return active.matches('input, textarea, select, [contenteditable="true"]')
}

function mainHeading(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>('main h1') ?? root.querySelector<HTMLElement>('h1')
}

function focusHeading(heading: HTMLElement) {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus({ preventScroll: true })
}

/**
 * Moves focus to the screen's heading once it is in the document. A heading replaced while the
 * screen loads (a placeholder, then the raffle's title) passes focus on to its successor. Answers a
 * function that stops watching (the next navigation calls it).
 */
export function focusHeadingAfterNavigation(root: HTMLElement = document.body): () => void {
  let focused: HTMLElement | null = null
  const settle = () => {
    const active = document.activeElement
    // Focus the user (or the screen) moved elsewhere is left alone.
    if (focused ? active !== focused && active !== document.body && focused.isConnected : focusPlacedByScreen(active)) {
      stop()
      return
    }
    const heading = mainHeading(root)
    if (!heading || heading === focused) return
    focusHeading(heading)
    focused = heading
  }
  const observer = new MutationObserver(settle)
  observer.observe(root, { childList: true, subtree: true })
  const timer = window.setTimeout(() => stop(), WAIT_MS)
  function stop() {
    observer.disconnect()
    window.clearTimeout(timer)
  }
  settle()
  return stop
}
