// The journeys of issue 44 in Spanish and in Arabic (decisions 056 and 057), beside the library and
// the canvas of languages.test.ts: signing up through the form with the verification e-mail (from
// the outbox) in the page's language, a refused password in that language, the feed's like and
// comment with the author's bell, and 'Check my drawing' with its verdicts. Each screen is checked
// for its language and direction, for English words left on it, and by axe.
import crypto from "node:crypto";
import fs from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verificationLink, waitForMail } from "../src/server/test/mail";
import { parseEml } from "../src/server/test/eml";
import {
  DESKTOP,
  baseUrl,
  expectToast,
  launchBrowser,
  newContext,
  newPage,
  screenshot,
  seriousA11yViolations,
} from "./support/browser";
import { ADMIN_EMAIL, signIn } from "./support/accounts";
import { createPost } from "./support/posts";
import { workerServer } from "./support/worker-server";
import { photoOfDrawing, type DrawingPhoto } from "../scripts/lib/drawing-photo";
import { photoOfPracticePdf } from "./support/practice-photo";

const WIDE = { width: 1440, height: 900 };
const PLANTED = { column: 5, row: 3, dx: 0, dy: 3 }; // F4, 3 mm low
const CORNERS = ["Top-left", "Top-right", "Bottom-right", "Bottom-left"] as const;

/** What each journey reads, in each language. */
const LANGUAGES = {
  es: {
    dir: "ltr",
    login: "Iniciar sesión",
    register: "Registrarse",
    firstName: "Nombre",
    lastName: "Apellido",
    email: "Correo electrónico",
    password: "Contraseña",
    createAccount: "Crear cuenta",
    registered: ["¡Registro completado!", "Revisa tu correo para verificar tu cuenta."],
    checkEmail: "Revisa tu correo",
    subject: "Verifica tu correo de Dragon Grid",
    greeting: (name: string) => `Hola, ${name}:`,
    verified: "¡Correo verificado!",
    goToLogin: "Ir a iniciar sesión",
    refused: ["No se pudo iniciar sesión", "Correo o contraseña incorrectos"],
    feed: "Comunidad",
    like: /^Me gusta/,
    liked: "Me gusta, 1 me gusta",
    commentBox: "Escribe un comentario...",
    post: "Publicar",
    comment: "¡Qué escamas tan bonitas!",
    commentsButton: /^Comentarios/,
    comments: /^Comentarios, 1$/,
    notifications: "Notificaciones",
    unread: /^Notificaciones, \d+ sin leer$/,
    likedYours: (name: string) => `A ${name} le gustó tu dragón`,
    commentedYours: (name: string) => `${name} comentó tu dragón`,
    checkMyDrawing: "Revisar mi dibujo",
    choosePhoto: "Elegir una foto",
    yourPhoto: "Tu foto",
    adjustCorners: "Ajustar las esquinas",
    corner: {
      "Top-left": "Esquina superior izquierda de la cuadrícula",
      "Top-right": "Esquina superior derecha de la cuadrícula",
      "Bottom-right": "Esquina inferior derecha de la cuadrícula",
      "Bottom-left": "Esquina inferior izquierda de la cuadrícula",
    },
    heatMap: "Mapa de calor de tu cuadrícula",
    f4Low: "F4: líneas unos 3\u00A0mm más abajo",
    whereToLook: "Dónde mirar primero",
    practiseCells: "Practicar estas casillas",
    yourChecks: "Tus revisiones",
    makePracticeSheet: "Crear una hoja de práctica",
    checkAnother: "Revisar otra foto",
    yourPracticeSheet: "Tu hoja de práctica",
    matching: /^\d+ de \d+ casillas dibujadas coinciden con la plantilla, con un margen de 1,5\u00A0mm\.$/,
    cellF4: "Casilla F4",
    cellF4OnPaper: "Casilla F4 en tu papel",
  },
  ar: {
    dir: "rtl",
    login: "تسجيل الدخول",
    register: "إنشاء حساب",
    firstName: "الاسم الأول",
    lastName: "اسم العائلة",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    createAccount: "أنشئ حسابًا",
    registered: ["تم إنشاء الحساب بنجاح", "تحقّق من بريدك الإلكتروني لتأكيد حسابك."],
    checkEmail: "تحقّق من بريدك الإلكتروني",
    subject: "أكّد بريدك الإلكتروني في Dragon Grid",
    greeting: (name: string) => `مرحبًا ${name}،`,
    verified: "تم تأكيد البريد الإلكتروني!",
    goToLogin: "الانتقال إلى تسجيل الدخول",
    refused: ["فشل تسجيل الدخول", "البريد الإلكتروني أو كلمة المرور غير صحيحة"],
    feed: "المجتمع",
    like: /^إعجاب/,
    liked: "إعجاب، إعجاب واحد",
    commentBox: "اكتب تعليقًا...",
    post: "نشر",
    comment: "حراشف جميلة!",
    commentsButton: /^التعليقات/,
    comments: /^التعليقات، (1|١)$/,
    notifications: "الإشعارات",
    unread: /^الإشعارات، /,
    likedYours: (name: string) => `أُعجب ${name} بتنينك`,
    commentedYours: (name: string) => `علّق ${name} على تنينك`,
    checkMyDrawing: "افحص رسمتي",
    choosePhoto: "اختر صورة",
    yourPhoto: "صورتك",
    adjustCorners: "اضبط الزوايا",
    corner: {
      "Top-left": "الزاوية العلوية اليسرى من الشبكة",
      "Top-right": "الزاوية العلوية اليمنى من الشبكة",
      "Bottom-right": "الزاوية السفلية اليمنى من الشبكة",
      "Bottom-left": "الزاوية السفلية اليسرى من الشبكة",
    },
    heatMap: "الخريطة الحرارية لشبكتك",
    f4Low: "F4: الخطوط منزاحة نحو 3 مم إلى الأسفل",
    whereToLook: "أين تنظر أولًا",
    practiseCells: "تمرّن على هذه الخانات",
    yourChecks: "فحوصاتك",
    makePracticeSheet: "أنشئ ورقة تمرين",
    checkAnother: "افحص صورة أخرى",
    yourPracticeSheet: "ورقة تمرينك",
    matching: /^يطابق القالب بفارق لا يزيد على 1\.5 مم: \d+ من أصل .+\.$/,
    cellF4: "المربع F4",
    cellF4OnPaper: "المربع F4 على ورقك",
  },
} as const;
type Language = keyof typeof LANGUAGES;

