import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { Link } from "wouter";
import { useEffect } from "react";
import { dismissToast, markToastsShown, useToasts, type ToastVariant } from "./use-toast";

const variantClass: Record<ToastVariant, string> = {
  default: "border-line bg-white text-ink",
  destructive: "border-danger bg-danger text-white",
  warning: "border-amber-300 bg-amber-50 text-ink",
};

/**
 * The app's toast region (Radix Toast): 5 s by default, swipe right past 50 px to dismiss,
 * F8 moves focus to the region, 420 px wide at most on medium screens and up.
 */
export function Toaster() {
  const toasts = useToasts();
  useEffect(() => markToastsShown(toasts.filter((t) => t.open).map((t) => t.id)), [toasts]);
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={`group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl border p-4 pr-10 shadow-lg transition data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full ${variantClass[t.variant ?? "default"]}`}
        >
          <div className="grid gap-1">
            {t.title && <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>}
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            )}
            {t.action && (
              <ToastPrimitive.Action altText={t.action.label} asChild>
                <Link
                  href={t.action.href}
                  className="mt-2 inline-flex min-h-11 w-fit items-center rounded-full bg-accent px-4 text-sm font-semibold text-white hover:bg-accent-strong"
                >
                  {t.action.label}
                </Link>
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute right-1 top-1 inline-flex h-11 w-11 items-center justify-center rounded-full opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        className="fixed bottom-20 left-0 right-0 z-[100] mx-auto flex max-h-screen w-full flex-col gap-2 p-4 md:bottom-4 md:left-auto md:right-4 md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
