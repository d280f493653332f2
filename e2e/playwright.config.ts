import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The suite drives Debian's Chromium against the real built binary (make build),
// on a fresh SQLite database in a temporary folder, or on PostgreSQL when E2E_DATABASE_URL is set
// (the server's DATABASE_URL; give it a schema of its own, e.g. `...&search_path=bench1`). For
// benchmarks, a fresh schema each sitting: every 100,000-ticket run stays in it, and after some
// thirty runs the snapshot yardstick slows down (docs/bench/).
const port = Number(process.env.E2E_PORT ?? 18765);
const baseURL = `http://127.0.0.1:${port}`;
// The identity provider the sign-in test goes through (bin/oidc-dev), on the next port.
const providerURL = `http://127.0.0.1:${port + 1}`;
// Mailpit (bin/mailpit, make mailpit): the server's SMTP server on port + 2, its inbox's HTTP API
// on port + 3, read by tests/mailbox.ts.
const mailSMTP = `127.0.0.1:${port + 2}`;
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
    { name: 'chromium', testDir: './tests', testIgnore: 'federal.spec.ts', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // federal.spec.ts moves the one server's clock by days: it runs alone, after every other spec,
    // so no spec running beside it sees its sessions, links or countdowns jump.
    { name: 'clock', testDir: './tests', testMatch: 'federal.spec.ts', dependencies: ['chromium'], use: { ...devices['Desktop Chrome'], channel: undefined } },
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
        ADDR: `127.0.0.1:${port}`,
        // Where the provider sends the browser back and where e-mailed links start: the configured
        // URL, never the request's Host.
        PUBLIC_URL: baseURL,
        SQLITE_PATH: join(dataDir, 'sorteio.db'),
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
        RATE_LIMIT_SCALE: '100',
        LOG_LEVEL: 'warn',
        // A round may be abandoned 2 s after its countdown (60 s in production): draw-record.spec.ts.
        DRAW_ABANDON_GRACE: '2s',
        OIDC_ISSUER: providerURL,
        OIDC_CLIENT_ID: 'sorteio-e2e',
        OIDC_CLIENT_SECRET: 'segredo-e2e',
        OIDC_NAME: 'Provedor de Teste',
        // Mail goes to Mailpit.
        SMTP_URL: `smtp://${mailSMTP}`,
        MAIL_FROM: 'Sorteio <nao-responda@sorteio.test>',
        // email.spec.ts waits for a reset link to expire.
        RESET_LINK_TTL: '15s',
        // federal.spec.ts moves the API's clock past a Loteria Federal extraction by writing a number
        // of milliseconds to this file (docs/development.md); absent, the clock is the machine's.
        TEST_CLOCK_FILE: join(dataDir, 'clock-offset-ms'),
      },
    },
  ],
});
