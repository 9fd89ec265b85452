import { DEFAULT_DESCRIPTION } from "./site";
import { PAGES, type Screen } from "./pages";
import { pageTitle, type PageMeta } from "./page-meta";
import { english, type TranslateMessage } from "./i18n/translate";

// A module of its own: a screen with data (a dragon, a blog post) loads page-meta.ts without these.

// The words are marked for the catalogs (`/*i18n*/`, decision 056) and translated when asked for.
const meta = (title: string, description: string) => ({ title, description });

// Head tags of the screens without data of their own (shared/pages.ts); a dragon or a blog post
// gets its tags on the server from page-meta resolvers and in the browser once its data is here.
const STATIC_META: Partial<Record<Screen, { title?: string; description: string }>> = {
  landing: { description: DEFAULT_DESCRIPTION },
  library: meta(/*i18n*/ "Dragon Library", /*i18n*/ "Select a dragon to start your drawing journey."),
  login: meta(/*i18n*/ "Sign In", /*i18n*/ "Sign in or create a free account to save your progress."),
  verifyEmail: meta(/*i18n*/ "Verify Email", /*i18n*/ "Confirm your e-mail address."),
  resetPassword: meta(/*i18n*/ "Reset Password", /*i18n*/ "Choose a new password for your Dragon Grid account."),
  feed: meta(/*i18n*/ "Community Feed", /*i18n*/ "See what other learners have drawn."),
  blogList: meta(/*i18n*/ "Blog", /*i18n*/ "Drawing tutorials and tips for the grid method."),
  upload: meta(/*i18n*/ "Upload Your Drawing", /*i18n*/ "Share a photo of your drawing."),
  stats: meta(/*i18n*/ "Statistics", /*i18n*/ "Admin statistics dashboard."),
  profile: meta(/*i18n*/ "Your Profile", /*i18n*/ "Your Dragon Grid profile."),
  moderation: meta(/*i18n*/ "Moderation", /*i18n*/ "Review drawings and reports."),
  users: meta(/*i18n*/ "People", /*i18n*/ "Find members and manage who is an admin."),
  unsubscribe: meta(/*i18n*/ "Unsubscribe", /*i18n*/ "Turn off one kind of Dragon Grid e-mail."),
  waitlistConfirm: meta(
    /*i18n*/ "Confirm Your Address",
    /*i18n*/ "Confirm your address for the Dragon Grid Pro waitlist.",
  ),
};

/** Head tags of a page without data (in a language), or null when it needs data (or does not exist). */
export function getStaticPageMeta(pathname: string, translate: TranslateMessage = english): PageMeta | null {
  // Each of these screens has a fixed address (no parameters): the page at a canonical address is
  // the one whose path it is, with no pattern to match (and none to download: decision 057).
  const screen = PAGES.find((page) => page.path === pathname)?.screen;
  const words = screen && STATIC_META[screen];
  if (!words) return null;
  return {
    title: pageTitle(words.title && translate(words.title), translate),
    description: translate(words.description),
  };
}
