/**
 * Wait until every finite animation and transition on the page has ended (spinners run forever
 * and are left alone): a dialog still fading in has a lower contrast, and other sizes, than the
 * one people read. Used before axe-core and before a screen is measured.
 */
export function finishedAnimations(page) {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