/** English words of the screens these journeys pass: none may be left on a translated page. */
const ENGLISH = [
  "Login",
  "Log In",
  "Register",
  "First name",
  "Password",
  "Create Account",
  "Check Your Email",
  "Email Verified",
  "Go to Login",
  "Community Feed",
  "Add a comment",
  "Comments",
  "Notifications",
  "liked your dragon",
  "commented on",
  "Mark all read",
  "Check my drawing",
  "Choose a photo",
  "corner of the grid",
  "Heat map",
  "lines about",
  "drawn cells match",
  "Where to look first",
  "Mark matching cells done",
  "Close the check",
  "Sign Out",
  "Home",
];

/** The English words above in the page's visible text and in its labels (aria-label, placeholder, title). */
async function englishLeft(page: Page): Promise<string[]> {
  const text = await page.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll("[aria-label], [placeholder], [title]")].flatMap((element) =>
        ["aria-label", "placeholder", "title"].map((name) => element.getAttribute(name) ?? ""),
      ),
    ].join("\n"),
  );
  return ENGLISH.filter((words) => text.includes(words));
}

async function expectLanguage(page: Page, lang: Language): Promise<void> {
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    lang,
    LANGUAGES[lang].dir,
  ]);
}

/** The screen in its language, with no English left and no serious or critical axe finding. */
async function expectScreen(page: Page, lang: Language, name: string): Promise<void> {
  await expectLanguage(page, lang);
  expect(await englishLeft(page)).toEqual([]);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, `languages-${name}-${lang}`);
}

