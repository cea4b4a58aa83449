import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe-core violations on the page (or inside `include`; only `rules` when
 * named; without the rules of `skip`), as 'rule: targets' lines, so a failing expectation names
 * what to fix. label-content-name-mismatch is experimental in axe-core, off unless asked for: we
 * ask for it.
 *
 * Colour contrast is measured on the screen as it settles: a button that has just become enabled
 * is still fading into its colour (MUI's 250 ms transition), and axe read the colour halfway
 * once. So the page's finite animations and transitions end first (spinners never end: not
 * waited for).
 */
export async function seriousViolations(page: Page, { include, rules, skip }: { include?: string; rules?: string[]; skip?: string[] } = {}): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().iterations ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (include) builder = builder.include(include);
  if (rules) builder = builder.withRules(rules);
  if (skip) builder = builder.disableRules(skip);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
