import { english, type TranslateMessage } from "./i18n/translate";
import type { PageMeta } from "./page-meta";
import { meta, pageMetaFrom, PUBLIC_PAGE_WORDS, type ScreenWords } from "./static-page-meta";

// Head tags of the screens without data of their own outside the public pages, which their own
// code loads with them (decision 058), and of the public pages (static-page-meta.ts).
const SCREEN_WORDS: ScreenWords = {
  ...PUBLIC_PAGE_WORDS,
  login: meta(/*i18n*/ "Sign In", /*i18n*/ "Sign in or create a free account to save your progress."),
  verifyEmail: meta(/*i18n*/ "Verify Email", /*i18n*/ "Confirm your e-mail address."),
  resetPassword: meta(/*i18n*/ "Reset Password", /*i18n*/ "Choose a new password for your Dragon Grid account."),
  feed: meta(/*i18n*/ "Community Feed", /*i18n*/ "See what other learners have drawn."),
  upload: meta(/*i18n*/ "Upload Your Drawing", /*i18n*/ "Share a photo of your drawing."),
  stats: meta(/*i18n*/ "Statistics", /*i18n*/ "Admin statistics dashboard."),
  profile: meta(/*i18n*/ "Your Profile", /*i18n*/ "Your Dragon Grid profile."),
  firstDrawing: meta(
    /*i18n*/ "Draw Your First Dragon",
    /*i18n*/ "A guided first drawing with the grid method: a simple dragon, large squares, a hint at each of the first cells.",
  ),
  progress: meta(/*i18n*/ "Your Progress", /*i18n*/ "Your drawings, checks, weekly goal and milestones."),
  moderation: meta(/*i18n*/ "Moderation", /*i18n*/ "Review drawings and reports."),
  users: meta(/*i18n*/ "People", /*i18n*/ "Find members and manage who is an admin."),
  unsubscribe: meta(/*i18n*/ "Unsubscribe", /*i18n*/ "Turn off one kind of Dragon Grid e-mail."),
  waitlistConfirm: meta(
    /*i18n*/ "Confirm Your Address",
    /*i18n*/ "Confirm your address for the Dragon Grid Pro waitlist.",
  ),
};

/** Head tags of any page without data (in a language), or null when it needs data (or does not exist). */
export function getScreenPageMeta(pathname: string, translate: TranslateMessage = english): PageMeta | null {
  return pageMetaFrom(SCREEN_WORDS, pathname, translate);
}
