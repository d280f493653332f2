// Lighthouse on the landing page, a public raffle page and the dashboard (signed in), against the
// built binary (make build) on a fresh SQLite database, with Debian's Chromium. Prints the scores
// of performance, accessibility and best practices for each page, the phone run (Lighthouse's
// default: a mid-range phone on slow 4G, simulated) and the desktop run; exits 1 when one is under
// the target (95). Not part of `make test`: performance scores depend on the machine's load.
//
// With three runs or more of a page it also prints the median run, as Lighthouse advises against
// its own variability (its computeMedianRun: the run nearest the median first paint and time to
// interactive), and then only the median run counts for the exit status. Runs that failed (no
// first paint in the trace) are left out of the median; half of the runs failing fails the page.
//
//   npm run -w e2e lighthouse            (LIGHTHOUSE_PORT, CHROME_PATH and LIGHTHOUSE_RUNS optional)
//
// LIGHTHOUSE_BINARY runs another build (to compare two in turns), LIGHTHOUSE_PAGES (e.g.
// 'Meus Sorteios') and LIGHTHOUSE_FORMS ('celular' or 'desktop') keep only the pages and forms named;
// LIGHTHOUSE_SAVE (a folder) keeps each run's report and trace there.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';

const TARGET = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const port = Number(process.env.LIGHTHOUSE_PORT ?? 19400);
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const origin = `http://127.0.0.1:${port}`;
const binary = process.env.LIGHTHOUSE_BINARY ?? fileURLToPath(new URL('../../bin/sorteio', import.meta.url));
const only = (name) => (process.env[name] ? process.env[name].split(',').map((s) => s.trim()) : null);
const onlyPages = only('LIGHTHOUSE_PAGES');
const onlyForms = only('LIGHTHOUSE_FORMS');

async function waitForHealth() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer on ${origin}`);
}

/** A UUIDv7 (time-ordered), the id form the sync protocol asks for. */
function uuidv7() {
  const hex = Date.now().toString(16).padStart(12, '0');
  const rand = randomUUID().replace(/-/g, '');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${rand.slice(13, 16)}-8${rand.slice(17, 20)}-${rand.slice(20, 32)}`;
}

