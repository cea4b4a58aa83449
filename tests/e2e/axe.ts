import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe-core violations on the page (or inside `include`; only `rules` when
 * named; without the rules of `skip`), as 'rule: targets' lines, so a failing expectation names
 * what to fix. label-content-name-mismatch is experimental in axe-core, off unless asked for: we
 * ask for it (as AxeBuilder did, naming `skip` replaces that rule list, so the French walk's
 * checks run without it).
 *
 * Colour contrast is measured on the screen as it settles: a button that has just become enabled
 * is still fading into its colour (MUI's 250 ms transition), and axe read the colour halfway
 * once. So the page's finite animations and transitions end first (spinners never end: not
 * waited for).
 *
 * A page without frames (every console screen and fan page we check) runs axe.run in the page,
 * axe injected once per document, with only the violations gathered in full (resultTypes).
 * AxeBuilder injected axe twice per check, ran runPartial and then finishRun in a new blank page,
 * and gathered every pass and inapplicable node: on a busy two-core machine a check took 1.2 to
 * 3.9 s on Fan Uploads and 1.8 s on account settings, against 0.5 to 1.5 s and 0.3 s this way,
 * with the same violations. A page with frames still goes through AxeBuilder, which checks
 * inside them, cross-origin ones too.
 */
export async function seriousViolations(page: Page, { include, rules, skip }: { include?: string; rules?: string[]; skip?: string[] } = {}): Promise<string[]> {
  // A viewport just resized lays out on the next frame, where media queries change and the
  // screens that follow them (a table becoming a phone list) render again: axe once ran on the
  // desktop table squeezed to 390 px, a scrolling region no phone ever shows.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().iterations ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const options: axe.RunOptions = {
    rules: skip ? Object.fromEntries(skip.map((rule) => [rule, { enabled: false }])) : { 'label-content-name-mismatch': { enabled: true } },
    ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
  };
  let violations: axe.Result[];
  if (page.frames().length > 1) {
    let builder = new AxeBuilder({ page }).options(options);
    if (include) builder = builder.include(include);
    violations = (await builder.analyze()).violations;
  } else {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
    violations = await page.evaluate(
      async ({ include, options }) => (await window.axe.run(include ? { include: [include], exclude: [] } : document, options)).violations,
      { include, options: { ...options, resultTypes: ['violations'] as axe.resultGroups[] } },
    );
  }
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
