import { useEffect, useState, type FormEvent } from "react";
import { useLocation, useSearch } from "wouter";
import * as Tabs from "@radix-ui/react-tabs";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { TextField } from "../../components/ui/text-field";
import { NewPasswordField } from "../../components/new-password-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { clearReturnUrl, readReturnUrl } from "../../lib/return-url";
import { safeReturnUrl } from "../../../shared/return-url";
import { directionOf } from "../../../shared/i18n/locales";
import { useLogin, useRegister } from "./api";
import { ForgotPasswordForm } from "./forgot-password-form";
import { CheckEmail } from "./check-email";
import { GoogleButton } from "./google-button";
import { useScreenPageMeta } from "../../lib/use-screen-page-meta";

// Messages for the server's /login?error=… redirects from Google sign-in.
const GOOGLE_ERRORS: Record<string, { title: MessageDescriptor; description: MessageDescriptor }> = {
  "google-not-configured": {
    title: msg`Google Sign-In Unavailable`,
    description: msg`Google sign-in is not configured`,
  },
  google: { title: msg`Google Sign-In Failed`, description: msg`Please try again, or log in with your email.` },
  "google-email": {
    title: msg`Google Sign-In Failed`,
    description: msg`Your Google account has no verified email address.`,
  },
};

const tabClass =
  "min-h-11 flex-1 rounded-full text-sm font-semibold text-ink-soft transition-colors data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm";

