// Checks a JSON answer of the sync API against sync/testdata/wire.json: every field the server sent
// must be one the catalogue names, so a field renamed in Go without the catalogue (and the
// device) fails the contract tests even where the engine would only ignore it.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

const shapes = (JSON.parse(readFileSync(resolve(__dirname, '../../../../sync/testdata/wire.json'), 'utf8')) as { shapes: Record<string, string[]> }).shapes

// Each shape's nested objects: field name → shape of the object, or of each item of the list.
const nested: Record<string, Record<string, string>> = {
  push_response: { results: 'op_result' },
  op_result: { refused: 'refused_ticket' },
  feed_page: { raffles: 'feed_entry' },
  changes_page: { changes: 'change' },
  snapshot: { raffle: 'raffle', draws: 'round', winners: 'winner', tickets: 'ticket_columns', participants: 'snapshot_ticket' },
  ticket_columns: { people: 'people_columns' },
}

function fieldsOf(shape: string): Set<string> {
  if (shape === 'snapshot') return new Set([...shapes.snapshot_head!, ...shapes.snapshot_columns!, ...shapes.snapshot_objects!])
  return new Set(shapes[shape])
}

function walk(value: unknown, shape: string, at: string, out: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, shape, `${at}[${i}]`, out))
    return
  }
  if (typeof value !== 'object' || value === null) return
  const known = fieldsOf(shape)
  for (const [key, inner] of Object.entries(value)) {
    if (!known.has(key)) out.push(`${at}.${key}`)
    const next = nested[shape]?.[key]
    if (next) walk(inner, next, `${at}.${key}`, out)
  }
}

/** The shape of an answer of this path, or undefined for an answer outside the sync API. */
function shapeOf(path: string): string | undefined {
  if (path === '/api/sync/push') return 'push_response'
  if (path === '/api/sync/raffles') return 'feed_page'
  if (/^\/api\/sync\/raffles\/[^/]+\/changes$/.test(path)) return 'changes_page'
  if (/^\/api\/sync\/raffles\/[^/]+\/snapshot$/.test(path)) return 'snapshot'
  return undefined
}

/** The fields of an answer the catalogue does not name, as paths ('push_response.results[0].opId'). */
export function unknownWireFields(path: string, body: unknown): string[] {
  const shape = shapeOf(path)
  const out: string[] = []
  if (shape) walk(body, shape, shape, out)
  return out
}
