// The speed budgets of the end-to-end benches, checked against their `BENCH {...}` lines: reads the
// benches' output (a file, or standard input), prints one table of every budget, then one line for
// the ratios and one for Lighthouse, and exits 1 when a machine-relative budget is broken or a
// Lighthouse score is under its target. A machine-relative budget is a ratio to a yardstick measured
// in the same run on the same machine (the new device against the snapshot's own download and
// parse), so a loaded or slow machine does not break it: only the app's own work does. Absolute
// budgets (milliseconds) are reported with the run's yardstick beside them, never a reason to fail:
// on a machine twice as loaded they take twice as long.
//
//   node e2e/bench/budgets.mjs bench.log
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/**
 * bench: the key only that bench's lines have ('go' for a Go benchmark's line, 'lighthouse' for a
 * Lighthouse run's); match: more fields the line must hold (a RegExp matches a text); metric: the
 * figure; max: its budget (min: for a score, the lowest it may be); ratio: the budget is a ratio to
 * the run's yardstick; worst: the worst figure counts, not the median.
 * A budget added here gets its row in docs/benchmarks.md from e2e/bench/reference.mjs, and
 * reference.test.mjs fails until it has one.
 */
export const BUDGETS = [
  { bench: 'newDeviceMs', metric: 'ratio', max: 4, ratio: true, what: 'new device, 100,000 tickets, against the objects snapshot (×)' },
  { bench: 'newDeviceMs', metric: 'newDeviceMs', max: 2000, what: 'new device counts 100,000 tickets (ms)' },
  { bench: 'newDeviceMs', metric: 'syncMs', max: 3000, what: 'push + new device (ms)' },
  { bench: 'newDeviceMs', metric: 'listMs', max: 500, what: 'first page of the list, data on the device (ms)' },
  { bench: 'newDeviceMs', metric: 'searchAfterDebounceMs', max: 50, what: 'search, after the 300 ms debounce (ms)' },
  { bench: 'newDeviceMs', metric: 'removeMs', max: 100, what: 'removing one person (ms)' },
  { bench: 'offlineDrawMs', metric: 'offlineDrawMs', max: 100, what: 'offline draw of 100 among 100,000 (ms)' },
  { bench: 'toSavedMs', match: { file: 'compradores.csv' }, metric: 'toSavedMs', max: 1500, what: 'CSV import to saved (ms)' },
  { bench: 'toSavedMs', match: { file: 'compradores.xlsx' }, metric: 'toSavedMs', max: 3000, what: 'XLSX import to saved (ms)' },
  { bench: 'toSavedMs', metric: 'longestTaskMs', max: 100, worst: true, what: 'longest main-thread task of an import, highest (ms)' },
  { bench: 'toSavedMs', metric: 'syncMs', max: 3000, what: 'import synced to the server (ms)' },
  { bench: 'toSavedMs', match: { file: 'vendas.csv' }, metric: 'toSavedMs', max: 3000, what: 'ticket-sale export, grouped by e-mail, to saved (ms)' },
  { bench: 'pushToShownMs', metric: 'pushToShownMs', max: 2000, worst: true, what: 'big screen on an unknown code shows the raffle after its push, slowest (ms)' },
  { bench: 'revealApartMs', metric: 'revealApartMs', max: 150, what: "the organiser's and the viewers' reveal of a place, apart (ms)" },
  ...['sqlite', 'postgres'].flatMap((db) => [
    { bench: 'go', match: { go: `BenchmarkSync100kTickets/${db}` }, metric: 'push-ms', max: 1500, what: `server's share of a 100,000-ticket push, ${db} (ms)` },
    { bench: 'go', match: { go: new RegExp(`^BenchmarkImportAPI100k/${db}/`) }, metric: 'ms', max: 1500, worst: true, what: `server import API, 100,000 tickets, slowest file, ${db} (ms)` },
  ]),
  { bench: 'go', match: { go: /^BenchmarkImportBombs\// }, metric: 'ms', max: 3000, worst: true, what: 'spreadsheet bomb refused by the import API, slowest (ms)' },
  { bench: 'go', match: { go: /^BenchmarkImportBombs\// }, metric: 'peak-rss-MB', max: 200, worst: true, what: 'spreadsheet bomb: peak RSS growth, highest (MB)' },
  { bench: 'go', match: { go: 'BenchmarkBackup100x1000UnderPushes' }, metric: 'backup-ms', max: 2000, what: 'backup of 100 raffles × 1,000 tickets (ms)' },
  { bench: 'go', match: { go: 'BenchmarkBackup100x1000UnderPushes' }, metric: 'max-push-ms', max: 100, what: 'slowest push during that backup (ms)' },
  { bench: 'go', match: { go: /^BenchmarkPushMetricsOverhead\// }, metric: 'cpu-overhead-%', max: 2, what: 'metrics: CPU per push, with against without (%)' },
  { bench: 'go', match: { go: 'BenchmarkMetricsJunkRequests' }, metric: 'series', max: 500, what: 'metrics: series after junk methods and paths (count)' },
  { bench: 'go', match: { go: 'BenchmarkReadTicketSale100k' }, metric: 'cpu-ms', max: 1500, what: 'read and plan a 100,000-row ticket-sale export (CPU ms)' },
  ...['sqlite', 'postgres'].map((db) => ({
    bench: 'viewers', match: { viewers: 10000, db }, metric: 'p99Ms', max: 100, what: `10,000 public viewers: a draw's state in every socket, p99, ${db} (ms)`,
  })),
  { bench: 'viewers', metric: 'rssPerViewerKB', max: 20, worst: true, what: 'server RSS per public viewer, highest (KB)' },
  { bench: 'passwords', metric: 'rssGrowthMB', max: 200, worst: true, what: '300 concurrent wrong passwords: server RSS growth (MB)' },
  { bench: 'venue', metric: 'slowerWaveS', max: 10, worst: true, what: '500 viewers behind one address all connected, slower wave (s)' },
  { bench: 'signInFlood', metric: 'signInSlowestMs', max: 1000, worst: true, what: 'a sign-in while one /64 sends 300 at once, slowest of 5 (ms)' },
  { bench: 'churnPhones', metric: 'slowestPhoneS', max: 10, worst: true, what: "10 phones behind a churner's address all connected, slowest (s)" },
  ...['início', 'página pública', 'Meus Sorteios'].map((page) => ({
    bench: 'lighthouse', match: { lighthouse: page, form: 'celular' }, metric: 'performance', min: 95, what: `Lighthouse performance, ${page}, phone`,
  })),
  { bench: 'lighthouse', match: { form: 'desktop' }, metric: 'performance', min: 95, worst: true, what: 'Lighthouse performance, every page, desktop, lowest' },
  { bench: 'lighthouse', metric: 'accessibility', min: 95, worst: true, what: 'Lighthouse accessibility, every page and form, lowest' },
  { bench: 'lighthouse', metric: 'best-practices', min: 95, worst: true, what: 'Lighthouse best practices, every page and form, lowest' },
];

/** The yardstick of the runs: the objects snapshot's download and parse in the new device's page. */
const YARDSTICK = { bench: 'newDeviceMs', metric: 'snapshotMs' };

/** The run's yardstick (ms, the median of its runs), or null when the bench did not run. */
export function yardstick(lines) {
  const sticks = lines.filter((l) => YARDSTICK.bench in l).map((l) => l[YARDSTICK.metric]);
  return sticks.length ? median(sticks) : null;
}

/**
 * Every `BENCH {...}` line of the output, parsed; every Go benchmark's result line as
 * `{go: name, <unit>: figure, ...}` (the name without its -GOMAXPROCS suffix); and every run line
 * of e2e/lighthouse/run.mjs as `{lighthouse: page, form, performance, accessibility, ...}`.
 */
export function benchLines(text) {
  return text.split('\n').flatMap((line) => {
    const json = /BENCH (\{.*\})\s*$/.exec(line)?.[1];
    if (json) return [JSON.parse(json)];
    const lh = /^([^\s:][^:]*?)\s+(celular|desktop)\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(line);
    if (lh) return [{ lighthouse: lh[1], form: lh[2], performance: +lh[3], accessibility: +lh[4], 'best-practices': +lh[5] }];
    const go = /^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+(.*)$/.exec(line);
    if (!go) return [];
    const record = { go: go[1] };
    for (const [, figure, unit] of go[2].matchAll(/([-\d.e+]+) (\S+)/g)) record[unit] = Number(figure);
    return [record];
  });
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Each budget with its figures (several runs: the median counts) and its verdict. */
export function check(lines, budgets = BUDGETS) {
  return budgets.map((b) => {
    const figures = lines
      .filter((l) => b.bench in l && Object.entries(b.match ?? {}).every(([k, v]) => (v instanceof RegExp ? v.test(l[k]) : l[k] === v)))
      .map((l) => l[b.metric])
      .filter((x) => typeof x === 'number' && Number.isFinite(x));
    const worst = b.min === undefined ? Math.max : Math.min;
    const figure = figures.length ? (b.worst ? worst(...figures) : median(figures)) : null;
    const met = figure === null ? null : b.min === undefined ? figure <= b.max : figure >= b.min;
    // A ratio budget without a figure is broken too: its bench did not say.
    const fails = b.ratio === true && met !== true;
    return { ...b, figures, figure, met, fails };
  });
}

/** ratio: fails `make bench`; score: Lighthouse's, which fails it too; absolute: reported. */
export const kind = (b) => (b.ratio ? 'ratio' : b.min !== undefined ? 'score' : 'absolute');

/** A figure as the tables show it: thousands separated, one decimal at most. */
export const number = (x) => x.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** A budget's limit as the table shows it. */
export const limit = (b) => (b.min !== undefined ? `≥ ${b.min}` : `${b.ratio ? '≤' : '<'} ${b.max.toLocaleString('en-US')}`);

export function table(results, yardstick) {
  // A time in yardsticks: the same app on a slower machine keeps about the same number.
  const inSticks = (r) => (!r.what.endsWith('(ms)') || r.figure === null || !yardstick ? '' : ` (${(r.figure / yardstick).toFixed(1)}× yardstick)`);
  const rows = results.map((r) => [
    r.what,
    (r.figures.length ? r.figures.join(', ') : '—') + inSticks(r),
    limit(r),
    kind(r),
    r.met === null ? 'NO FIGURE' : r.met ? 'met' : r.ratio ? 'BROKEN' : r.min !== undefined ? 'UNDER' : 'missed (reported)',
  ]);
  const head = ['budget', 'figure(s)', 'limit', 'kind', 'verdict'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  return [
    `machine: ${availableParallelism()} cores, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}; yardstick (objects snapshot, download and parse): ${yardstick ?? '—'} ms`,
    line(head),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...rows.map(line),
  ].join('\n');
}

/**
 * What fails `make bench`, one line for each of its two reasons, so a run failed by Lighthouse does
 * not hide a ratio (or the other way round): a broken ratio budget (or one whose bench printed no
 * figure), and a Lighthouse score under its target (or one Lighthouse did not give).
 */
export function verdicts(results) {
  const shown = (r, what = r.what) => `${what} ${r.figure === null ? 'no figure' : number(r.figure)} (${limit(r)})`;
  const broken = results.filter((r) => r.fails);
  const under = results.filter((r) => kind(r) === 'score' && r.met !== true);
  return {
    failed: broken.length > 0 || under.length > 0,
    lines: [
      broken.length ? `BROKEN ratio: ${broken.map((r) => shown(r)).join('; ')}` : 'every ratio budget met',
      under.length
        ? `Lighthouse below its scores: ${under.map((r) => shown(r, r.what.replace(/^Lighthouse /, ''))).join('; ')}`
        : 'every Lighthouse score met',
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = readFileSync(process.argv[2] ?? 0, 'utf8');
  const lines = benchLines(text);
  const results = check(lines);
  console.log(table(results, yardstick(lines)));
  const { failed, lines: last } = verdicts(results);
  console.log(`\n${last.join('\n')}`);
  if (failed) process.exit(1);
}
