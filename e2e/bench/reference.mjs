// The table at the top of docs/benchmarks.md, written from a `make bench` log: every budget of
// budgets.mjs with its latest figure, its verdict, the commit and the machine. The reader gets the
// last run without reading any history; a budget added to budgets.mjs gets its row here.
//
//   node e2e/bench/reference.mjs stamp > bench.log           (first: commit, cores, load)
//   node e2e/bench/reference.mjs update bench.log docs/benchmarks.md
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { benchLines, check, kind, limit, number, yardstick } from './budgets.mjs';

export const START = '<!-- budgets:start (written by `make bench`, e2e/bench/reference.mjs: do not edit by hand) -->';
export const END = '<!-- budgets:end -->';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();

/** The run's own line, printed before the benches: which code, on what machine, how loaded. */
export function stamp() {
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  return { stamp: { commit: git('rev-parse', '--short', 'HEAD'), dirty, at: new Date().toISOString(), cores: availableParallelism(), load: loadavg() } };
}

const verdict = (r) => (r.met === null ? 'no figure' : r.met ? 'met' : r.ratio ? '**broken**' : r.min !== undefined ? '**under**' : 'missed (reported)');

/** The figure a row shows: the one that counts, and the runs when there were several. */
function figure(r) {
  if (r.figure === null) return '—';
  const runs = r.figures.length > 1 ? ` (${r.figures.map(number).join(', ')})` : '';
  return `${r.worst && r.figures.length > 1 ? 'worst ' : ''}${number(r.figure)}${runs}`;
}

/** The markdown between the markers: the run's line, then one row per budget. */
export function render(text, end = { load: loadavg() }) {
  const lines = benchLines(text);
  const s = lines.find((l) => l.stamp)?.stamp;
  const load = (xs) => xs.map((x) => x.toFixed(1)).join(' ');
  const stick = yardstick(lines);
  const head = s
    ? `Last run: commit \`${s.commit}\`${s.dirty ? ' with uncommitted changes' : ''}, ${s.at.slice(0, 16).replace('T', ' ')} UTC, ` +
      `${s.cores} cores, load average ${load(s.load)} at the start and ${load(end.load)} at the end`
    : `Last run: no stamp line in the log, load average ${load(end.load)} at the end`;
  const rows = check(lines).map((r) => `| ${r.what} | ${figure(r)} | ${limit(r)} | ${kind(r)} | ${verdict(r)} |`);
  return [
    `${head}; yardstick (objects snapshot, download and parse): ${stick === null ? '—' : `${number(stick)} ms`}.`,
    '',
    '| budget | figure | limit | kind | verdict |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The page with the text between its markers replaced; a page without them is an error. */
export function replaceTable(page, table) {
  const from = page.indexOf(START);
  const to = page.indexOf(END);
  if (from < 0 || to < from) throw new Error(`the page has no ${START} … ${END} markers`);
  return `${page.slice(0, from + START.length)}\n${table}\n${page.slice(to)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, log, page] = process.argv.slice(2);
  if (command === 'stamp') console.log(`BENCH ${JSON.stringify(stamp())}`);
  else if (command === 'update' && log && page) writeFileSync(page, replaceTable(readFileSync(page, 'utf8'), render(readFileSync(log, 'utf8'))));
  else {
    console.error('usage: reference.mjs stamp | reference.mjs update LOG PAGE');
    process.exit(2);
  }
}
