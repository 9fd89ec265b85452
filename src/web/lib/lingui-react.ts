import {
  cloneElement,
  createContext,
  createElement,
  Fragment,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from "react";
import type { I18n } from "@lingui/core";

/**
 * `@lingui/react`'s runtime (`I18nProvider`, `useLingui`, `Trans`, which the macros compile to),
 * without the development messages that production builds keep: the same elements for the same
 * props. vite.config.ts puts it in place of `@lingui/react` in the browser's and the server
 * renderer's builds (decision 058); lingui-runtime.test.ts checks it against the package.
 */

interface LinguiContextValue {
  i18n: I18n;
  defaultComponent?: ComponentType<TransRenderProps>;
  _: I18n["_"];
}

interface TransRenderProps {
  id: string;
  message?: string;
  translation: ReactNode;
  children: ReactNode;
}

interface TransProps {
  id: string;
  message?: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement | ReactElement[]>;
  formats?: Record<string, Intl.NumberFormatOptions | Intl.DateTimeFormatOptions>;
  render?: ((props: TransRenderProps) => ReactNode) | null;
  component?: ComponentType<TransRenderProps> | null;
}

export const LinguiContext = createContext<LinguiContextValue | null>(null);

export const useLingui = () => useContext(LinguiContext)!;

export function I18nProvider({
  i18n,
  defaultComponent,
  children,
}: {
  i18n: I18n;
  defaultComponent?: ComponentType<TransRenderProps>;
  children?: ReactNode;
}) {
  const latestKnownLocale = useRef(i18n.locale);
  const makeContext = () => ({ i18n, defaultComponent, _: i18n.t.bind(i18n) });
  const [context, setContext] = useState(makeContext);
  useEffect(() => {
    const updateContext = () => {
      latestKnownLocale.current = i18n.locale;
      setContext(makeContext());
    };
    const unsubscribe = i18n.on("change", updateContext);
    if (latestKnownLocale.current !== i18n.locale) updateContext();
    return unsubscribe;
    // makeContext is made of these two.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n, defaultComponent]);
  // Nothing to say before a language is active (the app activates one before its first render).
  if (!i18n.locale) return null;
  return createElement(LinguiContext.Provider, { value: context }, children);
}

const tagRe = /<([a-zA-Z0-9]+)>([\s\S]*?)<\/\1>|<([a-zA-Z0-9]+)\/>/;
const VOID_ELEMENTS = /^(area|base|br|col|embed|hr|img|input|keygen|link|meta|param|source|track|wbr|menuitem)$/;

/** A translation's `<0>…</0>` and `<1/>` made into the message's elements, as Lingui's `formatElements`. */
function formatElements(value: string, elements: Record<string, ReactElement | ReactElement[]> = {}): ReactNode {
  const parts = value.split(tagRe);
  if (parts.length === 1) return value;
  let count = 0;
  const tree: ReactNode[] = [];
  const before = parts.shift();
  if (before) tree.push(before);
  for (let i = 0; i < parts.length; i += 4) {
    const [paired, children, unpaired, after] = parts.slice(i, i + 4);
    const index = paired || unpaired;
    let element: ReactElement | ReactElement[] | undefined = index !== undefined ? elements[index] : undefined;
    if (!element || (VOID_ELEMENTS.test(String((element as ReactElement).type)) && children)) {
      element = createElement(Fragment);
    }
    if (Array.isArray(element)) element = createElement(Fragment, null, element);
    tree.push(
      cloneElement(
        element,
        { key: `$lingui$_${count++}` },
        children ? formatElements(children, elements) : (element.props as { children?: ReactNode }).children,
      ),
    );
    if (after) tree.push(after);
  }
  return tree.length === 1 ? tree[0] : tree;
}

export function Trans(props: TransProps): ReactNode {
  const { render, component, id, message, formats } = props;
  const { i18n, defaultComponent } = useLingui();
  let values = props.values;
  let components = props.components;
  if (values) {
    // Values that are elements become elements of the message.
    values = { ...values };
    components = { ...components };
    for (const [key, value] of Object.entries(props.values!)) {
      if (typeof value === "string" || typeof value === "number") continue;
      const index = Object.keys(components).length;
      components[index] = createElement(Fragment, null, value as ReactNode);
      values[key] = `<${index}/>`;
    }
  }
  const text = typeof i18n?._ === "function" ? i18n._(id, values, { message, formats }) : id;
  const translation = text ? formatElements(text, components) : null;
  if (render === null || component === null) return translation;
  const renderProps = { id, message, translation, children: translation };
  if (typeof render === "function") return render(renderProps);
  const Component = typeof component === "function" ? component : defaultComponent;
  return Component ? createElement(Component, renderProps) : translation;
}
