// `npm run check:pseudo` (issue 44, docs/translating.md): the app with its English pseudolocalized,
// every letter accented and every message about 40 % longer (src/shared/i18n/pseudo.ts). It builds
// that app into dist-pseudo/ (PSEUDO_LOCALE=1; the real build in dist/ is left alone), starts its
// server on a throwaway DATA_DIR (PGlite, the sample templates) with a member and an admin and a
// little of their content, and visits every screen a person can reach, on a phone (390×844) and a
// desktop (1440×900). On each it looks for
//   - words that never went through a message: a run of 3+ plain ASCII letters in visible text, an
//     accessible name, a placeholder, a title or an alt (the pseudo build would have accented them);
//   - controls that clip their longer words (buttons, links, inputs, selects, labels, headings whose
//     content overflows a box that hides it, or ends in an ellipsis), and a page wider than a phone.
// It prints what it found and exits 1 on any finding; a screenshot of each screen is saved in
// test-results/pseudo/ for a person to look at. `--no-build` reuses dist-pseudo/ as it is;
// `--screens=a,b` looks at only those screens.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import sharp from "sharp";
import { SERVER_NODE_FLAGS, serverEnv } from "./lib/server-env.mjs";
import { launchChromium } from "./lib/chromium.mjs";
import { finishedAnimations } from "./lib/finished-animations.mjs";
import { freePort } from "./lib/free-port.mjs";

const started = Date.now();
const DIST = "dist-pseudo";
const SHOTS = path.resolve("test-results/pseudo");
const ADMIN = { email: "admin@dragongrid.test", firstName: "Adaline" };
const MEMBER = { email: "member@dragongrid.test", firstName: "Rubena" };
const PASSWORD = "correct horse battery";
// People's own words, seeded below: they stay as they were written (docs/translating.md).
const PEOPLE_WORDS = {
  post: "My first dragon with the grid",
  pending: "Second dragon waiting for review",
  comment: "Lovely scales on this one",
  blogTitle: "Grid tips for beginners",
  blogBody: "Start with light lines and count the squares twice.",
  blogTag: "basics",
  reportNote: "Looks copied",
};

// The same pseudolocalization as the build's, to find controls by their pseudo names.
const pseudoModule = await build({
  entryPoints: ["src/shared/i18n/pseudo.ts"],
  bundle: true,
  format: "esm",
  platform: "neutral",
  write: false,
  logLevel: "warning",
});
const { pseudolocalizeText: P } = await import(
  `data:text/javascript;base64,${Buffer.from(pseudoModule.outputFiles[0].text).toString("base64")}`
);

