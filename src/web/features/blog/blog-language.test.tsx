// A post's language as readers meet it (issue 44): the list filters by it from the address
// (?language=es), says so when a language has no post, and marks each post's own words with its
// language and direction while the page around them stays in the reader's. The API is the real app.
import { afterAll, beforeAll, beforeEach, expect, inject, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { BlogListPage } from "./blog-list-page";
import { BlogPostPage } from "./blog-post-page";
import { BlogForm } from "./blog-form";
import { formValues } from "./admin-api";
import { callApi } from "../../lib/api-client";
import { freshBrowser, renderScreen, signInWith } from "../../test/render-screen";
import type { AdminBlogPost } from "../../../shared/blog/responses";
import type { BlogPostPayload } from "../../../shared/blog";

const api = inject("componentApi");
const stamp = Date.now();
let spanish: AdminBlogPost;
let arabic: AdminBlogPost;
let english: AdminBlogPost;
let french: AdminBlogPost | undefined;

async function asAdmin<T>(work: () => Promise<T>): Promise<T> {
  freshBrowser();
  signInWith(api.members.admin.cookie);
  try {
    return await work();
  } finally {
    freshBrowser();
  }
}

const write = (post: BlogPostPayload) => callApi("POST /api/admin/blog", { body: { ...post, published: true } });

beforeAll(async () => {
  [spanish, arabic, english] = await asAdmin(async () => [
    await write({
      title: `Escamas paso a paso ${stamp}`,
      excerpt: "Dibuja las escamas casilla por casilla.",
      content: "<p>Hola</p>",
      language: "es",
    }),
    await write({ title: `رسم الحراشف ${stamp}`, content: "<p>مرحبا</p>", language: "ar" }),
    await write({ title: `Scales step by step ${stamp}`, content: "<p>Hello</p>" }),
  ]);
});

afterAll(() =>
  asAdmin(async () => {
    for (const post of [spanish, arabic, english, french])
      if (post) await callApi("DELETE /api/admin/blog/:id", { params: { id: post.id } });
  }),
);

beforeEach(freshBrowser);

it("shows only the posts of the language in the address, and every post again from 'All languages'", async () => {
  const screen = await renderScreen(<BlogListPage />, "/blog?language=es");
  const filter = screen.getByRole("combobox", { name: "Post language" });
  await expect.element(filter).toHaveValue("es");
  const spanishTitle = screen.getByRole("heading", { name: spanish.title });
  await expect.element(spanishTitle).toBeVisible();
  await expect.element(spanishTitle).toHaveAttribute("lang", "es");
  await expect.element(screen.getByText("Dibuja las escamas casilla por casilla.")).toHaveAttribute("lang", "es");
  expect(screen.getByRole("heading", { name: english.title }).query()).toBeNull();
  expect(screen.getByRole("heading", { name: arabic.title }).query()).toBeNull();
  // Each language is named in itself; the page's own words stay English.
  await expect.element(screen.getByRole("option", { name: "Español" })).toHaveAttribute("lang", "es");
  await expect.element(screen.getByRole("option", { name: "All languages" })).toBeInTheDocument();

  await filter.selectOptions("");
  await expect.element(filter).toHaveValue("");
  await expect.element(screen.getByRole("heading", { name: english.title })).toBeVisible();
  await expect.element(screen.getByRole("heading", { name: spanish.title })).toBeVisible();
  const arabicTitle = screen.getByRole("heading", { name: arabic.title });
  await expect.element(arabicTitle).toHaveAttribute("lang", "ar");
  await expect.element(arabicTitle).toHaveAttribute("dir", "rtl");
  await expect.element(screen.getByRole("heading", { name: english.title })).toHaveAttribute("dir", "ltr");
});

it("says when a language has no post yet, and shows every post again from there", async () => {
  const screen = await renderScreen(<BlogListPage />, "/blog");
  await expect.element(screen.getByRole("heading", { name: english.title })).toBeVisible();
  await screen.getByRole("combobox", { name: "Post language" }).selectOptions("de");
  await expect.element(screen.getByRole("heading", { name: "No Posts in This Language Yet" })).toBeVisible();
  expect(screen.getByRole("heading", { name: english.title }).query()).toBeNull();
  await screen.getByRole("button", { name: "Show all languages" }).click();
  await expect.element(screen.getByRole("combobox", { name: "Post language" })).toHaveValue("");
  await expect.element(screen.getByRole("heading", { name: english.title })).toBeVisible();
});

it("ignores a language the app does not have in the address", async () => {
  const screen = await renderScreen(<BlogListPage />, "/blog?language=xx");
  await expect.element(screen.getByRole("combobox", { name: "Post language" })).toHaveValue("");
  await expect.element(screen.getByRole("heading", { name: english.title })).toBeVisible();
});

it("writes an Arabic post's title and body right to left, in Arabic, inside the page's English frame", async () => {
  const screen = await renderScreen(<BlogPostPage params={{ slug: arabic.slug }} />, `/blog/${arabic.slug}`);
  const title = screen.getByRole("heading", { level: 1, name: arabic.title });
  await expect.element(title).toHaveAttribute("lang", "ar");
  await expect.element(title).toHaveAttribute("dir", "rtl");
  const body = screen.getByText("مرحبا");
  await expect.element(body).toBeVisible();
  const container = body.element().closest(".blog-prose");
  expect(container?.getAttribute("lang")).toBe("ar");
  expect(container?.getAttribute("dir")).toBe("rtl");
  // The frame is the reader's: its link back is in English, in the document's language (no lang of the post's around it).
  const back = screen.getByRole("link", { name: "Back to Blog" }).first();
  await expect.element(back).toBeVisible();
  expect(back.element().closest("[lang]")).toBe(document.documentElement);
});

it("starts a new post in the page's language and an edited one in its own", () => {
  expect(formValues(undefined, "ja").language).toBe("ja");
  expect(formValues(spanish, "ja").language).toBe("es");
});

it("lets an admin choose a post's language, each named in itself, and saves it", async () => {
  signInWith(api.members.admin.cookie);
  const screen = await renderScreen(<BlogForm />, "/admin/blog/new");
  const language = screen.getByRole("combobox", { name: "Language" });
  // The page is in English, so a new post is too until the admin says otherwise.
  await expect.element(language).toHaveValue("en");
  await expect.element(screen.getByRole("option", { name: "العربية" })).toHaveAttribute("lang", "ar");
  await language.selectOptions("Français");
  await expect.element(language).toHaveValue("fr");
  const title = `Les écailles ${stamp}`;
  await screen.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.elementLocator(document.querySelector<HTMLElement>("[contenteditable]")!).click();
  await userEvent.keyboard("Bonjour");
  // Enter in the title saves, as Save Post does (the form has one of those per layout).
  await screen.getByRole("textbox", { name: "Title", exact: true }).click();
  await userEvent.keyboard("{Enter}");
  await expect.element(page.getByText("Blog post created successfully!")).toBeVisible();
  french = (await callApi("GET /api/admin/blog")).find((post) => post.title === title);
  expect(french?.language).toBe("fr");
  await screen.unmount();

  const again = await renderScreen(<BlogForm post={french} />, `/admin/blog/edit/${french!.id}`);
  await expect.element(again.getByRole("combobox", { name: "Language" })).toHaveValue("fr");
});
