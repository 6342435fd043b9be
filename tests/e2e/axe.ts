// The accessibility check every browser suite can reuse: axe-core (through @axe-core/playwright) on
// the whole page as it is, against WCAG 2.0 and 2.1 levels A and AA, failing on serious and critical
// violations, and on a heading that skips a level (an h3 straight under the h1): a screen reader's outline of the
// page would skip it. axe files `heading-order` as a best practice of moderate impact, outside the WCAG tags;
// Lighthouse counts it. Nothing is excluded from the scan: a failure lists each rule with the elements it found.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect as globalExpect, type ExpectStatic } from 'vitest';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const HEADING_ORDER = 'heading-order';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * Waits for running transitions and animations to end (a menu growing, a drawer sliding in): text
 * half faded in would fail the contrast rule. Endless ones (spinners) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

/** The serious and critical WCAG 2.1 A/AA violations axe finds on the page once it has settled, and skipped heading levels. */
async function failingViolations(page: Page): Promise<Violation[]> {
  await settled(page);
  const results = await new AxeBuilder({ page })
    .options({ rules: { [HEADING_ORDER]: { enabled: true } } })
    .withTags(WCAG_TAGS)
    .analyze();
  return results.violations.filter((violation) => violation.id === HEADING_ORDER || FAILING_IMPACTS.has(violation.impact ?? ''));
}

/** `rule-id (impact): help — target <html…>` for a flagged element (targets are axe's selectors). */
function describeNode(violation: Violation, node: Violation['nodes'][number]): string {
  const html = node.html.length > 160 ? `${node.html.slice(0, 160)}…` : node.html;
  const why = node.failureSummary ? ` (${node.failureSummary.replace(/\s+/g, ' ').trim()})` : '';
  return `${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(' >>> ')} ${html}${why}`;
}

/**
 * Fails the test when axe finds a serious or critical violation on the page, or a skipped heading level, naming
 * each rule and element. A soft assertion: the test goes on, so one run reports every page it checks. A concurrent test
 * passes its own `expect` (from its context), so the failure is reported on it.
 */
export async function expectNoSeriousViolations(page: Page, where = page.url(), expect: ExpectStatic = globalExpect): Promise<void> {
  const found = (await failingViolations(page)).flatMap((violation) => violation.nodes.map((node) => describeNode(violation, node)));
  expect.soft(found, `axe on ${where}`).toEqual([]);
}

