import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { Link } from "wouter";
import { useEffect } from "react";
import { useLingui } from "@lingui/react/macro";
import { directionOf } from "../../../shared/i18n/locales";
import { dismissToast, markToastsShown, useToasts, type ToastVariant, type ToastWords } from "./use-toast";

/* eslint-disable lingui/no-unlocalized-strings -- class lists, not words */
const variantClass: Record<ToastVariant, string> = {
  default: "border-line bg-white text-ink",
  destructive: "border-danger bg-danger text-white",
  warning: "border-amber-300 bg-amber-50 text-ink",
};
/* eslint-enable lingui/no-unlocalized-strings */

/** Radix puts the region's shortcut in place of this in its label. */
const hotkey = "{hotkey}";

/**
 * The app's toast region (Radix Toast): 5 s by default, swipe away past 50 px (to the right, or to
 * the left on a right-to-left page) to dismiss, F8 moves focus to the region, 420 px wide at most on
 * medium screens and up.
 */
export function Toaster() {
  const toasts = useToasts();
  const { t, i18n } = useLingui();
  const rtl = directionOf(i18n.locale) === "rtl";
  /** A toast's words: a string already in the page's language, or a message of the catalog. */
  const say = (words: ToastWords) => (typeof words === "string" ? words : i18n._(words));
  useEffect(() => markToastsShown(toasts.filter((item) => item.open).map((item) => item.id)), [toasts]);
  return (
    <ToastPrimitive.Provider
      duration={5000}
      swipeDirection={rtl ? "left" : "right"}
      swipeThreshold={50}
      label={t`Notification`}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={`group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl border p-4 pe-10 shadow-lg transition data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ltr:data-[swipe=end]:translate-x-full rtl:data-[swipe=end]:-translate-x-full ${variantClass[item.variant ?? "default"]}`}
        >
          <div className="grid gap-1">
            {item.title && (
              <ToastPrimitive.Title className="text-sm font-semibold">{say(item.title)}</ToastPrimitive.Title>
            )}
            {item.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {say(item.description)}
              </ToastPrimitive.Description>
            )}
            {item.action && (
              <ToastPrimitive.Action altText={say(item.action.label)} asChild>
                <Link
                  href={item.action.href}
                  className="mt-2 inline-flex min-h-11 w-fit items-center rounded-full bg-accent px-4 text-sm font-semibold text-white hover:bg-accent-strong"
                >
                  {say(item.action.label)}
                </Link>
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={t`Close notification`}
            className="absolute end-1 top-1 inline-flex h-11 w-11 items-center justify-center rounded-full opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        label={t`Notifications (${hotkey})`}
        className="fixed bottom-20 start-0 end-0 z-[100] mx-auto flex max-h-screen w-full flex-col gap-2 p-4 md:bottom-4 md:start-auto md:end-4 md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
