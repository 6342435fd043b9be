import { connect } from 'node:net';

/**
 * The Redis the suites may use: REDIS_URL, else redis://127.0.0.1:6379 when something there answers
 * PING. Without one the Redis suites are skipped, saying so.
 */
export async function reachableRedis(): Promise<string | undefined> {
  const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const { hostname, port } = new URL(url);
  const answers = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG') || data.toString().startsWith('-NOAUTH')));
  });
  if (!answers && process.env.REDIS_URL) throw new Error(`REDIS_URL is set but ${url} does not answer`);
  if (!answers) console.warn(`[redis] skipped the Redis suites: nothing answers at ${url} (set REDIS_URL to point at one)`);
  return answers ? url : undefined;
}
