// The capture listener's thread: an SMTP server (Nodemailer's smtp-server) that takes mail for
// `log+TOKEN@CAPTURE_DOMAIN` as a domain's MX does, with no authentication, reads each mail (mailparser and the
// forward parser, read-mail.ts) and writes it (thread-writer.ts). The sessions, the reading and the writes are most of
// a mail's CPU: here they never hold the app's event loop, which is asked (listener-messages.ts) whether a token may
// take mail.
// Its answers are exact: an unknown or rotated address 550 at RCPT, more than an address's hourly mails 451, over
// 10 MB 552, a mail that cannot be read 554 with why, a mail whose writes failed 451 (nothing was written: the retry
// logs it once). Bad input never stops it.
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { CAPTURE_LIMITS } from '../../../shared/capture.js';
import { captureToken } from './address-token.js';
import { NO_SUCH_ADDRESS, type FromListener, type ListenerSettings, type Question, type SmtpAnswer, type ToListener } from './listener-messages.js';
import { UnreadableMail } from './mail-parse.js';
import { readMail } from './read-mail.js';
import { threadWriter } from './thread-writer.js';

/** Connections one instance holds at once, and from one address. */
const SMTP_MAX_CONNECTIONS = 200;
const SMTP_MAX_CONNECTIONS_PER_ADDRESS = 50;
/** Capture recipients of one mail (each an account it is logged for). */
const MAX_RECIPIENTS = 20;
/** A connection quiet this long is closed. */
const SOCKET_TIMEOUT_MS = 60_000;

const port = parentPort!;
const settings = workerData as ListenerSettings;
const tell = (message: FromListener) => port.postMessage(message);

function refusal(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

function logError(level: 'warn' | 'error', message: string, error: unknown) {
  const { name, message: said, stack } = error instanceof Error ? error : new Error(String(error));
  tell({ kind: 'log', level, message, error: { name, message: said, stack } });
}

// On Linux the thread runs 10 nice steps below the app's thread (a nice value is kept per thread there, and 0 names
// the calling one; elsewhere it would be the whole process's): the founders' searches are answered on the app's
// thread, and a capture at full speed beside them, its mails written here, would otherwise take their CPU
// (tests/bench/README.md, round 6). A mail waits a little longer instead; the capture takes what the searches leave.
const THREAD_NICE = 10;
if (process.platform === 'linux') {
  try {
    os.setPriority(0, Math.min(19, os.getPriority(0) + THREAD_NICE));
  } catch {
    // Not allowed here: the thread runs at the process's priority.
  }
}

/** The app thread's answers, by the id of the question they answer. */
const waiting = new Map<number, (answer: SmtpAnswer) => void>();
let lastId = 0;

function ask(question: Question): Promise<SmtpAnswer> {
  const id = ++lastId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    tell({ ...question, id });
  });
}

const answered = (answer: SmtpAnswer) => {
  if (answer.code !== undefined) throw refusal(answer.code, answer.text);
  return answer.text;
};

const writer = threadWriter(
  settings.writes,
  settings.captureDomain,
  (listId, eventId) => tell({ kind: 'publish', listId, eventId }),
  (error) => logError('error', 'capture: a mail could not be logged', error),
  settings.requestsInFlight,
);

/** The accounts RCPT found for each session's capture tokens (the app's thread keeps them a few seconds). */
const accounts = new Map<string, Map<string, number>>();

const perAddress = new Map<string, number>();
const working = new Set<Promise<unknown>>();

async function received(raw: Buffer, session: SMTPServerSession): Promise<string> {
  let read;
  try {
    read = await readMail(raw, new Date());
  } catch (error) {
    if (error instanceof UnreadableMail) throw refusal(554, `The mail cannot be read: ${error.reason}`);
    throw error;
  }
  const tokens = session.envelope.rcptTo.map((recipient) => captureToken(recipient.address, settings.captureDomain)).filter((token) => token !== null);
  const found = accounts.get(session.id);
  return answered(await writer.answer(tokens.map((token) => ({ token, believed: found?.get(token) ?? null })), read));
}

