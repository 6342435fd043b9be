// How many of the listener's questions (a token at RCPT, a mail's writes) the app answers at once; the rest wait their
// turn in order. Twenty SMTP sessions asking at once would otherwise fill the database's queue ahead of every request:
// PGlite runs one statement at a time, and PostgreSQL's pool has ten connections for the whole app.
export class MailLane {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
