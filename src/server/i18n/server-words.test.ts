import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";
import { testClient, type TestClient } from "../test/api-client";
import { createAccount, fromNewAddress } from "../test/accounts";
import { decodeQuotedPrintable, outboxFor, verificationLink, waitForMail } from "../test/mail";
import { parseEml } from "../test/eml";
import { INVALID_LOGIN_MESSAGE } from "../../shared/auth";
import { LOCALE_CODES } from "../../shared/i18n/locales";
import { serverTranslator } from "./server-catalogs";

// The words the server says, in the reader's language (decision 057): an answer in the language
// the request asks for, an e-mail in the recipient's.

let t: TestApp;
let api: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  api = testClient(t.app);
});
afterAll(() => t.close());

describe("the server's catalogs", () => {
  it("has every language, each compiling, with plural forms of its own", () => {
    for (const locale of LOCALE_CODES) expect(() => serverTranslator(locale)).not.toThrow();
    const attempts = "Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.";
    expect(serverTranslator("en")(attempts, { minutes: 1 })).toBe("Too many attempts. Please try again in 1 minute.");
    expect(serverTranslator("en")(attempts, { minutes: 2 })).toBe("Too many attempts. Please try again in 2 minutes.");
    // Arabic says one, two and eleven minutes three different ways.
    const arabic = [1, 2, 11].map((minutes) => serverTranslator("ar")(attempts, { minutes }));
    expect(new Set(arabic).size).toBe(3);
    // Words the catalog does not have (a reason a schema gives) read as they are, placeholders filled.
    expect(serverTranslator("ja")("x must be at most {max}", { max: 3 })).toBe("x must be at most 3");
    for (const locale of LOCALE_CODES.filter((code) => code !== "en"))
      expect(serverTranslator(locale)(INVALID_LOGIN_MESSAGE)).not.toBe(INVALID_LOGIN_MESSAGE);
  });
});

describe("an API answer's words", () => {
  const wrongLogin = (headers: Record<string, string>) =>
    api.call("POST /api/auth/login", {
      body: { email: "nobody-here@example.com", password: "not the password" },
      headers,
      remoteAddress: fromNewAddress(),
    });

  it("are in the language the request asks for, and say so", async () => {
    const spanish = await wrongLogin({ "accept-language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(spanish.statusCode).toBe(401);
    expect(spanish.body).toBe(serverTranslator("es")(INVALID_LOGIN_MESSAGE));
    expect(spanish.headers["content-language"]).toBe("es");
    expect(String(spanish.headers.vary)).toMatch(/accept-language/i);

    const english = await wrongLogin({});
    expect(english.body).toBe(INVALID_LOGIN_MESSAGE);
    expect(english.headers["content-language"]).toBe("en");
  });

  it("fall back to the language chosen on this browser, then English", async () => {
    expect((await wrongLogin({ cookie: "lang=de" })).body).toBe(serverTranslator("de")(INVALID_LOGIN_MESSAGE));
    // A language we do not have is English; the header wins over the cookie.
    expect((await wrongLogin({ "accept-language": "ko" })).body).toBe(INVALID_LOGIN_MESSAGE);
    expect((await wrongLogin({ "accept-language": "ja", cookie: "lang=de" })).body).toBe(
      serverTranslator("ja")(INVALID_LOGIN_MESSAGE),
    );
  });

  it("translate a refused field's frame and zod's reason, and keep the field's name", async () => {
    const res = await api.call("POST /api/auth/register", {
      body: { email: "not-an-address", password: "correct horse" },
      headers: { "accept-language": "fr" },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(400);
    const english = await api.call("POST /api/auth/register", {
      body: { email: "not-an-address", password: "correct horse" },
      remoteAddress: fromNewAddress(),
    });
    expect(english.body).toMatch(/^Invalid email: /);
    expect(res.body).toContain("email");
    expect(res.body).not.toBe(english.body);
    expect(res.body).not.toMatch(/Invalid/);
  });

  it("of a success are translated too", async () => {
    const res = await api.call("POST /api/auth/resend-verification", {
      body: { email: "nobody-either@example.com" },
      headers: { "accept-language": "pt-BR" },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(200);
    const message = (res.json() as { message: string }).message;
    expect(message).toBe(
      serverTranslator("pt-BR")("If an account needs verifying for this email, a new link is on its way."),
    );
    expect(message).not.toMatch(/^If an account/);
  });
});

describe("an e-mail's words", () => {
  it("are in the language of the page the person registered on, and the account keeps it", async () => {
    const email = "ana-es@example.com";
    const res = await api.call("POST /api/auth/register", {
      body: { email, password: "correct horse", firstName: "Ana" },
      headers: { "accept-language": "es", cookie: "lang=es" },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(201);
    const raw = (await waitForMail(t.dataDir, email))[0]!;
    const mail = parseEml(raw);
    const es = serverTranslator("es");
    // Its link opens the Spanish page, whatever the browser it is opened in asks for.
    expect(new URL(verificationLink(raw)!).pathname).toBe("/es/verify-email");
    expect(mail.subject).toBe(es("Verify your Dragon Grid email"));
    expect(mail.text).toContain(es("Hi {firstName},", { firstName: "Ana" }));
    expect(mail.html).toContain('<html lang="es" dir="ltr">');
    const [row] = await t.database.db.select({ language: users.language }).from(users).where(eq(users.email, email));
    expect(row?.language).toBe("es");
  });

  it("of a password reset are in the account's language, and its link opens the page in it", async () => {
    const owner = await createAccount(t, { firstName: "Karim" });
    await t.database.db.update(users).set({ language: "ar" }).where(eq(users.id, owner.id));
    const before = outboxFor(t.dataDir, owner.email).length;
    const res = await api.call("POST /api/auth/forgot-password", {
      body: { email: owner.email },
      headers: { "accept-language": "de" },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(200);
    const raw = (await waitForMail(t.dataDir, owner.email, before + 1)).at(-1)!;
    expect(parseEml(raw).html).toContain('<html lang="ar" dir="rtl">');
    expect(decodeQuotedPrintable(raw)).toMatch(/https?:\/\/[^\s"<>/]+\/ar\/reset-password\?token=[A-Za-z0-9_-]+/);
  });

  it("tell an account's owner of a registration attempt in the owner's language, never the asker's", async () => {
    const owner = await createAccount(t, { firstName: "Karim" });
    await t.database.db.update(users).set({ language: "ar" }).where(eq(users.id, owner.id));
    const before = outboxFor(t.dataDir, owner.email).length;
    await api.call("POST /api/auth/register", {
      body: { email: owner.email, password: "another horse" },
      headers: { "accept-language": "de" },
      remoteAddress: fromNewAddress(),
    });
    const mail = parseEml((await waitForMail(t.dataDir, owner.email, before + 1)).at(-1)!);
    expect(mail.subject).toBe(serverTranslator("ar")("Someone tried to register with your Dragon Grid email"));
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });
});