// ---- the pseudo build -------------------------------------------------------------------------
if (!process.argv.includes("--no-build")) {
  const env = { ...process.env, PSEUDO_LOCALE: "1" };
  const steps = [
    ["npx", ["vite", "build", "--logLevel", "error"]],
    ["npx", ["vite", "build", "--logLevel", "error", "--ssr", "entry-server.tsx", "--outDir", `../../${DIST}/ssr`]],
    ["node", ["scripts/build-service-worker.mjs"]],
    ["node", ["scripts/build-server.mjs"]],
  ];
  console.log(`Building the pseudo-locale app into ${DIST}/...`);
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { stdio: "inherit", env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

// ---- the server -------------------------------------------------------------------------------
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dragon-grid-pseudo-"));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, `${DIST}/server/main.js`], {
  env: serverEnv({
    ...process.env,
    PSEUDO_LOCALE: "1",
    CLIENT_DIR: path.resolve(DIST, "client"),
    DATABASE_URL: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ADMIN_EMAILS: ADMIN.email,
    // Each account signs up from an address of its own, named as a proxy would (the sign-in limits).
    TRUST_PROXY: "127.0.0.1",
  }),
  stdio: ["ignore", "pipe", "pipe"],
});
let serverLog = "";
server.stdout.on("data", (chunk) => (serverLog += chunk));
server.stderr.on("data", (chunk) => (serverLog += chunk));
let browser;
async function cleanUp() {
  await browser?.close().catch(() => {});
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on("SIGINT", () => cleanUp().then(() => process.exit(130)));
// A failure before the summary (the server, the seeding) stops the server too.
process.on("uncaughtException", (error) => {
  console.error(error);
  cleanUp().then(() => process.exit(2));
});
process.on("unhandledRejection", (error) => {
  console.error(error);
  cleanUp().then(() => process.exit(2));
});

for (const deadline = Date.now() + 120_000; ;) {
  if (server.exitCode !== null) throw new Error(`The server exited:\n${serverLog}`);
  const ok = await fetch(`${origin}/api/health`).then(
    (res) => res.ok,
    () => false,
  );
  if (ok) break;
  if (Date.now() > deadline) throw new Error(`The server did not start:\n${serverLog}`);
  await new Promise((resolve) => setTimeout(resolve, 200));
}

// ---- people and their content, through the API ------------------------------------------------
async function api(cookie, method, url, body, headers = {}) {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined && !(body instanceof Buffer) ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof Buffer ? body : JSON.stringify(body),
    redirect: "manual",
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}
const cookiesOf = (res) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
async function account({ email, firstName }, index) {
  const headers = { "x-forwarded-for": `198.18.0.${index + 1}` };
  // Registration leaves a cookie that the verification link is followed with (same device).
  const registered = await api(null, "POST", "/api/auth/register", { email, password: PASSWORD, firstName }, headers);
  const jar = cookiesOf(registered);
  let link;
  for (let waited = 0; !link && waited < 10_000; waited += 100) {
    const outbox = path.join(dataDir, "outbox");
    const mail = fs.existsSync(outbox) ? fs.readdirSync(outbox).find((file) => file.endsWith(`-${email}.eml`)) : null;
    const raw = mail
      ? fs
          .readFileSync(path.join(outbox, mail), "utf8")
          .replace(/=\r?\n/g, "")
          .replace(/=3D/g, "=")
      : "";
    link = /https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(raw)?.[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error(`No verification mail for ${email}`);
  await api(jar || null, "GET", `/api/auth/verify-email${new URL(link).search}`, undefined, headers);
  const login = await api(null, "POST", "/api/auth/login", { email, password: PASSWORD }, headers);
  const cookie = cookiesOf(login)
    .split("; ")
    .find((pair) => pair.startsWith("dg_session="));
  if (!cookie) throw new Error(`No session for ${email}`);
  return cookie;
}
const [adminCookie, memberCookie] = [await account(ADMIN, 0), await account(MEMBER, 1)];
const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#2bb673" } })
  .png()
  .toBuffer();
async function photo(cookie) {
  const { uploadURL, objectPath } = await (await api(cookie, "POST", "/api/objects/upload")).json();
  const put = await fetch(uploadURL.startsWith("http") ? uploadURL : `${origin}${uploadURL}`, {
    method: "PUT",
    headers: { cookie, "content-type": "image/png" },
    body: png,
  });
  if (!put.ok) throw new Error(`PUT upload: ${put.status}`);
  await api(cookie, "POST", "/api/objects/set-acl", { objectPath, visibility: "private" });
  return objectPath;
}
const dragons = await (await api(null, "GET", "/api/dragons")).json();
const dragonId = dragons[0].id;
const post = await (
  await api(memberCookie, "POST", "/api/posts", {
    dragonId,
    description: PEOPLE_WORDS.post,
    images: [await photo(memberCookie)],
  })
).json();
await api(adminCookie, "PUT", `/api/posts/${post.id}/approve`, {});
await api(adminCookie, "POST", `/api/posts/${post.id}/like`, {});
await api(adminCookie, "POST", `/api/posts/${post.id}/comment`, { text: PEOPLE_WORDS.comment });
await api(adminCookie, "POST", "/api/reports", { postId: post.id, reason: "other", note: PEOPLE_WORDS.reportNote });
await api(memberCookie, "POST", "/api/posts", {
  dragonId,
  description: PEOPLE_WORDS.pending,
  images: [await photo(memberCookie)],
});
const blogPost = await (
  await api(adminCookie, "POST", "/api/admin/blog", {
    title: PEOPLE_WORDS.blogTitle,
    content: `<p>${PEOPLE_WORDS.blogBody}</p>`,
    tags: [PEOPLE_WORDS.blogTag],
    published: true,
  })
).json();

// ---- what may stay as it is -------------------------------------------------------------------
// Each is text a pseudo build rightly leaves in plain letters:
const KEPT = [
  // People's own words (names, posts, comments, the blog post), as they wrote them.
  ADMIN.firstName,
  MEMBER.firstName,
  ADMIN.email,
  MEMBER.email,
  ...Object.values(PEOPLE_WORDS),
  blogPost.slug,
  // The templates' own data: their names (and descriptions) are content, not the app's words.
  ...dragons.flatMap((dragon) => [dragon.name, dragon.description].filter(Boolean)),
  // Names (docs/translating.md: "Dragon Grid" and "Pro" stay as they are).
  "Dragon Grid",
  "Pro",
  // The language picker names each language in itself ("English", "Español").
  "English",
].sort((a, b) => b.length - a.length);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// Dates and times are written by the browser's Intl in the page's language, not by a message:
// month and weekday names, AM/PM, and Intl.RelativeTimeFormat's "2 minutes ago".
const INTL_WORDS = [
  ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].flatMap((month) =>
    ["long", "short"].map((width) => new Intl.DateTimeFormat("en", { month: width }).format(new Date(2026, month, 1))),
  ),
  ...[1, 2, 3, 4, 5, 6, 7].flatMap((day) =>
    ["long", "short"].map((width) => new Intl.DateTimeFormat("en", { weekday: width }).format(new Date(2026, 1, day))),
  ),
  "AM",
  "PM",
  "at",
];
const RELATIVE_TIME =
  "\\b(?:in )?\\d+ (?:second|minute|hour|day|week|month|year)s?(?: ago)?\\b|\\b(?:yesterday|tomorrow|now)\\b";
// \b only where the kept text starts or ends with a letter or digit ("twice." ends with a dot).
const bounded = (text) => `${/^\w/.test(text) ? "\\b" : ""}${escape(text)}${/\w$/.test(text) ? "\\b" : ""}`;
const KEPT_PATTERN = new RegExp(
  [
    ...KEPT.map(bounded),
    ...INTL_WORDS.map((word) => `\\b${word}\\b`),
    RELATIVE_TIME,
    // A page's path, shown as data (the stats' top pages, a post's address).
    "(?<!\\S)/[\\w/.-]*",
    // Addresses and e-mail addresses.
    "\\b[a-z][a-z0-9+.-]*://\\S+",
    "\\S+@\\S+\\.\\w+",
    // Cell labels (A1, F12), units and numbers are not words.
    "\\b[A-Z]{1,2}\\d+\\b",
  ].join("|"),
  "g",
);
/** The English words left in a text once what may stay is taken out. */
const plainWords = (text) => text.replace(KEPT_PATTERN, " ").match(/[A-Za-z]{3,}/g) ?? [];

// ---- the look at one screen -------------------------------------------------------------------
/** In the page: visible texts and names, clipped controls, and what makes a phone page scroll sideways. */
function inspect() {
  const visible = (element) =>
    element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
    element.getClientRects().length > 0 &&
    !element.closest("[aria-hidden=true]");
  const describe = (element) =>
    `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> "${(element.innerText || element.getAttribute("aria-label") || element.getAttribute("placeholder") || element.value || "").trim().replace(/\s+/g, " ").slice(0, 80)}"`;
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(parent.tagName)) continue;
    // The language picker's options are closed: only the chosen one shows, and names itself.
    if (parent.closest("option")) continue;
    if (node.textContent.trim() && visible(parent)) texts.push(node.textContent.trim());
  }
  for (const element of document.body.querySelectorAll("[aria-label],[placeholder],[title],[alt],[aria-description]")) {
    if (!visible(element) && !["IMG", "INPUT"].includes(element.tagName)) continue;
    for (const attribute of ["aria-label", "placeholder", "title", "alt", "aria-description"]) {
      const value = element.getAttribute(attribute);
      if (value?.trim()) texts.push(value.trim());
    }
  }
  for (const element of document.body.querySelectorAll("input[type=submit],input[type=button]"))
    if (visible(element)) texts.push(element.value);

  const clipped = [];
  const controls = "button,a,input,select,textarea,label,h1,h2,h3,h4,h5,h6,[role=button],[role=tab],[role=menuitem]";
  // The controls and what is inside them (a label's span that truncates).
  const candidates = new Set();
  for (const control of document.body.querySelectorAll(controls))
    for (const element of [control, ...control.querySelectorAll("*")]) candidates.add(element);
  for (const element of candidates) {
    // An input's own text scrolls inside it; a select shows its chosen option.
    if (["INPUT", "TEXTAREA", "SELECT", "svg"].includes(element.tagName) || !visible(element)) continue;
    // Words for screen readers only (Tailwind's sr-only: a 1 px box that clips on purpose) are
    // read whole, never seen; their words are still checked above.
    if (element.getBoundingClientRect().width <= 1 || element.closest(".sr-only")) continue;
    const style = getComputedStyle(element);
    const hidesX = ["hidden", "clip"].includes(style.overflowX);
    const hidesY = ["hidden", "clip"].includes(style.overflowY);
    const overX = element.scrollWidth > element.clientWidth + 1;
    const overY = element.scrollHeight > element.clientHeight + 1;
    const ellipsis = style.textOverflow === "ellipsis" && overX;
    const clamped = style.webkitLineClamp !== "none" && style.webkitLineClamp !== "" && overY;
    if ((hidesX && overX) || (hidesY && overY) || ellipsis || clamped) clipped.push(describe(element));
  }

  const wide = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) {
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.right <= width + 1 || !visible(element)) continue;
      // Inside something that scrolls or hides sideways on purpose (a carousel, the canvas).
      let scroller = element.parentElement;
      while (
        scroller &&
        scroller !== document.body &&
        !/(auto|scroll|hidden|clip)/.test(getComputedStyle(scroller).overflowX)
      )
        scroller = scroller.parentElement;
      if (scroller && scroller !== document.body) continue;
      // Only the outermost: its children overflow with it.
      if (element.parentElement && element.parentElement.getBoundingClientRect().right > width + 1) continue;
      wide.push(`${describe(element)} reaches ${Math.round(box.right)} px`);
    }
    if (wide.length === 0) wide.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  }
  return { texts, clipped, wide };
}

