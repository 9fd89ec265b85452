import { lazy, type ComponentType } from "react";

/** A screen loaded on demand, which can also be loaded ahead (`preload`) so it renders without suspending. */
export interface LazyScreen<P extends object> {
  (props: P): React.ReactElement;
  preload(): Promise<unknown>;
}

/**
 * Like React.lazy, but once the code is here the screen renders directly. The browser loads a
 * server-rendered page's screen before hydrating (main.tsx), so React hydrates the whole page in
 * one pass instead of leaving its part for later, when an early update (the account arriving)
 * would make React throw the server's HTML away and render it again.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (offline) may be tried again on the next visit to the screen.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Screen(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  Screen.preload = preload;
  return Screen;
}
