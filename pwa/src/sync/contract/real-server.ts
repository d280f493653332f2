// The real server for the engine's contract tests: bin/sorteio (built by `make build`, or here
// when missing or older than its Go sources: server-binary.ts), started once per test file on a
// fresh SQLite file and a free loopback port, and stopped after. Each account signs up through the
// API and sends its session cookie, as a browser would; every JSON answer of the sync API is
// checked against sync/testdata/wire.json.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { FetchFn } from '@/lib/api'
import { freshBinary } from '@/sync/contract/server-binary'
import { unknownWireFields } from '@/sync/contract/wire-check'

const root = resolve(__dirname, '../../../..')

export interface RealServer {
  base: string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })
}

/** Starts the server and waits for /healthz; its log goes to the test's output only when it fails to start. */
export async function startRealServer(): Promise<RealServer> {
  // A binary named by SORTEIO_BIN is the caller's to keep fresh.
  const binary = process.env.SORTEIO_BIN ?? freshBinary(root, join(root, 'bin/sorteio'))
  const dir = mkdtempSync(join(tmpdir(), 'sorteio-contract-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const log: string[] = []
  const child: ChildProcess = spawn(binary, [], {
    env: {
      PATH: process.env.PATH,
      ADDR: `127.0.0.1:${port}`,
      SQLITE_PATH: join(dir, 'sorteio.db'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100',
      // A round may be abandoned at once: no test waits for the 60 s of production.
      DRAW_ABANDON_GRACE: '0s',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || tries > 300) {
      child.kill()
      throw new Error(`bin/sorteio did not start: ${log.join('')}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface Account {
  userId: string
  /** The app's fetch against this server, with the account's session cookie. */
  fetch: FetchFn
  /** Fields of the wire answers that sync/testdata/wire.json does not name, by path. */
  unknownFields: string[]
}

const blobText = (blob: Blob) =>
  new Promise<string>((done) => {
    const reader = new FileReader()
    reader.onload = () => done(String(reader.result))
    reader.readAsText(blob)
  })

/** Signs a new account up and returns its fetch. */
export async function signUp(server: RealServer, email: string): Promise<Account> {
  const res = await fetch(`${server.base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'segredo-contrato-1' }),
  })
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const { user } = (await res.json()) as { user: { id: string } }
  const account: Account = {
    userId: user.id,
    unknownFields: [],
    async fetch(input, init) {
      // The engine sends a push as a Blob of this window; Node's fetch takes the text.
      const body = init?.body instanceof Blob ? await blobText(init.body) : init?.body
      const headers = { ...(init?.headers as Record<string, string>), Cookie: cookie }
      const answer = await fetch(server.base + input, { ...init, body, headers })
      if (answer.ok && (answer.headers.get('Content-Type') ?? '').includes('application/json')) {
        const path = new URL(input, server.base).pathname
        account.unknownFields.push(...unknownWireFields(path, await answer.clone().json()))
      }
      return answer
    },
  }
  return account
}
