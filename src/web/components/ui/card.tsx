import type { HTMLAttributes } from "react";

/** A rounded paper card: the app's main surface. */
export function Card({ className = "", ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={`rounded-[var(--radius-card)] border border-line bg-white shadow-sm ${className}`} {...props} />
  );
}
