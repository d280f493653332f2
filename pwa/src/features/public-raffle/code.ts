export const CODE_MAX_LENGTH = 8

/** A raffle's code: six letters and digits (the spec's entity). */
const CODE_SHAPE = /^[A-Z0-9]{6}$/

/**
 * Upper case, no spaces, at most 8 characters (spec: public code input). Text pasted with words
 * around the code ('Código: K7P2QX', a link to the raffle) gives its last code-shaped word instead
 * of its first 8 characters.
 */
export function normaliseCode(raw: string): string {
  const upper = raw.toUpperCase()
  const joined = upper.replace(/\s+/g, '')
  if (joined.length > CODE_MAX_LENGTH) {
    const code = upper
      .split(/[\s/:,.;!?()'"#=-]+/)
      .filter((word) => CODE_SHAPE.test(word))
      .at(-1)
    if (code) return code
  }
  return joined.slice(0, CODE_MAX_LENGTH)
}
