import type { MessageDescriptor, MessageOptions, Messages } from "@lingui/core";

type CompiledMessage = Exclude<Messages[string], string>;

/**
 * `@lingui/core`'s runtime as the app uses it: catalogs compiled at build time (decision 056), so
 * without the parts only uncompiled or older catalogs need (a message compiler's hook, its warning,
 * the deprecated `localeData`), without what the app never calls (`missing` handlers and events,
 * `loadAndActivate`), without formatting inside messages (`{n, number}`, `{d, date}`, `{t, time}`:
 * none is used, and npm run i18n:check refuses them) and without the development messages that
 * production builds keep.
 * Each function below is Lingui 5.9's, with the same results: vite.config.ts puts this module in
 * place of `@lingui/core` in the browser's and the server renderer's builds (decision 058), and
 * lingui-runtime.test.ts checks it against the package on the app's catalogs.
 */

type Locales = string | string[];
type Values = Record<string, unknown>;
type Formats = Record<string, Intl.DateTimeFormatOptions | Intl.NumberFormatOptions>;
type Cases = Record<string, unknown> & { offset?: number };

const cache = new Map<string, unknown>();
function memoized<T>(key: string, make: () => T): T {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as T;
}
const withDefault = (locales: Locales) => [...(Array.isArray(locales) ? locales : [locales]), "en"];
const cacheKey = (type: string, locales: string[], options?: unknown) =>
  `${type}-${locales.join("-")}-${JSON.stringify(options)}`;

function date(locales: Locales, value: string | number | Date, format?: Intl.DateTimeFormatOptions): string {
  const all = withDefault(locales);
  const options = format ?? { day: "numeric", month: "short", year: "numeric" };
  return memoized(cacheKey("date", all, format ?? "default"), () => new Intl.DateTimeFormat(all, options)).format(
    typeof value === "string" ? new Date(value) : value,
  );
}

function number(locales: Locales, value: number, format?: Intl.NumberFormatOptions): string {
  const all = withDefault(locales);
  return memoized(cacheKey("number", all, format), () => new Intl.NumberFormat(all, format)).format(value);
}

function plural(locales: Locales, ordinal: boolean, value: number, { offset = 0, ...rules }: Cases) {
  const all = withDefault(locales);
  const type = ordinal ? "ordinal" : "cardinal";
  const rule = memoized(cacheKey(`plural-${type}`, all), () => new Intl.PluralRules(all, { type }));
  return (rules[value] ?? rules[rule.select(value - offset)] ?? rules.other) as string;
}

const ESCAPE_SEQUENCE = /\\u[a-fA-F0-9]{4}|\\x[a-fA-F0-9]{2}/;
const decodeEscapeSequences = (text: string) =>
  text.replace(/\\u([a-fA-F0-9]{4})|\\x([a-fA-F0-9]{2})/g, (_, unicode: string | undefined, hex: string) =>
    String.fromCharCode(parseInt(unicode ?? hex, 16)),
  );
const decoded = (text: string) => (ESCAPE_SEQUENCE.test(text) ? decodeEscapeSequences(text) : text);

const OCTOTHORPE = "%__lingui_octothorpe__%";

/** A compiled message (tokens: text, `#`, `[name, type?, format?]`) with its values, as Lingui's `interpolate`. */
function interpolate(
  translation: CompiledMessage,
  locale: string,
  locales: Locales | undefined,
  values: Values = {},
  formats: Formats = {},
): string {
  const use = locales || locale;
  const withNumber = (value: number, message: string) =>
    message.replace(
      new RegExp(OCTOTHORPE, "g"),
      number(use, value, Object.keys(formats).length ? (formats.number as Intl.NumberFormatOptions) : undefined),
    );
  // No {n, number}, {d, date} or {t, time} inside a message: npm run i18n:check refuses them (the
  // app formats with i18n.number and i18n.date and passes the text), so their value is said as is.
  const formatters: Record<string, (value: never, cases: Cases) => unknown> = {
    plural: (value: number, cases) => withNumber(value - (cases.offset ?? 0), plural(use, false, value, cases)),
    selectordinal: (value: number, cases) => withNumber(value - (cases.offset ?? 0), plural(use, true, value, cases)),
    select: (value: string, cases) => cases[value] ?? cases.other,
  };
  const format = (tokens: unknown, inPlural = false): unknown => {
    if (!Array.isArray(tokens)) return tokens;
    return tokens.reduce((message: string, token: unknown) => {
      if (token === "#" && inPlural) return message + OCTOTHORPE;
      if (typeof token === "string") return message + token;
      const [name, type, options] = token as [string, string?, Record<string, unknown>?];
      let casesOrFormat: unknown = options;
      if (type === "plural" || type === "selectordinal" || type === "select") {
        const cases: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(options!)) cases[key] = format(value, type !== "select");
        casesOrFormat = cases;
      }
      const formatter = type ? formatters[type] : undefined;
      const value = formatter ? formatter(values[name] as never, casesOrFormat as Cases) : values[name];
      return value == null ? message : message + String(value);
    }, "");
  };
  const result = format(translation);
  if (typeof result === "string") return decoded(result);
  return result ? String(result) : "";
}

interface I18nProps {
  locale?: string;
  locales?: Locales;
  messages?: Record<string, Messages>;
}

export class I18n {
  _locale = "";
  _locales: Locales | undefined;
  _messages: Record<string, Messages> = {};
  _listeners = new Set<() => void>();
  /** Alias of `_`. */
  t = this._.bind(this);

  constructor(params: I18nProps) {
    if (params.messages != null) this.load(params.messages);
    if (typeof params.locale === "string" || params.locales) this.activate(params.locale ?? "en", params.locales);
  }

  get locale() {
    return this._locale;
  }

  get locales() {
    return this._locales;
  }

  get messages(): Messages {
    return this._messages[this._locale] ?? {};
  }

  /** Listen to "change" (messages loaded, a language activated), the only event the app listens to. */
  on(_event: "change", listener: () => void) {
    const own = () => listener();
    this._listeners.add(own);
    return () => void this._listeners.delete(own);
  }

  emit() {
    this._listeners.forEach((listener) => listener());
  }

  load(localeOrMessages: string | Record<string, Messages>, messages?: Messages) {
    const all = typeof localeOrMessages == "string" ? { [localeOrMessages]: messages! } : localeOrMessages;
    for (const [locale, more] of Object.entries(all)) this._messages[locale] = { ...this._messages[locale], ...more };
    this.emit();
  }

  activate(locale: string, locales?: Locales) {
    this._locale = locale;
    this._locales = locales;
    this.emit();
  }

  _(descriptor: string | MessageDescriptor, values?: Values, options?: MessageOptions): string {
    if (!this.locale) throw new Error("Lingui: a translation was asked for before i18n.activate(locale)");
    let id = descriptor || "";
    let message = options?.message;
    if (typeof id !== "string") {
      values = id.values || values;
      message = id.message;
      id = id.id ?? "";
    }
    const translation = this.messages[id] || message || id;
    if (typeof translation === "string") return decoded(translation);
    return interpolate(translation, this._locale, this._locales, values, options?.formats);
  }

  date(value: string | Date, format?: Intl.DateTimeFormatOptions) {
    return date(this._locales || this._locale, value, format);
  }

  number(value: number, format?: Intl.NumberFormatOptions) {
    return number(this._locales || this._locale, value, format);
  }
}

export const setupI18n = (params: I18nProps = {}) => new I18n(params);

export const i18n = setupI18n();
