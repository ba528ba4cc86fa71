// What the inspector's Chromium tests share: Chromium or, under CI=true, a failure that says how to get it.
import { CHROMIUM, CHROMIUM_TEST_TIMEOUT, chromiumPresent, launchChromium } from '../../../../examples/browser/test/chromium';

export { CHROMIUM_TEST_TIMEOUT, launchChromium };
// playwright-core is the examples' dependency, not the mock's: its types are reached through launchChromium.
export type Browser = Awaited<ReturnType<typeof launchChromium>>;
export type Page = Awaited<ReturnType<Browser['newPage']>>;
export type Locator = ReturnType<Page['locator']>;

/** Whether the suite can run; throws under CI=true when Chromium is missing, so CI never skips it silently. */
export function chromiumForInspector(): boolean {
  const present = chromiumPresent();
  if (!present && process.env.CI === 'true') {
    throw new Error(
      `The inspector page tests need Chromium at ${CHROMIUM} and CI=true: install it with \`apt-get update && apt-get install -y chromium\` (.ci/run does so as root).`,
    );
  }
  return present;
}
