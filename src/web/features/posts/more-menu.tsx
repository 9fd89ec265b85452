import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { MoreHorizontal, type LucideIcon } from "lucide-react";

export interface MenuItem {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * The ⋯ button and its menu (the WAI-ARIA menu button pattern): Enter, Space or a click opens it
 * on its first item; arrows, Home and End move; Escape or Tab closes it and focus returns to the
 * button. The menu is drawn over the page (a portal), so no card's edge cuts it off. Hand-written rather
 * than Radix DropdownMenu, which would grow every public page's first load (decision 046).
 */
export function MoreMenu({ label, items, size = "md" }: { label: string; items: MenuItem[]; size?: "md" | "sm" }) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top?: number; bottom?: number; left?: number; right?: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const show = () => {
    const rect = button.current!.getBoundingClientRect();
    // The menu lines up with the button's end edge: its right one, its left one on a right-to-left page.
    const side =
      getComputedStyle(button.current!).direction === "rtl"
        ? { left: Math.max(8, rect.left) }
        : { right: Math.max(8, window.innerWidth - rect.right) };
    // Near the bottom of the window the menu opens upwards.
    setPlace(
      window.innerHeight - rect.bottom < 56 * items.length + 24
        ? { bottom: window.innerHeight - rect.top + 4, ...side }
        : { top: rect.bottom + 4, ...side },
    );
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    // The menu is placed where the button is; focusing it must not scroll the page away from it.
    menu.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus({ preventScroll: true });
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node))
        setOpen(false);
    };
    const away = () => setOpen(false);
    // A scroll that moves the button leaves the menu behind, so it closes; the browser's own
    // adjustment while pictures above load (scroll anchoring) keeps the button where it was.
    const openedAt = button.current?.getBoundingClientRect().top;
    const scrolled = () => {
      const now = button.current?.getBoundingClientRect().top;
      if (now === undefined || openedAt === undefined || Math.abs(now - openedAt) > 2) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    window.addEventListener("resize", away);
    window.addEventListener("scroll", scrolled, true);
    return () => {
      document.removeEventListener("pointerdown", outside);
      window.removeEventListener("resize", away);
      window.removeEventListener("scroll", scrolled, true);
    };
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const go = (next: number) => entries[(next + entries.length) % entries.length]?.focus();
    if (event.key === "ArrowDown") go(at + 1);
    else if (event.key === "ArrowUp") go(at - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(entries.length - 1);
    else if (event.key === "Escape") close(true);
    else if (event.key === "Tab") close(false);
    else return;
    if (event.key !== "Tab") event.preventDefault();
    event.stopPropagation();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            show();
          }
        }}
        className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-paper-deep hover:text-ink ${open ? "bg-paper-deep text-ink" : ""}`}
      >
        <MoreHorizontal className={size === "sm" ? "h-4 w-4" : "h-5 w-5"} aria-hidden />
      </button>
      {open &&
        place &&
        createPortal(
          <div
            ref={menu}
            id={id}
            role="menu"
            aria-label={label}
            onKeyDown={onMenuKey}
            style={place}
            className="fixed z-40 min-w-48 overflow-hidden rounded-2xl border border-line bg-white p-1.5 shadow-xl"
          >
            {items.map((item) => (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
                className={`flex min-h-11 w-full items-center gap-3 rounded-xl px-3.5 text-start text-sm font-semibold hover:bg-paper-deep focus:bg-accent-soft focus:text-accent-strong focus:outline-none ${item.danger ? "text-danger" : "text-ink"}`}
              >
                <item.icon className="h-4 w-4 shrink-0" aria-hidden />
                {item.label}
              </button>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}
