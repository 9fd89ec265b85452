import { BookOpen, Home, UserRound, UsersRound, type LucideIcon } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export interface NavItem {
  href: string;
  label: MessageDescriptor;
  icon: LucideIcon;
}

/** The four main sections, in the order the header and the bottom bar show them. */
export const NAV_ITEMS: NavItem[] = [
  { href: "/home", label: msg`Home`, icon: Home },
  { href: "/feed", label: msg`Feed`, icon: UsersRound },
  { href: "/blog", label: msg`Blog`, icon: BookOpen },
  { href: "/profile", label: msg`Profile`, icon: UserRound },
];

/** A section is current on its own path and on the pages inside it (/blog/a-post, /dragon/x for Home). */
export function isCurrent(item: NavItem, location: string): boolean {
  if (item.href === "/home")
    return location === "/home" || location.startsWith("/dragon/") || location.startsWith("/draw/");
  return location === item.href || location.startsWith(`${item.href}/`);
}
