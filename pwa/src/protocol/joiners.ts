// Format characters (Unicode category Cf) render as nothing, so inside a one-line text (a name, a
// title, a reason) they make two texts that read the same. The twin of sync/protocol/joiners.go:
// they are refused there, except ZWJ in an emoji ZWJ sequence, ZWJ or ZWNJ between letters or marks
// of a script that shapes with them, and a flag's tag sequence (docs/sync-protocol.md, "Text").
// The ranges are code points, not Unicode properties, so that Go and the browser, whose Unicode
// versions differ, draw the line at the same place.

const ZWNJ = 0x200c
const ZWJ = 0x200d
const VS16 = 0xfe0f
const BLACK_FLAG = 0x1f3f4
const CANCEL_TAG = 0xe007f

type Ranges = readonly (readonly [number, number])[]

/** The emoji code points a ZWJ sequence joins. */
const PICTOGRAPHIC: Ranges = [
  [0x00a9, 0x00a9],
  [0x00ae, 0x00ae],
  [0x203c, 0x203c],
  [0x2049, 0x2049],
  [0x2122, 0x2122],
  [0x2139, 0x2139],
  [0x2194, 0x21aa],
  [0x231a, 0x23ff],
  [0x24c2, 0x24c2],
  [0x25aa, 0x27bf],
  [0x2934, 0x2935],
  [0x2b05, 0x2b55],
  [0x3030, 0x3030],
  [0x303d, 0x303d],
  [0x3297, 0x3297],
  [0x3299, 0x3299],
  [0x1f000, 0x1ffff],
]

/** The blocks of Arabic, Syriac, N'Ko, the Indic scripts from Devanagari to Sinhala, and Mongolian. */
const JOINING_SCRIPTS: Ranges = [
  [0x0600, 0x074f],
  [0x0750, 0x077f],
  [0x07c0, 0x07ff],
  [0x0860, 0x08ff],
  [0x0900, 0x0dff],
  [0x1800, 0x18af],
  [0xfb50, 0xfdff],
  [0xfe70, 0xfefe],
]

const FORMAT = /\p{Cf}/u
const LETTER_OR_MARK = /[\p{L}\p{M}]/u

const inRanges = (cp: number, ranges: Ranges) => ranges.some(([lo, hi]) => lo <= cp && cp <= hi)
const isTag = (cp: number) => cp >= 0xe0020 && cp <= CANCEL_TAG
const joiningLetter = (cp: number) => inRanges(cp, JOINING_SCRIPTS) && LETTER_OR_MARK.test(String.fromCodePoint(cp))

/** Whether `text` holds a format character no script or emoji needs where it stands. */
export function strayFormat(text: string): boolean {
  const cps = Array.from(text, (c) => c.codePointAt(0) ?? 0)
  const at = (i: number) => cps[i] ?? 0
  for (let i = 0; i < cps.length; i++) {
    const cp = at(i)
    if (!FORMAT.test(String.fromCodePoint(cp))) continue
    if (isTag(cp)) {
      const end = tagSequenceEnd(cps, i)
      if (end < 0) return true
      i = end
      continue
    }
    if ((cp !== ZWJ && cp !== ZWNJ) || i === 0 || i === cps.length - 1) return true
    const before = at(i - 1)
    const after = at(i + 1)
    const emoji = cp === ZWJ && (inRanges(before, PICTOGRAPHIC) || before === VS16) && inRanges(after, PICTOGRAPHIC)
    if (!emoji && !(joiningLetter(before) && joiningLetter(after))) return true
  }
  return false
}

/** The index of the last tag of a flag's tag sequence starting at i, or -1 when it is not one. */
function tagSequenceEnd(cps: number[], i: number): number {
  const at = (k: number) => cps[k] ?? 0
  let end = i
  while (end + 1 < cps.length && isTag(at(end + 1))) end++
  if (i === 0 || at(i - 1) !== BLACK_FLAG || end === i || at(end) !== CANCEL_TAG) return -1
  return cps.slice(i, end).includes(CANCEL_TAG) ? -1 : end
}
