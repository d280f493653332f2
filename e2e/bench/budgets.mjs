// The speed budgets of the end-to-end benches, checked against their `BENCH {...}` lines: reads the
// benches' output (a file, or standard input), prints one table of every budget and exits 1 when a
// machine-relative budget is broken. A machine-relative budget is a ratio to a yardstick measured
// in the same run on the same machine (the new device against the snapshot's own download and
// parse), so a loaded or slow machine does not break it: only the app's own work does. Absolute
// budgets (milliseconds) are reported with the run's yardstick beside them, never a reason to fail:
// on a machine twice as loaded they take twice as long.
//
//   node e2e/bench/budgets.mjs bench.log
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/**
 * bench: the key only that bench's lines have; match: more fields the line must hold; metric: the
 * figure; max: its budget; ratio: the budget is a ratio to the run's yardstick.
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
  { bench: 'toSavedMs', metric: 'longestTaskMs', max: 100, what: 'longest main-thread task of an import (ms)' },
  { bench: 'toSavedMs', metric: 'syncMs', max: 3000, what: 'import synced to the server (ms)' },
  { bench: 'revealApartMs', metric: 'revealApartMs', max: 150, what: "the organiser's and the viewers' reveal of a place, apart (ms)" },
];

/** The yardstick of the runs: the objects snapshot's download and parse in the new device's page. */
const YARDSTICK = { bench: 'newDeviceMs', metric: 'snapshotMs' };

/** Every `BENCH {...}` line of the output, parsed. */
export function benchLines(text) {
  return text
    .split('\n')
    .map((line) => /BENCH (\{.*\})\s*$/.exec(line)?.[1])
    .filter(Boolean)
    .map((json) => JSON.parse(json));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Each budget with its figures (several runs: the median counts) and its verdict. */
export function check(lines, budgets = BUDGETS) {
  return budgets.map((b) => {
    const figures = lines
      .filter((l) => b.bench in l && Object.entries(b.match ?? {}).every(([k, v]) => l[k] === v))
      .map((l) => l[b.metric])
      .filter((x) => typeof x === 'number' && Number.isFinite(x));
    const figure = figures.length ? median(figures) : null;
    const met = figure === null ? null : figure <= b.max;
    // A ratio budget without a figure is broken too: its bench did not say.
    const fails = b.ratio === true && met !== true;
    return { ...b, figures, figure, met, fails };
  });
}

export function table(results, yardstick) {
  // An absolute figure in yardsticks: the same app on a slower machine keeps about the same number.
  const inSticks = (r) => (r.ratio || r.figure === null || !yardstick ? '' : ` (${(r.figure / yardstick).toFixed(1)}× yardstick)`);
  const rows = results.map((r) => [
    r.what,
    (r.figures.length ? r.figures.join(', ') : '—') + inSticks(r),
    `${r.ratio ? '≤' : '<'} ${r.max}`,
    r.ratio ? 'ratio' : 'absolute',
    r.met === null ? 'NO FIGURE' : r.met ? 'met' : r.ratio ? 'BROKEN' : 'over (reported)',
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = readFileSync(process.argv[2] ?? 0, 'utf8');
  const lines = benchLines(text);
  const results = check(lines);
  const sticks = lines.filter((l) => YARDSTICK.bench in l).map((l) => l[YARDSTICK.metric]);
  console.log(table(results, sticks.length ? median(sticks) : null));
  const broken = results.filter((r) => r.fails);
  if (broken.length) {
    console.log(`\n${broken.length} machine-relative budget(s) broken: ${broken.map((r) => r.what).join('; ')}`);
    process.exit(1);
  }
  console.log('\nevery machine-relative budget met');
}