function onData(stream: SMTPServerDataStream, session: SMTPServerSession, answer: (error?: Error | null, message?: string) => void) {
  let done = false;
  const callback = (error?: Error | null, message?: string) => {
    if (done) return;
    done = true;
    answer(error, message);
  };
  const chunks: Buffer[] = [];
  let bytes = 0;
  stream.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes <= CAPTURE_LIMITS.mailBytes) chunks.push(chunk);
  });
  stream.once('error', (error) => callback(error));
  stream.once('end', () => {
    if (stream.sizeExceeded || bytes > CAPTURE_LIMITS.mailBytes) {
      callback(refusal(552, `A mail may be ${CAPTURE_LIMITS.mailBytes / 1024 / 1024} MB at most`));
      return;
    }
    const work = received(Buffer.concat(chunks, bytes), session).then(
      (message) => callback(null, message),
      (error: Error & { responseCode?: number }) => {
        if (error.responseCode === undefined) logError('error', 'capture: a mail failed', error);
        callback(error.responseCode === undefined ? refusal(451, 'The mail could not be taken just now: try again later') : error);
      },
    );
    working.add(work);
    void work.finally(() => working.delete(work));
  });
}

const server = new SMTPServer({
  name: settings.captureDomain,
  banner: 'Fundscape capture',
  logger: false,
  authOptional: true,
  disabledCommands: settings.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
  hideSTARTTLS: !settings.tls,
  ...(settings.tls ? { key: settings.tls.key, cert: settings.tls.cert } : {}),
  size: CAPTURE_LIMITS.mailBytes,
  maxClients: SMTP_MAX_CONNECTIONS,
  socketTimeout: SOCKET_TIMEOUT_MS,
  closeTimeout: settings.closeGraceMs,
  onConnect(session, callback) {
    const held = perAddress.get(session.remoteAddress) ?? 0;
    if (held >= SMTP_MAX_CONNECTIONS_PER_ADDRESS) return callback(refusal(421, 'Too many connections from your address'));
    perAddress.set(session.remoteAddress, held + 1);
    callback();
  },
  onClose(session) {
    accounts.delete(session.id);
    const held = (perAddress.get(session.remoteAddress) ?? 1) - 1;
    if (held <= 0) perAddress.delete(session.remoteAddress);
    else perAddress.set(session.remoteAddress, held);
  },
  onRcptTo(address, session, callback) {
    if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(refusal(452, `At most ${MAX_RECIPIENTS} capture addresses a mail`));
    const token = captureToken(address.address, settings.captureDomain);
    if (token === null) return callback(refusal(550, NO_SUCH_ADDRESS));
    ask({ kind: 'recipient', token }).then((answer) => {
      answered(answer);
      if (answer.account !== undefined) {
        const found = accounts.get(session.id) ?? new Map<string, number>();
        found.set(token, answer.account);
        accounts.set(session.id, found);
      }
    }).then(
      () => callback(),
      (error: Error) => callback(error),
    );
  },
  onData,
});
// A client's misbehaviour (a reset connection, a broken TLS handshake) is its own: logged, never the listener's end.
server.on('error', (error) => logError('warn', 'capture listener: a connection failed', error));

function listen(at: number, host: string) {
  const onError = (error: Error & { code?: string }) => tell({ kind: 'listen-failed', message: error.message, code: error.code });
  server.server.once('error', onError);
  server.listen(at, host, () => {
    server.server.off('error', onError);
    tell({ kind: 'listening', port: (server.server.address() as AddressInfo).port });
  });
}

/** Takes no new connection, lets the mails being written finish (closeGraceMs at most), then closes the rest. */
async function close() {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const grace = new Promise((resolve) => setTimeout(resolve, settings.closeGraceMs).unref());
  await Promise.race([Promise.allSettled([...working]), grace]);
  for (const connection of server.connections as Set<{ send(code: number, text: string): void; close(): void }>) {
    connection.send(421, 'Server shutting down');
    connection.close();
  }
  await closed;
  await writer.close().catch((error: unknown) => logError('warn', 'capture listener: its pool did not close cleanly', error));
  tell({ kind: 'closed' });
}

port.on('message', (message: ToListener) => {
  if (message.kind === 'answer') {
    waiting.get(message.id)?.(message.answer);
    waiting.delete(message.id);
  } else if (message.kind === 'listen') listen(message.port, message.host);
  else void close();
});