const findings = [];
const screensSeen = [];
async function settle(page) {
  // Some screens ask again every few seconds (the bell), so "no requests" is waited for briefly.
  await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
  // Lingui's members' catalog, lazy screens and their data: nothing is "Loading" any more.
  await page.evaluate(() => document.fonts.ready);
  await page
    .waitForFunction(() => !document.querySelector("[role=status][aria-busy=true], .animate-spin"), null, {
      timeout: 5_000,
    })
    .catch(() => {});
  await finishedAnimations(page);
}
async function look(page, name, viewportName) {
  await settle(page);
  const where = `${name} @ ${viewportName}`;
  screensSeen.push(where);
  await page.screenshot({ path: path.join(SHOTS, `${name}-${viewportName}.png`), fullPage: viewportName !== "phone" });
  const { texts, clipped, wide } = await page.evaluate(inspect);
  const seen = new Set();
  for (const text of texts) {
    const words = plainWords(text);
    if (words.length === 0 || seen.has(text)) continue;
    seen.add(text);
    findings.push({
      where,
      kind: "untranslated",
      what: `"${text.replace(/\s+/g, " ").slice(0, 120)}" (${words.join(", ")})`,
    });
  }
  for (const what of new Set(clipped)) findings.push({ where, kind: "clipped", what });
  if (viewportName === "phone") for (const what of wide) findings.push({ where, kind: "scrolls sideways", what });
}

