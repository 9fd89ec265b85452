import { forwardRef, type ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

const baseClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50";

/* eslint-disable lingui/no-unlocalized-strings -- class lists, not words */
const variantClass: Record<ButtonVariant, string> = {
  primary: "bg-accent text-white shadow-sm hover:bg-accent-strong",
  secondary: "border border-line bg-white text-ink hover:bg-paper-deep",
  ghost: "text-ink hover:bg-paper-deep",
  danger: "bg-danger text-white hover:brightness-95",
};
/* eslint-enable lingui/no-unlocalized-strings */

/** Class names for anything that should look like a button (links included). */
export const buttonClass = (variant: ButtonVariant = "primary", extra = "") =>
  `${baseClass} ${variantClass[variant]} ${extra}`;

export const Button = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }
>(function Button({ variant = "primary", className = "", type = "button", ...props }, ref) {
  return <button ref={ref} type={type} className={buttonClass(variant, className)} {...props} />;
});