/** /login: Login and Register tabs, and the check-your-email view. */
export function LoginPage() {
  useScreenPageMeta("/login");
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const [tab, setTab] = useState(search.get("tab") === "register" ? "register" : "login");
  const [checkEmailFor, setCheckEmailFor] = useState<string | null>(null);
  // /login?forgot=1 (the reset page's 'ask for a new link') opens the forgotten-password view.
  const [forgotOpen, setForgotOpen] = useState(search.get("forgot") === "1");
  const [login, setLogin] = useState({ email: "", password: "" });
  const [form, setForm] = useState({ firstName: "", lastName: "", email: "", password: "" });
  const loginMutation = useLogin();
  const registerMutation = useRegister();

  const error = search.get("error");
  useEffect(() => {
    const known = error ? GOOGLE_ERRORS[error] : undefined;
    if (known) toast({ title: i18n._(known.title), description: i18n._(known.description), variant: "destructive" });
  }, [error, i18n]);

  const submitLogin = (event: FormEvent) => {
    event.preventDefault();
    loginMutation.mutate(login, {
      onSuccess: () => {
        const target = safeReturnUrl(readReturnUrl());
        clearReturnUrl();
        navigate(target);
      },
      onError: (err) => {
        const message = serverMessage(err);
        // Sign-in refuses an unverified address, and only that, with 403 (its words are in the page's language).
        if (err instanceof Error && err.message.startsWith("403: ")) setCheckEmailFor(login.email.trim());
        else toast({ title: t`Login Failed`, description: message ?? t`Login failed`, variant: "destructive" });
      },
    });
  };

  const submitRegister = (event: FormEvent) => {
    event.preventDefault();
    registerMutation.mutate(form, {
      onSuccess: () => {
        toast({
          title: t`Registration Successful`,
          description: t`Please check your email to verify your account.`,
        });
        setCheckEmailFor(form.email.trim());
      },
      onError: (err) =>
        toast({
          title: t`Registration Failed`,
          description: serverMessage(err) ?? t`Registration failed`,
          variant: "destructive",
        }),
    });
  };

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <Card className="p-6 sm:p-8">
        {forgotOpen ? (
          <ForgotPasswordForm
            initialEmail={login.email}
            onBack={() => {
              setForgotOpen(false);
              setTab("login");
            }}
          />
        ) : checkEmailFor ? (
          <CheckEmail
            email={checkEmailFor}
            onBack={() => {
              setCheckEmailFor(null);
              setTab("login");
            }}
          />
        ) : (
          <>
            <h1 className="text-center text-3xl font-bold">
              {tab === "login" ? <Trans>Welcome back</Trans> : <Trans>Join Dragon Grid</Trans>}
            </h1>
            <p className="mt-2 text-center text-ink-soft">
              {tab === "login" ? (
                <Trans>Log in to save your progress and share your drawings.</Trans>
              ) : (
                <Trans>Create a free account to save progress and join the community.</Trans>
              )}
            </p>
            {/* Radix Tabs set their own dir, left to right unless told: the page's, so the fields and the
                tabs' order (and arrow keys) follow a right-to-left language. */}
            <Tabs.Root value={tab} onValueChange={setTab} dir={directionOf(i18n.locale)} className="mt-6">
              <Tabs.List aria-label={t`Sign in or register`} className="flex gap-1 rounded-full bg-paper-deep p-1">
                <Tabs.Trigger value="login" className={tabClass}>
                  <Trans>Login</Trans>
                </Tabs.Trigger>
                <Tabs.Trigger value="register" className={tabClass}>
                  <Trans>Register</Trans>
                </Tabs.Trigger>
              </Tabs.List>

              <Tabs.Content value="login" className="mt-6 focus-visible:outline-none">
                <form onSubmit={submitLogin} className="grid gap-4">
                  <TextField
                    label={t`Email`}
                    type="email"
                    name="email"
                    autoComplete="email"
                    required
                    value={login.email}
                    onChange={(e) => setLogin({ ...login, email: e.target.value })}
                  />
                  <TextField
                    label={t`Password`}
                    type="password"
                    name="password"
                    autoComplete="current-password"
                    required
                    value={login.password}
                    onChange={(e) => setLogin({ ...login, password: e.target.value })}
                  />
                  <button
                    type="button"
                    onClick={() => setForgotOpen(true)}
                    className="-mt-1 min-h-11 justify-self-end rounded-full px-2 text-sm font-semibold text-accent-strong underline-offset-4 hover:underline"
                  >
                    <Trans>Forgot password?</Trans>
                  </button>
                  <Button type="submit" disabled={loginMutation.isPending} className="mt-2 w-full">
                    {loginMutation.isPending ? <Trans>Logging in...</Trans> : <Trans>Log In</Trans>}
                  </Button>
                </form>
                <Divider />
                <GoogleButton label={t`Continue with Google`} />
              </Tabs.Content>

              <Tabs.Content value="register" className="mt-6 focus-visible:outline-none">
                <form onSubmit={submitRegister} className="grid gap-4">
                  <div className="grid grid-cols-2 gap-3">
                    <TextField
                      label={t`First name`}
                      name="firstName"
                      autoComplete="given-name"
                      value={form.firstName}
                      onChange={(e) => setForm({ ...form, firstName: e.target.value })}
                    />
                    <TextField
                      label={t`Last name`}
                      name="lastName"
                      autoComplete="family-name"
                      value={form.lastName}
                      onChange={(e) => setForm({ ...form, lastName: e.target.value })}
                    />
                  </div>
                  <TextField
                    label={t`Email`}
                    type="email"
                    name="email"
                    autoComplete="email"
                    required
                    value={form.email}
                    onChange={(e) => setForm({ ...form, email: e.target.value })}
                  />
                  <NewPasswordField
                    label={t`Password`}
                    value={form.password}
                    onChange={(password) => setForm({ ...form, password })}
                  />
                  <Button type="submit" disabled={registerMutation.isPending} className="mt-2 w-full">
                    {registerMutation.isPending ? <Trans>Creating account...</Trans> : <Trans>Create Account</Trans>}
                  </Button>
                </form>
                <Divider />
                <GoogleButton label={t`Sign up with Google`} />
              </Tabs.Content>
            </Tabs.Root>
          </>
        )}
      </Card>
    </div>
  );
}

function Divider() {
  return (
    <div
      className="my-5 flex items-center gap-3 text-xs font-semibold uppercase tracking-wider text-ink-soft"
      aria-hidden
    >
      <span className="h-px flex-1 bg-line" />
      <Trans>or</Trans>
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}
