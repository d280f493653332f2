export const CODE_MAX_LENGTH = 8

/** Upper case, no spaces, at most 8 characters (spec: public code input). */
export function normaliseCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase().slice(0, CODE_MAX_LENGTH)
}
