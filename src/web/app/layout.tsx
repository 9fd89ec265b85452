import type { ReactNode } from "react";
import { Header } from "./header";
import { BottomBar } from "./bottom-bar";

/** Page frame: header, the page, and the bottom bar on small screens (with room left for it). */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="paper-grid flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1 pb-20 md:pb-0">
        {children}
      </main>
      <BottomBar />
    </div>
  );
}
