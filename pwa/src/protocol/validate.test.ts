import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { validateOp } from '@/protocol/validate'
import type { OpType, WireOp } from '@/protocol/wire'

// The vectors the Go server is tested with: the device must give the same reason for every op.
// import.meta.url is not a file: URL under jsdom, so the path is built from this file's directory.
const file = resolve(__dirname, '../../../sync/testdata/ops/validation.json')
const vectors = JSON.parse(readFileSync(file, 'utf8')) as { cases: Array<{ name: string; op: WireOp; want: string | null }> }

const drawFile = resolve(__dirname, '../../../sync/testdata/ops/draw-validation.json')
const drawVectors = JSON.parse(readFileSync(drawFile, 'utf8')) as typeof vectors

const prizesFile = resolve(__dirname, '../../../sync/testdata/ops/prizes-validation.json')
const prizesVectors = JSON.parse(readFileSync(prizesFile, 'utf8')) as typeof vectors

const federalFile = resolve(__dirname, '../../../sync/testdata/ops/federal-validation.json')
const federalVectors = JSON.parse(readFileSync(federalFile, 'utf8')) as typeof vectors

describe('validateOp (shared vectors)', () => {
  it.each(federalVectors.cases.map((c) => [c.name, c] as const))('Loteria Federal, %s', (_name, c) => {
    expect(validateOp(c.op)).toBe(c.want)
  })

  it('reads the whole files', () => {
    expect(federalVectors.cases.length).toBeGreaterThanOrEqual(40)
    expect(vectors.cases.length).toBeGreaterThanOrEqual(40)
    expect(drawVectors.cases.length).toBeGreaterThanOrEqual(40)
    expect(prizesVectors.cases.length).toBeGreaterThanOrEqual(20)
  })

  it.each(prizesVectors.cases.map((c) => [c.name, c] as const))('prizes, %s', (_name, c) => {
    expect(validateOp(c.op)).toBe(c.want)
  })

  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(validateOp(c.op)).toBe(c.want)
  })

  it.each(drawVectors.cases.map((c) => [c.name, c] as const))('draw op, %s', (_name, c) => {
    expect(validateOp(c.op)).toBe(c.want)
  })
})

describe('validateOp (beyond the vectors)', () => {
  const base: WireOp = {
    op_id: '0192f0c1-0000-7000-8000-0000000000f1',
    mutation_id: 1,
    raffle_id: '0192f0c1-0000-7000-8000-00000000a001',
    type: 'participants.add',
    base_seq: 0,
    payload: {},
  }
  const ticket = { id: '0192f0c1-0000-7000-8000-00000000c001', group_id: '0192f0c1-0000-7000-8000-00000000b001' }

  it('trims like the text rule: U+0085 is space, U+FEFF is invisible, both go at the ends', () => {
    expect(validateOp({ ...base, payload: { tickets: [{ ...ticket, name: '\u0085' }] } })).toBe('name_required')
    expect(validateOp({ ...base, payload: { tickets: [{ ...ticket, name: '\ufeff' }] } })).toBe('name_required')
  })

  it('counts e-mail length in bytes and refuses a vertical tab inside', () => {
    const long = `${'é'.repeat(130)}@exemplo.com`
    expect(validateOp({ ...base, payload: { tickets: [{ ...ticket, name: 'Ana', email: long }] } })).toBe('invalid_email')
    expect(validateOp({ ...base, payload: { tickets: [{ ...ticket, name: 'Ana', email: 'a\vb@x.com' }] } })).toBe('text_invalid')
  })

  it('rejects more than 5,000 tickets as batch_too_large', () => {
    const tickets = Array.from({ length: 5001 }, () => ({ ...ticket, name: 'Ana' }))
    expect(validateOp({ ...base, payload: { tickets } })).toBe('batch_too_large')
  })
})

describe('validateOp (draw ops)', () => {
  const DRAW = '0192f0c1-0000-7000-8000-00000000d001'
  const hex = 'ab'.repeat(32)
  const op = (type: string, payload: unknown): WireOp => ({
    op_id: '0192f0c1-0000-7000-8000-0000000000f1',
    mutation_id: 1,
    raffle_id: '0192f0c1-0000-7000-8000-00000000a001',
    type: type as OpType,
    base_seq: 0,
    payload,
  })
  const start = { draw_id: DRAW, client_commitment: hex, pool_digest: hex, pool_size: 3 }

  it.each([
    ['draw.start', start, null],
    ['draw.start', { ...start, draw_id: 'x' }, 'invalid_payload'],
    ['draw.start', { ...start, client_commitment: hex.toUpperCase() }, 'invalid_payload'],
    ['draw.start', { ...start, pool_digest: hex.slice(2) }, 'invalid_payload'],
    ['draw.start', { ...start, pool_size: -1 }, 'invalid_payload'],
    ['draw.start', { ...start, offline: true }, null],
    ['draw.start', { ...start, offline: false }, null],
    ['draw.start', { ...start, offline: 'true' }, 'invalid_payload'],
    ['draw.start', { ...start, offline: 1 }, 'invalid_payload'],
    ['draw.start', { ...start, offline: null }, 'invalid_payload'],
    ['winner.redraw', { ...start, position: 2 }, null],
    ['winner.redraw', { ...start, position: 2, offline: true }, null],
    ['winner.redraw', { ...start, position: 2, offline: false }, null],
    ['winner.redraw', { ...start, position: 2, offline: 'sim' }, 'invalid_payload'],
    ['winner.redraw', { ...start, position: 2, offline: null }, 'invalid_payload'],
    ['winner.redraw', start, 'invalid_payload'],
    ['winner.redraw', { ...start, position: 0 }, 'invalid_payload'],
    ['draw.complete', { draw_id: DRAW, client_seed: hex, offline: false }, null],
    ['draw.complete', { draw_id: DRAW, client_seed: hex, offline: false, winners: [DRAW] }, 'invalid_payload'],
    ['draw.complete', { draw_id: DRAW, client_seed: hex, offline: true, winners: [DRAW] }, null],
    ['draw.complete', { draw_id: DRAW, client_seed: hex, offline: true }, 'invalid_payload'],
    ['draw.complete', { draw_id: DRAW, client_seed: hex, offline: true, winners: ['t1'] }, 'invalid_payload'],
    ['draw.complete', { draw_id: DRAW, client_seed: hex }, 'invalid_payload'],
    ['winner.invalidate', { winner_id: `${DRAW}:1` }, null],
    ['winner.invalidate', { winner_id: `${DRAW}:1`, reason: null }, null],
    ['winner.invalidate', { winner_id: `${DRAW}:1`, reason: ` ${'é'.repeat(500)} ` }, null],
    ['winner.invalidate', { winner_id: `${DRAW}:1`, reason: 'é'.repeat(501) }, 'reason_too_long'],
    ['winner.invalidate', { winner_id: DRAW }, 'invalid_payload'],
    ['winner.invalidate', { winner_id: `${DRAW}:0` }, 'invalid_payload'],
  ])('%s %j: %s', (type, payload, want) => {
    expect(validateOp(op(type, payload))).toBe(want)
  })
})
