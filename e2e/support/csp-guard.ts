import { afterEach, expect } from "vitest";
import { takeCspViolations } from "./browser";

// Any Content-Security-Policy violation on any screen fails the journey that caused it: the
// policy is part of the product, and a violation means a feature works only where CSP is lax.
afterEach(() => {
  expect(takeCspViolations(), "Content-Security-Policy violations").toEqual([]);
});
