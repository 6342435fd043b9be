// One founder's previews back to back, from a process of its own (so that building 0.4 MB requests and reading
// 3.6 MB answers does not hold the benchmark's event loop, where another founder's searches are timed):
//   tsx tests/bench/preview-loop.ts URL AUTHORIZATION ROWS_FILE LOOPS
// LOOPS previews at a time, each loop sending its next as soon as the last is answered (after a refusal, once
// Retry-After has passed, at most a second). Runs until its stdin closes, then prints what it saw as JSON.
import { readFileSync } from 'node:fs';

const [url, authorization, rowsFile, loops] = process.argv.slice(2);
const body = readFileSync(rowsFile, 'utf8');
const statuses: Record<number, number> = {};
const answered: number[] = [];
let stopping = false;
process.stdin.on('end', () => (stopping = true));
process.stdin.resume();

async function loop() {
  while (!stopping) {
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status === 200) answered.push(performance.now() - started);
    else {
      const wait = Math.min(1000, Number(res.headers.get('retry-after') ?? 1) * 1000);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

await Promise.all(Array.from({ length: Number(loops) }, loop));
process.stdout.write(JSON.stringify({ statuses, answered }));
