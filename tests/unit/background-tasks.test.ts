import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createBackgroundTasks } from '../../src/server/modules/auth/background-tasks.js';

function recordingLog() {
  const errors: string[] = [];
  const log = { error: (_obj: unknown, message: string) => errors.push(message) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

describe('background tasks', () => {
  it('starts a task only after the caller has moved on', async () => {
    const { log } = recordingLog();
    const tasks = createBackgroundTasks(log);
    const order: string[] = [];
    tasks.run('t', async () => {
      order.push('task');
    });
    order.push('caller');
    await tasks.settled();
    expect(order).toEqual(['caller', 'task']);
  });

  it('settles once every task, including ones started by tasks, has finished', async () => {
    const { log } = recordingLog();
    const tasks = createBackgroundTasks(log);
    const done: number[] = [];
    tasks.run('outer', async () => {
      await new Promise((r) => setTimeout(r, 20));
      done.push(1);
      tasks.run('inner', async () => {
        await new Promise((r) => setTimeout(r, 20));
        done.push(2);
      });
    });
    await tasks.settled();
    expect(done).toEqual([1, 2]);
  });

  it('logs a failure instead of throwing it', async () => {
    const { log, errors } = recordingLog();
    const tasks = createBackgroundTasks(log);
    tasks.run('mail', async () => {
      throw new Error('SMTP down');
    });
    await tasks.settled();
    expect(errors).toEqual(['background task failed: mail']);
  });
});
