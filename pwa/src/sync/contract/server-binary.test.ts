import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { freshBinary, isStale, newestSource } from '@/sync/contract/server-binary'

// Modification times are set, not waited for: seconds since 2026-01-01.
const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000)

describe('the server binary of the contract tests', () => {
  let root: string
  let builds: string[][]
  // As go build does when the sources changed in time only: the binary left as it was, or made.
  const go = (dir: string, args: string[]) => {
    expect(dir).toBe(root)
    builds.push(args)
    if (!existsSync(binary())) file('bin/sorteio', 1)
  }
  const file = (path: string, time: number) => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), '')
    utimesSync(join(root, path), at(time), at(time))
  }
  const binary = () => join(root, 'bin/sorteio')

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'server-binary-'))
    builds = []
    file('go.mod', 10)
    file('server/cmd/sorteio/main.go', 20)
    file('sync/protocol/rules.go', 30)
    file('migrations/sqlite/0001_init.sql', 15)
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('reads the newest of the Go sources and migrations, not tests or test data', () => {
    expect(newestSource(root)).toBe(at(30).getTime())
    file('sync/protocol/rules_test.go', 90)
    file('sync/testdata/tickets/numbers.json', 91)
    file('server/internal/store/store.go~', 92)
    expect(newestSource(root)).toBe(at(30).getTime())
    file('migrations/postgres/0002_more.sql', 40)
    expect(newestSource(root)).toBe(at(40).getTime())
    file('go.sum', 50)
    expect(newestSource(root)).toBe(at(50).getTime())
  })

  it('keeps a binary newer than its sources and builds a missing or older one again', () => {
    expect(isStale(root, binary())).toBe(true)
    file('bin/sorteio', 35)
    expect(isStale(root, binary())).toBe(false)
    expect(freshBinary(root, binary(), go)).toBe(binary())
    expect(builds).toEqual([])

    file('server/internal/httpapi/push.go', 36)
    expect(isStale(root, binary())).toBe(true)
    freshBinary(root, binary(), go)
    expect(builds).toEqual([['build', '-o', binary(), './server/cmd/sorteio']])
  })

  it('marks a binary go build left as it was fresh, so the next run does not build again', () => {
    file('bin/sorteio', 1)
    freshBinary(root, binary(), go)
    freshBinary(root, binary(), go)
    expect(builds).toHaveLength(1)
    expect(isStale(root, binary())).toBe(false)
  })

  it('embeds the PWA as make build does when pwa/dist holds a build', () => {
    file('pwa/dist/index.html', 5)
    freshBinary(root, binary(), go)
    expect(builds).toEqual([['build', '-tags', 'embedpwa', '-o', binary(), './server/cmd/sorteio']])
  })
})
