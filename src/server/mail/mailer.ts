import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port; without it every mail is printed to the console. */
  smtpUrl?: string;
  from: string;
  /** Where console mode prints; defaults to stdout. */
  log?: (text: string) => void;
}

export function createMailer({ smtpUrl, from, log = (t) => process.stdout.write(t) }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      async send(mail) {
        log(`\n--- mail to ${mail.to} ---\nSubject: ${mail.subject}\n\n${mail.text}\n--- end of mail ---\n`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}
