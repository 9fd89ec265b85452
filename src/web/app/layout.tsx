import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { Trans } from "@lingui/react/macro";
import { Header } from "./header";
import { BottomBar } from "./bottom-bar";

/**
 * Page frame: header, the page, and the bottom bar on small screens (with room left for it).
 * The canvas sizes itself to the screen between them; on small screens its own header (back
 * arrow, the dragon's name, Save) takes the site header's place (styles.css), so the paper keeps
 * the height.
 */
export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const immersive = location.startsWith("/draw/");
  return (
    <div className="paper-grid flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <main id="main" className={immersive ? "flex-1" : "flex-1 pb-20 md:pb-0"}>
        {children}
      </main>
      <BottomBar />
    </div>
  );
}
