import { DEFAULT_DESCRIPTION } from "./site";
import { matchPage, type Screen } from "./pages";
import { pageTitle, type PageMeta } from "./page-meta";

// A module of its own: a screen with data (a dragon, a blog post) loads page-meta.ts without these.

const meta = (title: string, description: string): PageMeta => ({ title: pageTitle(title), description });

// Head tags of the screens without data of their own (shared/pages.ts); a dragon or a blog post
// gets its tags on the server from page-meta resolvers and in the browser once its data is here.
const STATIC_META: Partial<Record<Screen, PageMeta>> = {
  landing: { title: pageTitle(), description: DEFAULT_DESCRIPTION },
  library: meta("Dragon Library", "Select a dragon to start your drawing journey."),
  login: meta("Sign In", "Sign in or create a free account to save your progress."),
  verifyEmail: meta("Verify Email", "Confirm your e-mail address."),
  resetPassword: meta("Reset Password", "Choose a new password for your Dragon Grid account."),
  feed: meta("Community Feed", "See what other learners have drawn."),
  blogList: meta("Blog", "Drawing tutorials and tips for the grid method."),
  upload: meta("Upload Your Drawing", "Share a photo of your drawing."),
  stats: meta("Statistics", "Admin statistics dashboard."),
  profile: meta("Your Profile", "Your Dragon Grid profile."),
  moderation: meta("Moderation", "Review drawings and reports."),
  users: meta("People", "Find members and manage who is an admin."),
  unsubscribe: meta("Unsubscribe", "Turn off one kind of Dragon Grid e-mail."),
  waitlistConfirm: meta("Confirm Your Address", "Confirm your address for the Dragon Grid Pro waitlist."),
};

/** Head tags of a page without data, or null when it needs data (or does not exist). */
export function getStaticPageMeta(pathname: string): PageMeta | null {
  const screen = matchPage(pathname)?.page.screen;
  return (screen && STATIC_META[screen]) ?? null;
}
