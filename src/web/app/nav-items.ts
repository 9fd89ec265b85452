import { BookOpen, Home, UserRound, UsersRound, type LucideIcon } from "lucide-react";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** The four main sections, in the order the header and the bottom bar show them. */
export const NAV_ITEMS: NavItem[] = [
  { href: "/home", label: "Home", icon: Home },
  { href: "/feed", label: "Feed", icon: UsersRound },
  { href: "/blog", label: "Blog", icon: BookOpen },
  { href: "/profile", label: "Profile", icon: UserRound },
];

/** A section is current on its own path and on the pages inside it (/blog/a-post, /dragon/x for Home). */
export function isCurrent(item: NavItem, location: string): boolean {
  if (item.href === "/home")
    return location === "/home" || location.startsWith("/dragon/") || location.startsWith("/draw/");
  return location === item.href || location.startsWith(`${item.href}/`);
}