async function post(path, body, cookie) {
  const res = await fetch(origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** An organiser with a raffle of 50 people, drawn or not: the pages have something to show. */
async function seed() {
  const res = await post('/api/auth/signup', { email: `farol-${randomUUID().slice(0, 8)}@exemplo.com.br`, password: 'segredo1' });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const id = uuidv7();
  const group = () => uuidv7();
  const tickets = Array.from({ length: 50 }, (_, i) => {
    const g = group();
    return { id: g, name: `Participante ${i + 1}`, email: null, ticket_number: String(i + 1).padStart(3, '0'), group_id: g };
  });
  const ops = [
    {
      type: 'raffle.create',
      payload: {
        id, code: 'FESTA2', title: 'Rifa da quermesse', description: 'Prêmios doados pela comunidade.', type: 'tickets',
        winners_count: 3, countdown_seconds: 0, allow_duplicate_wins: false, created_at: Date.now(),
      },
    },
    { type: 'participants.add', payload: { tickets } },
  ].map((op, i) => ({ op_id: uuidv7(), mutation_id: i + 1, raffle_id: id, base_seq: 0, ...op }));
  const push = await (await post('/api/sync/push', { client_id: uuidv7(), schema_version: 2, ops }, cookie)).json();
  for (const r of push.results) if (r.status !== 'applied') throw new Error(`seed: ${JSON.stringify(r)}`);
  const code = push.results[0]?.code ?? 'FESTA2';
  return { cookie, code };
}

// `make bench` reads these lines for the budgets' table (e2e/bench/budgets.mjs): keep the page, the
// form and the three scores first.
function printRun(name, form, { scores, failing, metrics }) {
  const n = (v, w) => String(Math.round(v ?? 0)).padStart(w);
  console.log(
    `${name.padEnd(20)} ${form.padEnd(7)} ${CATEGORIES.map((c) => n(scores[c], 5)).join(' ')}` +
      `  ${n(metrics.fcp, 6)}  ${n(metrics.lcp, 6)}  ${n(metrics.tbt, 6)}  ${(metrics.cls ?? 0).toFixed(3)}  ${failing.join(', ') || '-'}`,
  );
}

async function audit(chrome, url, desktop) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
  const result = await lighthouse(url, flags, desktop ? desktopConfig : undefined);
  const { categories, audits, runtimeError } = result.lhr;
  if (process.env.LIGHTHOUSE_SAVE) {
    const stem = join(process.env.LIGHTHOUSE_SAVE, `${Date.now()}-${desktop ? 'desktop' : 'celular'}`);
    writeFileSync(`${stem}.json`, JSON.stringify(result.lhr));
    writeFileSync(`${stem}.trace`, JSON.stringify(result.artifacts.Trace));
  }
  // A run that failed (the page never painted, Chromium timed out) scores 0: say why.
  if (runtimeError) console.log(`    ${url}: ${runtimeError.code}: ${runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]));
  // What cost points, so a low score says where to look.
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
    .map((a) => a.id);
  const consoleErrors = (audits['errors-in-console']?.details?.items ?? []).map((i) => `${i.source}: ${i.description} ${i.url ?? ""}`);
  return { lhr: result.lhr, scores, failing, consoleErrors, metrics: { fcp: audits['first-contentful-paint']?.numericValue, lcp: audits['largest-contentful-paint']?.numericValue, tbt: audits['total-blocking-time']?.numericValue, cls: audits['cumulative-layout-shift']?.numericValue } };
}

const dataDir = mkdtempSync(join(tmpdir(), 'sorteio-lighthouse-'));
const server = spawn(binary, [], {
  env: { ...process.env, ADDR: `127.0.0.1:${port}`, SQLITE_PATH: join(dataDir, 'sorteio.db'), LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '100' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome;
let browser;
let below = 0;
try {
  await waitForHealth();
  const { cookie, code } = await seed();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  // The dashboard's session goes into the browser's cookie jar, as a sign-in puts it, not into a
  // header Lighthouse adds to the page's requests: once the app sets a cookie of its own
  // (sorteio_db), Chromium sent the jar's cookies instead of that header, and the feed got 401.
  // The other pages are audited signed out, as their visitors mostly are.
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const session = cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' };
  });
  const allPages = [
    { name: 'início', url: `${origin}/` },
    { name: 'página pública', url: `${origin}/sorteio/${code}` },
    { name: 'Meus Sorteios', url: `${origin}/dashboard`, signedIn: true },
  ];
  const pages = allPages.filter((p) => !onlyPages || onlyPages.includes(p.name));
  const load = loadavg().map((n) => n.toFixed(2)).join(' ');
  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ${new Date().toISOString()}, load average ${load}`);
  console.log('page                 form     perf  a11y  best  FCP ms  LCP ms  TBT ms   CLS  below 90');
  for (const desktop of [false, true].filter((d) => !onlyForms || onlyForms.includes(d ? 'desktop' : 'celular'))) {
    for (const page of pages) {
      const form = desktop ? 'desktop' : 'celular';
      const done = [];
      if (page.signedIn) await browser.setCookie(...session);
      else await browser.deleteCookie(...session);
      for (let r = 0; r < runs; r++) {
        const run = await audit(chrome, page.url, desktop);
        done.push(run);
        if (runs < 3) below += CATEGORIES.filter((c) => run.scores[c] < TARGET).length;
        printRun(page.name, form, run);
        for (const e of run.consoleErrors) console.log(`    console: ${e}`);
      }
      if (runs >= 3) {
        const valid = filterToValidRuns(done.map((d) => d.lhr));
        // Lighthouse's own failures happen about once in twenty-five runs; more than that is the page's.
        if (valid.length * 2 <= runs) {
          console.log(`${page.name}: ${runs - valid.length} of ${runs} runs failed; no median`);
          below += CATEGORIES.length;
          continue;
        }
        const median = done.find((d) => d.lhr === computeMedianRun(valid));
        below += CATEGORIES.filter((c) => median.scores[c] < TARGET).length;
        printRun(`${page.name}: mediana de ${valid.length}`, form, median);
      }
    }
  }
  console.log(`load average after: ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  console.log(below === 0 ? `every score at least ${TARGET}` : `${below} score(s) under ${TARGET}`);
} finally {
  await browser?.disconnect();
  await chrome?.kill();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(below === 0 ? 0 : 1);
