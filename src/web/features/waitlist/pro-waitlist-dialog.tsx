import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { Grid3x3, Images, Sparkles } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Dialog } from "../../components/ui/dialog";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/use-toast";
import { callApi } from "../../lib/api-client";
import { useAuth } from "../../lib/auth";
import { serverMessage } from "../../lib/errors";

const BENEFITS = [
  {
    icon: Grid3x3,
    title: msg`Upload your own images`,
    text: msg`Turn any photo into a template with an automatic artist's grid.`,
  },
  { icon: Sparkles, title: msg`AI image design`, text: msg`Describe a dragon and get a custom picture to draw.` },
  {
    icon: Images,
    title: msg`Your own gallery`,
    text: msg`Show your finished drawings and collect likes and comments.`,
  },
];

/** The Pro waitlist: what Pro will bring (no price), and an e-mail form. */
export function ProWaitlistDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const [email, setEmail] = useState("");
  // Each opening starts from the signed-in member's own address, theirs to change (a visitor's
  // field starts empty). Set while rendering, so the field never shows empty first.
  const [shownOpen, setShownOpen] = useState(false);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setEmail(user?.email ?? "");
  }
  const join = useMutation({
    mutationFn: (value: string) => callApi("POST /api/waitlist", { body: { email: value } }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      toast({ title: t`Email Required`, description: t`Please enter your email address`, variant: "destructive" });
      return;
    }
    join.mutate(value, {
      onSuccess: ({ mustConfirm }) => {
        // An address other than the member's own is told about Pro only once its owner opens the link sent to it (issue 41).
        toast({
          title: t`You're on the list!`,
          description: mustConfirm
            ? t`We'll email you as soon as Dragon Grid Pro launches. If your address is not confirmed yet, check your inbox for the link that confirms it.`
            : t`We'll email you as soon as Dragon Grid Pro launches.`,
        });
        setEmail("");
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          title: t`Oops!`,
          description: serverMessage(error) ?? t`Something went wrong. Please try again.`,
          variant: "destructive",
        }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Unlock Dragon Grid Pro — Coming Soon!`}
      description={t`Pro is on its way. Join the waitlist and be the first to know.`}
    >
      <ul className="grid gap-4">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title.id} className="flex gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <span>
              <strong className="block text-ink">{i18n._(title)}</strong>
              <span className="text-sm text-ink-soft">{i18n._(text)}</span>
            </span>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate className="mt-6 grid gap-3">
        <TextField
          label={t`Your email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          disabled={join.isPending}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {/* A member whose address is filled in joins with one tap: focus on the button keeps a
            phone's keyboard from opening over it (a visitor's focus goes to the empty field). */}
        <Button type="submit" disabled={join.isPending} autoFocus={Boolean(user)}>
          {join.isPending ? t`Joining...` : t`Join the Waitlist`}
        </Button>
      </form>
    </Dialog>
  );
}
