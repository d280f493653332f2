import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2ePort, mailSMTP, providerURL, serverEnv } from './server-env';

// The suite drives Debian's Chromium against the real built binary (make build),
// on a fresh SQLite database in a temporary folder, or on PostgreSQL when E2E_DATABASE_URL is set
// (the server's DATABASE_URL; give it a schema of its own, e.g. `...&search_path=bench1`). For
// benchmarks, a fresh schema each sitting: every 100,000-ticket run stays in it, and after some
// thirty runs the snapshot yardstick slows down (docs/bench/).
const port = e2ePort;
const baseURL = `http://127.0.0.1:${port}`;
// Mailpit's inbox's HTTP API, read by tests/mailbox.ts.
const mailAPI = `http://127.0.0.1:${port + 3}`;
process.env.E2E_MAIL_API = mailAPI;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'sorteio-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers load this file again: keep one folder

export default defineConfig({
  testDir: '.',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    // Every spec, in parallel. One that moves the server's clock gets a server of its own
    // (tests/own-server.ts): this one's clock is the machine's.
    { name: 'chromium', testDir: './tests', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // Speed budgets, run by `make bench`, not by `make test`. No trace: recording one snapshots the
    // page's DOM on its main thread around every action, inside the times being measured.
    { name: 'bench', testDir: './bench', testMatch: '*.bench.ts', timeout: 300_000, use: { ...devices['Desktop Chrome'], channel: undefined, trace: 'off' } },
  ],
  webServer: [
    {
      command: `../bin/mailpit --smtp ${mailSMTP} --listen 127.0.0.1:${port + 3} --disable-version-check --max 5000`,
      url: `${mailAPI}/readyz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: '../bin/oidc-dev',
      url: `${providerURL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { OIDC_DEV_ADDR: `127.0.0.1:${port + 1}`, OIDC_DEV_CLIENT_ID: 'sorteio-e2e', OIDC_DEV_CLIENT_SECRET: 'segredo-e2e' },
    },
    {
      command: '../bin/sorteio',
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv(port, dataDir),
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
        // No TEST_CLOCK_FILE: every spec shares this server, so its clock is the machine's. A spec
        // that moves the clock uses a server of its own (tests/own-server.ts).
      },
    },
  ],
});
