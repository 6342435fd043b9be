// The capture listener: an SMTP server (Nodemailer's smtp-server) that takes mail for `log+TOKEN@CAPTURE_DOMAIN`
// as a domain's MX does, with no authentication. Its answers are exact: an unknown or rotated address 550 at RCPT,
// more than an address's hourly mails 451, over 10 MB 552, a mail that cannot be read 554 with why, a mail whose
// writes failed 451 (nothing was written: the retry logs it once). Bad input never stops it.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import { CAPTURE_LIMITS } from '../../../shared/capture.js';
import type { TlsFiles } from '../../config.js';
import type { ListWriter } from '../lists/list-change.js';
import type { MailLimit } from './mail-limit.js';
import type { CaptureTokens } from './capture-tokens.js';
import { captureToken, takeMail } from './intake.js';
import { parseMail, UnreadableMail } from './mail-parse.js';

/** Connections one instance holds at once, and from one address. */
export const SMTP_MAX_CONNECTIONS = 200;
export const SMTP_MAX_CONNECTIONS_PER_ADDRESS = 50;
/** Capture recipients of one mail (each an account it is logged for). */
const MAX_RECIPIENTS = 20;
const NO_SUCH_ADDRESS = 'No such capture address here (it may have been rotated)';
/** A connection quiet this long is closed. */
const SOCKET_TIMEOUT_MS = 60_000;

export interface CaptureListener {
  /** Starts taking mail; answers the port bound (`port` 0 asks the system for one). */
  listen(port: number, host: string): Promise<number>;
  /** The port it listens on, null while it does not. */
  readonly port: number | null;
  /** Takes no new connection, lets the mails being written finish (a few seconds at most), then closes the rest. */
  close(): Promise<void>;
}

export interface ListenerOptions {
  writer: ListWriter;
  log: FastifyBaseLogger;
  captureDomain: string;
  limit: MailLimit;
  /** The accounts of capture tokens, as RCPT checks them. */
  tokens: CaptureTokens;
  tls: TlsFiles | undefined;
  /** How long close waits for mails being written. */
  closeGraceMs?: number;
}

function refusal(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

export function captureListener(options: ListenerOptions): CaptureListener {
  const { writer, log, captureDomain, limit, tokens } = options;
  const perAddress = new Map<string, number>();
  const working = new Set<Promise<unknown>>();
  let boundPort: number | null = null;

  async function onRcptTo(address: SMTPServerAddress, session: SMTPServerSession): Promise<void> {
    if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) throw refusal(452, `At most ${MAX_RECIPIENTS} capture addresses a mail`);
    const token = captureToken(address.address, captureDomain);
    const userId = token === null ? null : await tokens.accountOf(token);
    if (userId === null) throw refusal(550, NO_SUCH_ADDRESS);
    if (!(await limit.take(userId)).allowed) {
      throw refusal(451, `This address takes at most ${CAPTURE_LIMITS.mailsPerHour} mails an hour: try again later`);
    }
  }

  async function received(raw: Buffer, session: SMTPServerSession): Promise<string> {
    const receivedAt = new Date();
    let parsed;
    try {
      parsed = await parseMail(raw, receivedAt);
    } catch (error) {
      if (error instanceof UnreadableMail) throw refusal(554, `The mail cannot be read: ${error.reason}`);
      throw error;
    }
    let rows = 0;
    let taken = 0;
    for (const recipient of session.envelope.rcptTo) {
      const token = captureToken(recipient.address, captureDomain);
      if (token === null) continue;
      try {
        const mail = await takeMail(writer, captureDomain, token, parsed, receivedAt);
        if (mail === null) continue;
        taken++;
        rows += mail.rows;
      } catch (error) {
        log.error({ err: error }, 'capture: a mail could not be logged');
        throw refusal(451, 'The mail could not be logged just now: try again later');
      }
    }
    // Every address it was sent to rotated since RCPT (at another instance, whose rotation this one's cache missed).
    if (taken === 0) throw refusal(550, NO_SUCH_ADDRESS);
    return `Taken (${rows} row${rows === 1 ? '' : 's'})`;
  }

  function onData(stream: SMTPServerDataStream, session: SMTPServerSession, answer: (error?: Error | null, message?: string) => void) {
    let answered = false;
    const callback = (error?: Error | null, message?: string) => {
      if (answered) return;
      answered = true;
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
          if (error.responseCode === undefined) log.error({ err: error }, 'capture: a mail failed');
          callback(error.responseCode === undefined ? refusal(451, 'The mail could not be taken just now: try again later') : error);
        },
      );
      working.add(work);
      void work.finally(() => working.delete(work));
    });
  }

  const server = new SMTPServer({
    name: captureDomain,
    banner: 'Fundscape capture',
    logger: false,
    authOptional: true,
    disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    hideSTARTTLS: !options.tls,
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    size: CAPTURE_LIMITS.mailBytes,
    maxClients: SMTP_MAX_CONNECTIONS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    closeTimeout: options.closeGraceMs ?? 5000,
    onConnect(session, callback) {
      const held = perAddress.get(session.remoteAddress) ?? 0;
      if (held >= SMTP_MAX_CONNECTIONS_PER_ADDRESS) return callback(refusal(421, 'Too many connections from your address'));
      perAddress.set(session.remoteAddress, held + 1);
      callback();
    },
    onClose(session) {
      const held = (perAddress.get(session.remoteAddress) ?? 1) - 1;
      if (held <= 0) perAddress.delete(session.remoteAddress);
      else perAddress.set(session.remoteAddress, held);
    },
    onRcptTo(address, session, callback) {
      onRcptTo(address, session).then(
        () => callback(),
        (error: Error & { responseCode?: number }) => {
          if (error.responseCode === undefined) log.error({ err: error }, 'capture: a recipient could not be checked');
          callback(error.responseCode === undefined ? refusal(451, 'The address cannot be checked just now: try again later') : error);
        },
      );
    },
    onData,
  });
  // A client's misbehaviour (a reset connection, a broken TLS handshake) is its own: logged, never the listener's end.
  server.on('error', (error) => log.warn({ err: error }, 'capture listener: a connection failed'));

  return {
    get port() {
      return boundPort;
    },
    listen(port, host) {
      return new Promise((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        server.server.once('error', onError);
        server.listen(port, host, () => {
          server.server.off('error', onError);
          boundPort = (server.server.address() as AddressInfo).port;
          resolve(boundPort);
        });
      });
    },
    async close() {
      if (boundPort === null) return;
      boundPort = null;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const grace = new Promise((resolve) => setTimeout(resolve, options.closeGraceMs ?? 5000).unref());
      await Promise.race([Promise.allSettled([...working]), grace]);
      for (const connection of server.connections as Set<{ send(code: number, text: string): void; close(): void }>) {
        connection.send(421, 'Server shutting down');
        connection.close();
      }
      await closed;
    },
  };
}