// ---- every screen -----------------------------------------------------------------------------
const role = (page, kind, english, options = {}) => page.getByRole(kind, { name: P(english), ...options });
const SCREENS = [
  // Public pages, as a visitor.
  { who: "visitor", name: "landing", path: "/" },
  { who: "visitor", name: "library", path: "/home" },
  { who: "visitor", name: "dragon", path: `/dragon/${dragonId}` },
  { who: "visitor", name: "blog", path: "/blog" },
  { who: "visitor", name: "blog-post", path: `/blog/${blogPost.slug}` },
  { who: "visitor", name: "feed-visitor", path: "/feed" },
  { who: "visitor", name: "not-found", path: "/no-such-page" },
  { who: "visitor", name: "canvas-visitor", path: `/draw/${dragonId}?version=color` },
  { who: "visitor", name: "login", path: "/login" },
  {
    // A refusal's words come from the server's catalog.
    who: "visitor",
    name: "login-refused",
    path: "/login",
    dialog: false,
    async open(page) {
      await page.locator("input[type=email]").first().fill(MEMBER.email);
      await page.locator("input[type=password]").first().fill("not the password");
      await page.locator("form button[type=submit]").first().click();
      await page.waitForSelector("li[data-state=open], [role=alert]", { timeout: 10_000 });
    },
  },
  { who: "visitor", name: "reset-password", path: "/reset-password" },
  { who: "visitor", name: "verify-email", path: "/verify-email?token=nonsense" },
  { who: "visitor", name: "unsubscribe", path: "/unsubscribe?token=nonsense" },
  { who: "visitor", name: "waitlist-confirm", path: "/waitlist/confirm?token=nonsense" },
  // A member's screens.
  { who: "member", name: "home", path: "/home" },
  {
    who: "member",
    name: "pro-dialog",
    path: "/home",
    open: (page) => role(page, "button", "Create my own image").click(),
  },
  { who: "member", name: "dragon-member", path: `/dragon/${dragonId}` },
  { who: "member", name: "canvas", path: `/draw/${dragonId}?version=color` },
  {
    who: "member",
    name: "print-dialog",
    path: `/draw/${dragonId}?version=color`,
    open: (page) =>
      page
        .locator("button:visible")
        .filter({ hasText: P("Print").split(" ")[0] })
        .first()
        .click(),
  },
  {
    who: "member",
    name: "check-start",
    path: `/draw/${dragonId}?version=color`,
    open: (page) =>
      page
        .locator("button:visible")
        .filter({ hasText: P("Check").split(" ")[0] })
        .first()
        .click(),
  },
  {
    who: "member",
    name: "cell-viewer",
    path: `/draw/${dragonId}?version=color`,
    async open(page) {
      const box = await page.getByTestId("paper").boundingBox();
      await page.mouse.click(box.x + 10, box.y + 10);
      await page.getByRole("dialog").waitFor();
    },
    // The canvas reopens the cell a member last looked at (kept on the account): closed again, so
    // the next screens (the other viewport's print and check dialogs) start from the plain canvas.
    async after(page) {
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
      await settle(page);
    },
  },
  { who: "member", name: "feed", path: "/feed" },
  {
    // The member's own post has no "Report"; the admin reports it.
    who: "admin",
    name: "report-dialog",
    path: "/feed",
    async open(page) {
      await page
        .getByRole("button", { name: /^Ṁöŕë áçţíöñš/ })
        .first()
        .click();
      await page
        .getByRole("menuitem")
        .filter({ hasText: P("Report").slice(0, 6) })
        .first()
        .click();
      await page.getByRole("dialog").waitFor();
    },
  },
  { who: "member", name: "upload", path: "/upload" },
  { who: "member", name: "profile", path: "/profile" },
  {
    who: "member",
    name: "notifications",
    path: "/home",
    async open(page) {
      await page
        .getByRole("button", { name: /^Ñöţíƒíçáţíöñš/ })
        .first()
        .click();
      await page.getByRole("dialog").waitFor();
    },
  },
  // An admin's screens.
  { who: "admin", name: "library-admin", path: "/home" },
  {
    who: "admin",
    name: "ai-dialog",
    path: "/home",
    open: (page) => role(page, "button", "Create my own image").click(),
  },
  { who: "admin", name: "moderation", path: "/admin/moderation" },
  { who: "admin", name: "users", path: "/admin/users" },
  { who: "admin", name: "stats", path: "/admin/stats" },
  { who: "admin", name: "blog-admin", path: "/admin/blog/list" },
  { who: "admin", name: "blog-form", path: "/admin/blog/new" },
  { who: "admin", name: "blog-edit", path: `/admin/blog/edit/${blogPost.id}` },
];
// `--screens=canvas,print-dialog`: only those (while fixing what they show).
const only = process.argv
  .find((arg) => arg.startsWith("--screens="))
  ?.slice("--screens=".length)
  .split(",");
