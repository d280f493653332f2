import { test as base } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2ePort, serverEnv } from '../server-env';

// A server of the worker's own, for the specs that move the server's clock: the suite's one server
// (playwright.config.ts) is shared by every spec running beside them, whose sessions, links and
// countdowns must not jump. Same settings, same Mailpit and identity provider, but its own port
// (E2E_PORT + 20 + the worker's parallel index; server-crash.spec.ts uses + 50), its own SQLite
// folder and its own TEST_CLOCK_FILE. `baseURL` points at it, so `page`, `request`,
// `browser.newContext()` and their requests go there. docs/development.md, "Time in the
// end-to-end tests".

export interface OwnServer {
  url: string;
  /** Moves the server's clock ms milliseconds ahead of the machine's (0: back to it). */
  setClock(ms: number): void;
}

export const test = base.extend<{ clockBack: void }, { ownServer: OwnServer }>({
  ownServer: [
    async ({}, use, workerInfo) => {
      const port = e2ePort + 20 + workerInfo.parallelIndex;
      const url = `http://127.0.0.1:${port}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'sorteio-own-'));
      const clockFile = join(dataDir, 'clock-offset-ms');
      const child = spawn('../bin/sorteio', [], {
        env: { ...process.env, ...serverEnv(port, dataDir), TEST_CLOCK_FILE: clockFile },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // Listening once it says 'Sorteio no ar em ...' (run.go).
      const listening = new Promise<void>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('Sorteio no ar')) resolve();
        });
        child.once('exit', (code, signal) => reject(new Error(`the own server on port ${port} exited (${code ?? signal}) before listening`)));
      });
      try {
        await listening;
        await use({ url, setClock: (ms) => writeFileSync(clockFile, String(Math.round(ms))) });
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
  // After each test the clock is the machine's again, passed or failed.
  clockBack: [
    async ({ ownServer }, use) => {
      await use();
      ownServer.setClock(0);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
