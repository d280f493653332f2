// The server binary the contract tests start: bin/sorteio as `make build` leaves it, built again
// here when it is missing or older than the code it is built from, so a server rule changed since
// the last build is what the tests meet. A fresh binary costs nothing; a warm `go build` about 4 s.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs'
import { join } from 'node:path'

/** The binary's sources: the Go code (not its tests) and the SQL migrations it embeds. */
const isSource = (name: string) => (name.endsWith('.go') && !name.endsWith('_test.go')) || name.endsWith('.sql')

/** The newest modification time (ms) of the files bin/sorteio is built from, under root. */
export function newestSource(root: string): number {
  let newest = 0
  const see = (path: string) => {
    if (existsSync(path)) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  for (const dir of ['server', 'sync', 'migrations']) {
    if (!existsSync(join(root, dir))) continue
    for (const name of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (isSource(name)) see(join(root, dir, name))
    }
  }
  // The module's requirements, and the package that embeds (or not) the built PWA.
  for (const file of ['go.mod', 'go.sum', 'pwa/embed.go', 'pwa/noembed.go']) see(join(root, file))
  return newest
}

/** Whether the binary is missing or older than one of its sources. */
export function isStale(root: string, binary: string): boolean {
  return !existsSync(binary) || statSync(binary).mtimeMs < newestSource(root)
}

/** Runs `go` with these arguments in root, its output in the test's. */
export type GoRunner = (root: string, args: string[]) => void

const runGo: GoRunner = (root, args) => execFileSync('go', args, { cwd: root, stdio: 'inherit' })

/**
 * The binary, built again when stale, of the kind `make build` makes: with the PWA embedded
 * (-tags embedpwa) when pwa/dist holds a build, so the Playwright tests that serve it from
 * bin/sorteio still find it; without, as plain `go build` makes it, when there is none.
 */
export function freshBinary(root: string, binary: string, go: GoRunner = runGo): string {
  if (!isStale(root, binary)) return binary
  const tags = existsSync(join(root, 'pwa/dist/index.html')) ? ['-tags', 'embedpwa'] : []
  go(root, ['build', ...tags, '-o', binary, './server/cmd/sorteio'])
  // go build leaves a binary that is already what the sources make as it was, old time and all
  // (a source touched but not changed): marked fresh, the next run does not build again.
  const now = new Date()
  utimesSync(binary, now, now)
  return binary
}
