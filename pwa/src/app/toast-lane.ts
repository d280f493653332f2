// Where a toast stands on a phone. At the bottom (above the sync bar) it covers whatever the screen
// has there: on a 360 × 740 phone the quick draw's 'Sortear' once eight names fill its list, on a
// 360 × 640 one the organiser's 'Iniciar Sorteio'. So each new toast takes the lane, bottom or top,
// that covers fewer of the things the user works with, as the screen stands when it appears.

export type Lane = 'top' | 'bottom'

/** Sonner lays toasts out full width, with its mobile offsets, at or below this width. */
export const PHONE_MAX_WIDTH = 600

/** What the user acts with on the screen itself. */
const CONTROLS = 'button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="switch"]'
/** Links lead to another screen: worse to cover than nothing, better than a control. */
const LINKS = 'a[href]'

interface Covered {
  controls: number
  links: number
}

/** The fixed layer an open modal dialog is drawn on, its backdrop included. */
function modalLayers(): Element[] {
  const layers: Element[] = []
  for (const dialog of document.querySelectorAll('[aria-modal="true"]')) {
    let layer: Element | null = dialog
    while (layer && getComputedStyle(layer).position !== 'fixed') layer = layer.parentElement
    layers.push(layer ?? dialog)
  }
  return layers
}

/**
 * What the choice leaves out: the toasts themselves, and any modal dialog. A toast usually reports
 * the dialog's action, and the dialog closes with it ('Sorteio excluído!'): what the toast must not
 * cover is the screen under it.
 */
function ignored(): (e: Element) => boolean {
  const layers = modalLayers()
  return (e) => e.closest('[data-sonner-toaster]') !== null || layers.some((layer) => layer.contains(e))
}

/** True when the first thing drawn at (x, y), what is ignored aside, is `el` or something inside it. */
function showsAt(el: Element, x: number, y: number, ignore: (e: Element) => boolean): boolean {
  const hit = document.elementsFromPoint(x, y).find((e) => !ignore(e))
  return hit !== undefined && el.contains(hit)
}

/**
 * The controls and links a toast in `band` would cover. Only what shows there counts: not rows
 * scrolled out of a list's box, nor what the sync bar hides.
 */
function coveredBy(band: DOMRect, ignore: (e: Element) => boolean): Covered {
  const covered = { controls: 0, links: 0 }
  for (const el of document.querySelectorAll(`${CONTROLS}, ${LINKS}`)) {
    if (ignore(el)) continue
    const r = el.getBoundingClientRect()
    const [top, bottom] = [Math.max(r.top, band.top), Math.min(r.bottom, band.bottom)]
    const [left, right] = [Math.max(r.left, band.left), Math.min(r.right, band.right)]
    if (top >= bottom || left >= right || !showsAt(el, (left + right) / 2, (top + bottom) / 2, ignore)) continue
    if (el.matches(CONTROLS)) covered.controls++
    else covered.links++
  }
  return covered
}

/** The field being typed in, with the messages it is described by (its error): never covered. */
function focusedField(): DOMRect[] {
  const field = document.activeElement
  if (!(field instanceof HTMLElement) || !field.matches('input:not([type="hidden"]), textarea, select, [contenteditable="true"]')) return []
  const described = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
  const rects = [field, ...described.map((id) => document.getElementById(id))].filter((e): e is HTMLElement => e !== null)
  return rects.map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0)
}

const overlaps = (a: DOMRect, b: DOMRect) => a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right

/** The lane clear of the field being typed in and its error when the other lane covers them. */
function awayFromField(bands: Record<Lane, DOMRect>): Lane | null {
  const field = focusedField()
  const onTop = field.some((r) => overlaps(r, bands.top))
  const onBottom = field.some((r) => overlaps(r, bands.bottom))
  return onTop === onBottom ? null : onTop ? 'bottom' : 'top'
}

/**
 * The lane of a toast already up when a field takes focus: the other one when this lane covers
 * the field (or its error) and the other does not, else the same. A lane is picked as its toast
 * appears, and 'Sorteio criado!' appears as the create screen leaves: the manage screen's name
 * field, focused next, could sit under it. Nothing else moves a toast that is up.
 */
export function keepClearOfFocus(current: Lane, bands: Record<Lane, DOMRect>): Lane {
  return awayFromField(bands) ?? current
}

/**
 * The lane for a new toast, given where it would stand in each: never over the field being typed
 * in or its error message when the other lane is clear of them (a toast right after a save, in
 * settings or after creating a raffle, sat over them whatever else the lanes held); otherwise the
 * bottom, unless the top covers fewer controls, or as many and fewer links (at the top, usually
 * only the screen's back link).
 */
export function pickLane(bands: Record<Lane, DOMRect>): Lane {
  const away = awayFromField(bands)
  if (away) return away
  const ignore = ignored()
  const bottom = coveredBy(bands.bottom, ignore)
  const top = coveredBy(bands.top, ignore)
  if (top.controls !== bottom.controls) return top.controls < bottom.controls ? 'top' : 'bottom'
  return top.links < bottom.links ? 'top' : 'bottom'
}
