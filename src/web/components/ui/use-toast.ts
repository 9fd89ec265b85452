import { useSyncExternalStore } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { wantToastRegion } from "./toast-region";

// docs/spec.md §9: one toast visible at a time; a dismissed toast stays in the store for
// 1,000,000 ms (its exit animation and screen-reader announcement finish long before).
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "destructive" | "warning";

/**
 * A toast's words: a string already in the page's language (a component's `t`), or a message of the
 * catalog (`msg`), which the toast region says in the language shown, for code outside components.
 */
export type ToastWords = string | MessageDescriptor;

export interface ToastOptions {
  title?: ToastWords;
  description?: ToastWords;
  variant?: ToastVariant;
  /** Milliseconds on screen; the provider's default is 5000. */
  duration?: number;
  /** A link offered in the toast, such as "Sign In". */
  action?: { label: ToastWords; href: string };
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

/** Close a toast (or all of them). */
export function dismissToast(id?: string) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  toasts.filter((t) => !t.open).forEach((t) => scheduleRemoval(t.id));
}

/** Show a toast; the newest replaces any other. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  const id = String(++counter);
  emit([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  wantToastRegion();
  return { id, dismiss: () => dismissToast(id) };
}

const shown = new Set<string>();
const shownWaiters = new Map<string, () => void>();

/** The toast region reports the toasts it has put on screen. */
export function markToastsShown(ids: string[]) {
  for (const id of ids) {
    shown.add(id);
    shownWaiters.get(id)?.();
    shownWaiters.delete(id);
  }
}

/**
 * Resolves once the toast is on screen: the region loads with the first toast (app/app.tsx), so
 * a page that leaves right after a toast must wait for it. After `limitMs` it resolves anyway (the
 * region's code could not load, offline).
 */
export function toastShown(id: string, limitMs = 3000): Promise<void> {
  if (shown.has(id)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    shownWaiters.set(id, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const NONE: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    // The server renders no toasts; a page hydrating after one was raised must match that first.
    () => NONE,
  );
}
