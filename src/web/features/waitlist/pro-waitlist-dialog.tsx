import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { Grid3x3, Images, Sparkles } from "lucide-react";
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
    title: "Upload your own images",
    text: "Turn any photo into a template with an automatic artist's grid.",
  },
  { icon: Sparkles, title: "AI image design", text: "Describe a dragon and get a custom picture to draw." },
  { icon: Images, title: "Your own gallery", text: "Show your finished drawings and collect likes and comments." },
];

/** The Pro waitlist: what Pro will bring (no price), and an e-mail form. */
export function ProWaitlistDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
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
      toast({ title: "Email Required", description: "Please enter your email address", variant: "destructive" });
      return;
    }
    join.mutate(value, {
      onSuccess: ({ mustConfirm }) => {
        // An address other than the member's own is told about Pro only once its owner opens the link sent to it (issue 41).
        const launch = "We'll email you as soon as Dragon Grid Pro launches.";
        toast({
          title: "You're on the list!",
          description: mustConfirm
            ? `${launch} If your address is not confirmed yet, check your inbox for the link that confirms it.`
            : launch,
        });
        setEmail("");
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          title: "Oops!",
          description: serverMessage(error) ?? "Something went wrong. Please try again.",
          variant: "destructive",
        }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Unlock Dragon Grid Pro — Coming Soon!"
      description="Pro is on its way. Join the waitlist and be the first to know."
    >
      <ul className="grid gap-4">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <span>
              <strong className="block text-ink">{title}</strong>
              <span className="text-sm text-ink-soft">{text}</span>
            </span>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate className="mt-6 grid gap-3">
        <TextField
          label="Your email"
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
          {join.isPending ? "Joining..." : "Join the Waitlist"}
        </Button>
      </form>
    </Dialog>
  );
}