/** Whether a one-line text cut short by its box still shows its first letter. */
function beginningShown(element: Element): boolean {
  const box = element.getBoundingClientRect();
  const range = document.createRange();
  range.setStart(element.firstChild!, 0);
  range.setEnd(element.firstChild!, 1);
  const first = range.getBoundingClientRect();
  return element.scrollWidth > element.clientWidth && first.left >= box.left - 1 && first.right <= box.right + 1;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

for (const lang of ["es", "ar"] as const) {
  const words = LANGUAGES[lang];

  describe(`in ${lang === "es" ? "Spanish" : "Arabic"}`, () => {
    it("signs up through the form, gets the verification e-mail in that language, verifies, is refused a wrong password in it and signs in", async () => {
      const email = `alta-${lang}-${Date.now()}@example.com`;
      const firstName = lang === "es" ? "Lucía" : "ليلى";
      // A browser of its own address (the server's sign-up limits are per address, and the server
      // trusts 127.0.0.1 as a proxy), left in English: the page's language is the address's.
      const [a, b] = crypto.createHash("sha256").update(email).digest();
      const context = await newContext(browser, {
        baseURL: baseUrl(),
        viewport: DESKTOP,
        extraHTTPHeaders: { "x-forwarded-for": `198.19.${a}.${b}` },
      });
      const page = await context.newPage();
      const loginForm = page.getByRole("tabpanel", { name: words.login });
      try {
        await page.goto(`/${lang}/login`);
        await page.getByRole("tab", { name: words.login }).waitFor();
        await loginForm.getByRole("button", { name: words.login, exact: true }).waitFor();
        await expectScreen(page, lang, "login");

        await page.getByRole("tab", { name: words.register }).click();
        await page.getByLabel(words.firstName).fill(firstName);
        await page.getByLabel(words.lastName).fill("Prueba");
        await page.getByLabel(words.email).fill(email);
        await page.getByLabel(words.password).fill("dragons are fun");
        await page.getByRole("button", { name: words.createAccount, exact: true }).click();
        await expectToast(page, words.registered[0], words.registered[1]);
        await page.getByRole("heading", { name: words.checkEmail }).waitFor();
        await page.getByText(email).waitFor();
        await expectScreen(page, lang, "check-email");

        // The e-mail, in the language the page was in.
        const raw = (await waitForMail(workerServer().dataDir, email)).at(-1)!;
        const mail = parseEml(raw);
        expect(mail.subject).toBe(words.subject);
        expect(mail.text).toContain(words.greeting(firstName));
        expect(mail.html).toContain(`<html lang="${lang}" dir="${words.dir}">`);
        expect(mail.html).toContain(words.greeting(firstName));
        expect(mail.text).not.toContain("Verify your");
        const link = verificationLink(raw)!;
        expect(link).not.toBeNull();

        // Its link opens the page in the e-mail's language, whatever the browser's.
        await page.goto(link);
        await page.getByRole("heading", { name: words.verified }).waitFor();
        expect(new URL(page.url()).pathname).toBe(`/${lang}/verify-email`);
        await expectScreen(page, lang, "verified");

        await page.getByRole("link", { name: words.goToLogin }).click();
        await page.getByLabel(words.email).fill(email);
        await page.getByLabel(words.password).fill("not my password");
        await loginForm.getByRole("button", { name: words.login, exact: true }).click();
        // The server's refusal, in the page's language.
        await expectToast(page, words.refused[0], words.refused[1]);
        expect(await englishLeft(page)).toEqual([]);

        await page.getByLabel(words.password).fill("dragons are fun");
        await loginForm.getByRole("button", { name: words.login, exact: true }).click();
        await page.waitForURL((url) => url.pathname === `/${lang}/home`);
        await page
          .getByRole("link", { name: new RegExp(firstName) })
          .first()
          .waitFor();
        await expectLanguage(page, lang);
      } finally {
        await context.close();
      }
    });

    it("the feed: a member likes and comments on a drawing, and the author's bell says so", async () => {
      const stamp = `${Date.now()}`;
      // A name longer than the header has room for.
      const author = `autora-de-dragones-${lang}-${stamp}@example.com`;
      const reader = `lector-${lang}-${stamp}@example.com`;
      const readerName = reader.split("@")[0]!;
      const description = `${lang === "es" ? "Ember a lápiz" : "إمبر بالرصاص"} ${stamp}`;
      const sessions: BrowserContext[] = [];
      const signedIn = async (email: string) => {
        const session = await newPage(browser, WIDE);
        sessions.push(session.context);
        await signIn(session.context, email);
        return session;
      };
      try {
        // Seeded through the API, as the English journeys seed it: the author's post, approved.
        const [authorSession, adminSession] = await Promise.all([signedIn(author), signedIn(ADMIN_EMAIL)]);
        const postId = await createPost(authorSession.context.request, description);
        expect((await adminSession.context.request.put(`/api/posts/${postId}/approve`)).status()).toBe(200);

        const { page } = await signedIn(reader);
        await page.goto(`/${lang}/feed`);
        await page.getByRole("heading", { name: words.feed, level: 1 }).waitFor();
        const post = page.getByRole("article").filter({ hasText: description });
        await post.waitFor();
        const like = post.getByRole("button", { name: words.like });
        expect(await like.getAttribute("aria-pressed")).toBe("false");
        await like.click();
        await expect.poll(() => like.getAttribute("aria-label")).toBe(words.liked);
        expect(await like.getAttribute("aria-pressed")).toBe("true");

        const commentsButton = post.getByRole("button", { name: words.commentsButton });
        await commentsButton.click();
        const box = post.getByPlaceholder(words.commentBox);
        await box.fill(words.comment);
        await post.getByRole("button", { name: words.post, exact: true }).click();
        await post.getByText(words.comment).waitFor();
        await expect.poll(() => commentsButton.getAttribute("aria-label")).toMatch(words.comments);
        await expectScreen(page, lang, "feed");

        // The author, on a page in that language, reads the bell's sentences in it.
        const authorPage = authorSession.page;
        await authorPage.goto(`/${lang}/home`);
        // The header's name, too long for its place, shows how it begins, in either direction.
        const name = authorPage.getByRole("banner").getByRole("link").getByText(author.split("@")[0]!);
        expect(await name.evaluate(beginningShown)).toBe(true);
        const bell = authorPage.getByRole("button", { name: new RegExp(`^${words.notifications}`) });
        await expect.poll(() => bell.getAttribute("aria-label")).toMatch(words.unread);
        await bell.click();
        const panel = authorPage.getByRole("dialog", { name: words.notifications });
        await panel.getByRole("link", { name: words.likedYours(readerName) }).waitFor();
        await panel.getByRole("link", { name: words.commentedYours(readerName) }).waitFor();
        await expectScreen(authorPage, lang, "bell");
      } finally {
        for (const context of sessions) await context.close();
      }
    });
  });
}

describe("'Check my drawing' in another language", () => {
  let dragonId: string;
  let photo: DrawingPhoto;
  let template: Buffer;
  beforeAll(async () => {
    const dragons = (await (await fetch(`${baseUrl()}/api/dragons`)).json()) as { id: string; hiresUrl: string }[];
    dragonId = dragons[0]!.id;
    template = Buffer.from(await (await fetch(`${baseUrl()}${dragons[0]!.hiresUrl}`)).arrayBuffer());
    photo = await photoOfDrawing(template, { moved: [PLANTED], photoWidth: 2400, photoHeight: 1800, seed: 5 });
  }, 120_000);

  for (const lang of ["es", "ar"] as const) {
    const words = LANGUAGES[lang];
    it(`${lang}: finds the cell drawn 3 mm low and says so in that language; the heat map keeps A, B, C from the left`, async () => {
      const { context, page } = await newPage(browser, WIDE);
      try {
        await page.goto(`/${lang}/draw/${dragonId}?version=color`);
        await page.locator("[data-testid=paper][data-image=hires]").waitFor();
        await page.getByRole("button", { name: words.checkMyDrawing }).click();
        const dialog = page.getByRole("dialog", { name: words.checkMyDrawing });
        await dialog.waitFor();
        await expectScreen(page, lang, "check-pick");

        const chooser = page.waitForEvent("filechooser");
        await dialog.getByRole("button", { name: words.choosePhoto }).click();
        await (await chooser).setFiles(photo.file);
        // Found by its lines, checked at once; its corners can still be adjusted by hand.
        const heatMap = page.getByRole("group", { name: words.heatMap });
        await heatMap.waitFor({ timeout: 30_000 });
        await dialog.getByRole("button", { name: words.adjustCorners }).click();
        const shown = page.getByRole("img", { name: words.yourPhoto });
        await shown.waitFor();
        // The handles go on the photo's corners as they are: top-left is top-left in any language.
        for (const [i, name] of CORNERS.entries()) {
          const handle = (await page.getByRole("button", { name: words.corner[name] }).boundingBox())!;
          const box = (await shown.boundingBox())!;
          const scale = box.width / photo.width;
          const target = photo.corners[i]!;
          await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
          await page.mouse.down();
          await page.mouse.move(box.x + target.x * scale, box.y + target.y * scale, { steps: 6 });
          await page.mouse.up();
        }
        await expectScreen(page, lang, "check-corners");

        await dialog.getByRole("button", { name: words.checkMyDrawing }).last().click();
        await heatMap.waitFor();
        const cells = await heatMap.getByRole("button").evaluateAll((all) =>
          all.map((cell) => ({
            label: cell.getAttribute("aria-label")!,
            status: cell.getAttribute("data-status")!,
            x: cell.getBoundingClientRect().x,
          })),
        );
        expect(cells.filter((cell) => !["close", "empty"].includes(cell.status)).map((cell) => cell.label)).toEqual([
          words.f4Low,
        ]);
        // Column A on the left, then B, then C, as on the paper, even right to left.
        const firstRow = ["A1", "B1", "C1"].map((name) => cells.find((cell) => cell.label.startsWith(`${name}:`))!);
        expect(firstRow.every(Boolean)).toBe(true);
        expect(firstRow[0]!.x).toBeLessThan(firstRow[1]!.x);
        expect(firstRow[1]!.x).toBeLessThan(firstRow[2]!.x);
        await page.getByRole("heading", { name: words.whereToLook }).waitFor();
        await expect
          .poll(async () =>
            (await page.getByRole("status").allTextContents()).some((text) => words.matching.test(text)),
          )
          .toBe(true);
        await expectScreen(page, lang, "check-result");

        // The worst cells as a practice sheet, its words in that language (Arabic's drawn as pictures).
        const practise = page.getByRole("region", { name: words.practiseCells });
        await practise.scrollIntoViewIfNeeded();
        await expectScreen(page, lang, "check-practise");
        const download = page.waitForEvent("download", { timeout: 30_000 });
        await practise.getByRole("button", { name: words.makePracticeSheet }).click();
        const pdfFile = (await (await download).path())!;
        expect(fs.readFileSync(pdfFile).subarray(0, 5).toString()).toBe("%PDF-");
        // The cells it names, drawn on the printed sheet (the second 3 mm low) and photographed.
        const labels = ((await practise.locator("p").textContent()) ?? "").match(/\b[A-Z]\d\b/g)!;
        expect(labels).toHaveLength(3);
        const practicePhoto = await photoOfPracticePdf(pdfFile, labels, template, 1);

        // The worst cell opens beside the same part of the photo, in the same words.
        await page.getByRole("button", { name: words.f4Low }).last().click();
        await page.getByRole("heading", { name: words.cellF4 }).waitFor();
        await page.getByRole("img", { name: words.cellF4OnPaper }).waitFor();
        await expectScreen(page, lang, "check-cell");

        // Back on the canvas, the check kept in 'Your checks' (in this browser), in that language.
        await page.reload();
        // The cell viewer opens again on the cell last looked at: closed, the canvas shows.
        await page.getByRole("heading", { name: words.cellF4 }).waitFor();
        await page.keyboard.press("Escape");
        const history = page.getByRole("heading", { name: words.yourChecks });
        await history.waitFor();
        await history.scrollIntoViewIfNeeded();
        await expectScreen(page, lang, "check-history");

        // The practice sheet's photo, recognised and scored cell by cell, in that language.
        await page.getByRole("button", { name: words.checkMyDrawing }).first().click();
        const chooseAgain = page.waitForEvent("filechooser");
        await dialog.getByRole("button", { name: words.choosePhoto }).click();
        await (await chooseAgain).setFiles(practicePhoto.file);
        await page.getByRole("heading", { name: words.yourPracticeSheet }).waitFor({ timeout: 30_000 });
        await expectScreen(page, lang, "check-practice-result");
      } finally {
        await context.close();
      }
    });
  }
});
