// jsdom has no scrolling: tests that check what a screen brings into view record the elements
// scrollIntoView was called on instead. `returns` is what the call gives back: current Chromium
// returns a promise, which an effect must not hand to React as its cleanup.
export function recordScrolls(returns?: () => unknown): { scrolled: Element[]; restore: () => void } {
  const scrolled: Element[] = []
  const original = Element.prototype.scrollIntoView
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this)
    return returns?.() as void
  }
  return { scrolled, restore: () => (Element.prototype.scrollIntoView = original) }
}
