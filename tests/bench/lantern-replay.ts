// npx tsx tests/bench/lantern-replay.ts .tmp/audit/investors-1 [--slowdown N]: replays Lighthouse's simulation
// (Lantern) of one `npm run audit` run from the trace and DevTools log it kept, and prints the simulated
// timeline: FCP, LCP, TTI and each main-thread task of 10 ms or more with its simulated start and length,
// what it mostly ran (its first script URL) and the Total Blocking Time it adds. This is what TBT is made of:
// Lighthouse counts the simulated tasks after the simulated FCP, each beyond its first 50 ms.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { slowdown: { type: 'string' } } });
const base = positionals[0]?.replace(/\.(trace|devtoolslog)\.json$|\.json$/, '');
if (!base) throw new Error('usage: lantern-replay.ts .tmp/audit/<page>-<run> [--slowdown N]');

const trace = JSON.parse(readFileSync(`${base}.trace.json`, 'utf8'));
const { devtoolsLog, URL, settings } = JSON.parse(readFileSync(`${base}.devtoolslog.json`, 'utf8'));
if (values.slowdown) settings.throttling = { ...settings.throttling, cpuSlowdownMultiplier: Number(values.slowdown) };
const data = { trace, devtoolsLog, URL, settings, gatherContext: { gatherMode: 'navigation' as const }, SourceMaps: [], simulator: null };
const context = { computedCache: new Map(), settings };

const fcp = await LanternFirstContentfulPaint.request(data, context);
const lcp = await LanternLargestContentfulPaint.request(data, context);
const tti = await LanternInteractive.request(data, context);
const tbt = await LanternTotalBlockingTime.request(data, context);
/** The shortest simulated task listed, as the header says. */
const MIN_TASK_MS = 10;
const ms = (n: number) => `${Math.round(n)}`.padStart(5);
console.log(`FCP ${ms(fcp.timing)} (optimistic ${ms(fcp.optimisticEstimate.timeInMs)}, pessimistic ${ms(fcp.pessimisticEstimate.timeInMs)})`);
console.log(`LCP ${ms(lcp.timing)}   TTI ${ms(tti.timing)}   TBT ${ms(tbt.timing)}`);

// TBT is the mean of two estimates; each counts its simulation's tasks between the other FCP estimate and its own TTI.
for (const [name, estimate, fcpAt, ttiAt] of [
  ['optimistic', tbt.optimisticEstimate, fcp.pessimisticEstimate.timeInMs, tti.optimisticEstimate.timeInMs],
  ['pessimistic', tbt.pessimisticEstimate, fcp.optimisticEstimate.timeInMs, tti.pessimisticEstimate.timeInMs],
] as const) {
  console.log(`\n${name} simulation: TBT ${ms(estimate.timeInMs)}, counted from ${ms(fcpAt)} to ${ms(ttiAt)}`);
  console.log('  start   end  dur  tbt  observed  what');
  const nodes = [...estimate.nodeTimings];
  const root = nodes.find(([node]) => node.type === 'network' && node.isMainDocument())![0];
  const cpu = nodes.filter(([node, t]) => node.type === 'cpu' && t.duration >= MIN_TASK_MS).sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, t] of cpu) {
    if (node.type !== 'cpu') continue;
    const clipped = Math.min(t.endTime, ttiAt) - Math.max(t.startTime, fcpAt);
    const blocking = t.duration >= 50 && clipped > 50 ? clipped - 50 : 0;
    const events = node.childEvents;
    const url = events.find((e) => e.args?.data?.url)?.args?.data?.url ?? '';
    const kinds = [...new Set(events.map((e) => e.name).filter((n) => /Evaluate|evaluateModule|FunctionCall|TimerFire|Layout|Paint|ParseHTML|RunMicrotasks|EventDispatch|FireAnimationFrame/.test(n)))];
    console.log(`  ${ms(t.startTime)} ${ms(t.endTime)} ${ms(t.duration)} ${ms(blocking)}  ${ms((node.startTime - root.startTime) / 1000)}  ${url.replace(/^https?:\/\/[^/]+/, '')} ${kinds.join(',')}`);
  }
}
