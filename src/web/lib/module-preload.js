// Vite's `__vitePreload`, which every lazy `import()` of the build goes through, without what this
// app does not need: `<link rel=modulepreload>` detection (every browser we support has it: decision
// 016b), a CSP nonce (the app sets none) and addresses relative to a base (ours is "/"). Like
// Vite's: a chunk's files and CSS are asked for at once, each once, none that the page already
// links; the chunk runs once its CSS is in; a failure is announced as the `vite:preloadError` event
// and thrown unless a listener prevents it. vite.config.ts loads it in place of Vite's (decision 058).
const seen = {};

export const __vitePreload = (load, deps) => {
  let linked;
  const failed = (error) => {
    const event = new Event("vite:preloadError", { cancelable: true });
    event.payload = error;
    window.dispatchEvent(event);
    if (!event.defaultPrevented) throw error;
  };
  const waits = (deps || []).map((dep) => {
    const href = new URL(`/${dep}`, location.href).href;
    const css = dep.endsWith(".css");
    if (href in seen) return seen[href];
    if (!linked) {
      linked = new Set();
      for (const link of document.getElementsByTagName("link"))
        linked.add(link.href).add(link.rel === "stylesheet" ? `css ${link.href}` : "");
    }
    let loaded;
    if (!linked.has(css ? `css ${href}` : href)) {
      const link = document.createElement("link");
      link.rel = css ? "stylesheet" : "modulepreload";
      if (!css) link.as = "script";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
      if (css)
        loaded = new Promise((resolve, reject) => {
          link.onload = resolve;
          link.onerror = () => reject(new Error(`Unable to preload CSS for ${href}`));
        }).finally(() => (seen[href] = undefined));
    }
    return (seen[href] = loaded);
  });
  return Promise.all(
    waits.map((wait) =>
      Promise.resolve(wait).then(
        () => null,
        (error) => [error],
      ),
    ),
  ).then((errors) => {
    for (const error of errors) if (error) failed(error[0]);
    return load().catch(failed);
  });
};
