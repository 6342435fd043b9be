// A line per test file as it ends, for `npm test`'s two Vitest processes running side by side (tests/run-suites.ts):
// their blob reports make the one report at the end, and this says meanwhile how far each has got.
import type { Reporter, TestModule } from 'vitest/node';

const MARK = { passed: '✓', failed: '×', skipped: '↓', pending: '…', queued: '…' } as const;

export default class FileProgressReporter implements Reporter {
  onTestModuleEnd(testModule: TestModule) {
    const tests = [...testModule.children.allTests()];
    const failed = tests.filter((test) => test.result().state === 'failed').length;
    const seconds = (testModule.diagnostic().duration / 1000).toFixed(1);
    const counts = failed ? `${tests.length} tests, ${failed} failed` : `${tests.length} tests`;
    process.stdout.write(`${MARK[testModule.state()]} ${testModule.project.name} ${testModule.relativeModuleId} (${counts}) ${seconds} s\n`);
  }
}
