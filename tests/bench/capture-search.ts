// bench:capture's catalogue searches, made from a process of their own, as a founder's browser makes them from
// another host: in the server's process the client's work (the request, reading the answer) would share the event
// loop the searches are answered on, and be timed as the server's.
//   tsx tests/bench/capture-search.ts BASE AUTHORIZATION
// Searches one at a time, a few terms in turn, until its standard input ends; then prints the times (ms) as JSON
// on a line.
import { argv, stdin, stdout } from 'node:process';

const SEARCHES = ['ventures', 'schmidt', 'capital partners', 'son', 'zqxj', 'Luigi Bartell'];

const [base, authorization] = argv.slice(2);
let done = false;
stdin.on('end', () => (done = true)).resume();

const times: number[] = [];
for (let i = 0; !done; i++) {
  const started = performance.now();
  const res = await fetch(`${base}/investors/search?search_term=${encodeURIComponent(SEARCHES[i % SEARCHES.length])}&per_page=25`, { headers: { authorization } });
  if (!res.ok) throw new Error(`search: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  times.push(performance.now() - started);
}
stdout.write(`${JSON.stringify(times)}\n`);