const chosen = (screen) => !only || only.includes(screen.name);
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const COOKIES = { member: memberCookie, admin: adminCookie };

fs.rmSync(SHOTS, { recursive: true, force: true });
fs.mkdirSync(SHOTS, { recursive: true });
browser = await launchChromium();
try {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    for (const who of ["visitor", "member", "admin"]) {
      const context = await browser.newContext({
        baseURL: origin,
        viewport,
        serviceWorkers: "block",
        locale: "en-US",
        ...(viewportName === "phone" ? { isMobile: true, hasTouch: true } : {}),
      });
      if (COOKIES[who]) {
        const [name, value] = COOKIES[who].split("=");
        await context.addCookies([{ name, value, url: origin, httpOnly: true, sameSite: "Lax" }]);
      }
      for (const screen of SCREENS.filter((candidate) => candidate.who === who && chosen(candidate))) {
        // A document of its own per screen: nothing a screen left open carries over to the next.
        const page = await context.newPage();
        try {
          // React has taken the page over once its page view is reported (from an effect): a
          // click before that does nothing on a server-rendered page.
          const hydrated = page
            .waitForRequest((request) => new URL(request.url()).pathname === "/api/analytics/pageview", {
              timeout: 15_000,
            })
            .catch(() => {});
          await page.goto(screen.path);
          await hydrated;
          if (screen.open) {
            await settle(page);
            await screen.open(page);
            if (screen.dialog !== false)
              await page.getByRole("dialog").or(page.getByRole("alertdialog")).first().waitFor({ timeout: 15_000 });
          }
          await look(page, screen.name, viewportName);
          await screen.after?.(page);
        } catch (error) {
          await page
            .screenshot({ path: path.join(SHOTS, `${screen.name}-${viewportName}-not-reached.png`) })
            .catch(() => {});
          findings.push({
            where: `${screen.name} @ ${viewportName}`,
            kind: "not reached",
            what: String(error.message).split("\n").slice(0, 8).join("\n    "),
          });
        }
        await page.close();
      }
      await context.close();
    }
  }
} finally {
  await cleanUp();
}

// ---- the summary ------------------------------------------------------------------------------
const seconds = ((Date.now() - started) / 1000).toFixed(0);
for (const kind of ["not reached", "untranslated", "clipped", "scrolls sideways"]) {
  const of = findings.filter((finding) => finding.kind === kind);
  if (of.length === 0) continue;
  console.log(`\n${kind} (${of.length}):`);
  for (const finding of of) console.log(`  ${finding.where}: ${finding.what}`);
}
console.log(
  `\n${screensSeen.length} screens looked at in ${seconds} s, ${findings.length} findings; screenshots in ${path.relative(process.cwd(), SHOTS)}/`,
);
process.exit(findings.length > 0 ? 1 : 0);
