// bench:capture's mails, sent from a process of their own (so that the SMTP clients' work is not timed as the
// server's, whose event loop also answers the searches timed beside them):
//   tsx tests/bench/capture-send.ts PLAN_FILE
// PLAN_FILE (JSON, a SendPlan) names the listener, the API and the founders. Each of `connections` connections
// (Nodemailer's pool of one) sends its next mail once the last was answered; for one mail in `sampleEvery` it then
// reads the mail's list (GET /lists/{id}/items) for the row turned Contacted. Prints `sending` as it starts, then a
// SendResult as JSON on a line.
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';

export interface SendPlan {
  smtpPort: number;
  /** The API's base URL, …/api/v1. */
  base: string;
  mails: number;
  connections: number;
  sampleEvery: number;
  founders: Array<{
    email: string;
    address: string;
    authorization: string;
    lists: Array<{ id: number; investors: Array<{ id: number; email: string }> }>;
  }>;
}

export interface SendResult {
  seconds: number;
  /** Send → 250, every mail taken (ms). */
  answered: number[];
  /** The list read after the 250, and send → row seen there, for the mails sampled (ms). */
  reads: number[];
  seen: number[];
  /** SMTP refusals by code, HTTP failures by status, rows not seen changed. */
  failures: Record<string, number>;
  /** The CPU time this process used while sending (s). */
  cpuSeconds: number;
}

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8')) as SendPlan;
const result: SendResult = { seconds: 0, answered: [], reads: [], seen: [], failures: {}, cpuSeconds: 0 };
const fail = (key: string) => (result.failures[key] = (result.failures[key] ?? 0) + 1);
const founders = plan.founders;
let next = 0;

async function connection() {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: plan.smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 1, maxMessages: Infinity });
  for (let i = next++; i < plan.mails; i = next++) {
    const founder = founders[i % founders.length];
    const list = founder.lists[(i >> 3) % founder.lists.length];
    const investor = list.investors[(i * 7) % list.investors.length];
    const raw =
      [`From: Founder <${founder.email}>`, `To: ${investor.email}`, `Subject: Our seed round, update ${i}`, `Message-ID: <bench-${i}-${Date.now()}@bench.test>`,
        `Date: ${new Date().toUTCString()}`, 'Content-Type: text/plain; charset=utf-8', '', 'Hi, a short update on our round. '.repeat(8)].join('\r\n') + '\r\n';
    const sentAt = performance.now();
    try {
      await transport.sendMail({ envelope: { from: founder.email, to: [founder.address] }, raw });
    } catch (error) {
      const { responseCode, message } = error as { responseCode?: number; message: string };
      fail(`SMTP ${responseCode ?? message.slice(0, 60)}`);
      continue;
    }
    const answeredAt = performance.now();
    result.answered.push(answeredAt - sentAt);
    if (i % plan.sampleEvery !== 0) continue;
    const res = await fetch(`${plan.base}/lists/${list.id}/items`, { headers: { authorization: founder.authorization } });
    if (!res.ok) {
      fail(`HTTP ${res.status} ${(await res.text()).slice(0, 100)}`);
      continue;
    }
    const items = (await res.json()) as Array<{ id: number; pipeline: { stage: string } }>;
    if (items.find((item) => item.id === investor.id)?.pipeline.stage !== 'contacted') fail('row unchanged');
    const readAt = performance.now();
    result.reads.push(readAt - answeredAt);
    result.seen.push(readAt - sentAt);
  }
  transport.close();
}

// The bench times the searches beside the mails from this line on.
process.stdout.write('sending\n');
const started = performance.now();
const cpuAtStart = process.cpuUsage();
await Promise.all(Array.from({ length: plan.connections }, connection));
result.seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuAtStart);
result.cpuSeconds = (cpu.user + cpu.system) / 1e6;
process.stdout.write(JSON.stringify(result));
