// The PWA against sync/testdata/catalogue.json, the one list the server's tests check too: a
// reason message, a limit or the schema version changed on one side only fails here or in Go.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FEDERAL_REASONS } from '@/protocol/federal-reasons'
import { ROUND_REASON_LINES } from '@/protocol/round-reasons'
import { LIMITS, REASON_MESSAGES } from '@/protocol/rules'
import { SCHEMA_VERSION } from '@/protocol/wire'
import { MAX_OPS_PER_PUSH, MAX_PUSH_BYTES } from '@/sync/push'

interface Catalogue {
  schema_version: number
  min_schema_version: number
  reasons: Record<string, string>
  round_reasons: Record<string, string>
  federal_reasons: Record<string, string>
  limits: Record<string, number>
}

// import.meta.url is not a file: URL under jsdom, so the path is built from this file's directory.
const catalogue = JSON.parse(readFileSync(resolve(__dirname, '../../../sync/testdata/catalogue.json'), 'utf8')) as Catalogue

describe('the shared catalogue', () => {
  it('has every reason code with the same pt-BR message, and no other', () => {
    expect(REASON_MESSAGES).toEqual(catalogue.reasons)
  })

  it('has the same lines for the reasons a refused offline round is kept for, each a reason code', () => {
    expect(ROUND_REASON_LINES).toEqual(catalogue.round_reasons)
    for (const reason of Object.keys(ROUND_REASON_LINES)) expect(REASON_MESSAGES).toHaveProperty(reason)
  })

  it('has the same reasons a Loteria Federal draw is refused for; a seeded-draw code keeps its message', () => {
    expect(FEDERAL_REASONS).toEqual(catalogue.federal_reasons)
    for (const [reason, message] of Object.entries(FEDERAL_REASONS)) {
      if (reason in REASON_MESSAGES) expect([reason, REASON_MESSAGES[reason]]).toEqual([reason, message])
    }
  })

  it('has the same limits', () => {
    for (const [name, value] of Object.entries(LIMITS)) expect([name, catalogue.limits[name]]).toEqual([name, value])
    expect(MAX_OPS_PER_PUSH).toBe(catalogue.limits.maxOpsPerPush)
    // The device sends less than the server takes, leaving room for the ops' envelopes.
    expect(MAX_PUSH_BYTES).toBeLessThan(catalogue.limits.maxPushBytes!)
  })

  it('speaks the schema version the server speaks', () => {
    expect(SCHEMA_VERSION).toBe(catalogue.schema_version)
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(catalogue.min_schema_version)
  })
})
