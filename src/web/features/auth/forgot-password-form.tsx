import { useState, type FormEvent } from "react";
import { MailCheck } from "lucide-react";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { useForgotPassword } from "./api";

/** The Login tab's 'Forgot password?' view: ask for a reset link, then the server's neutral answer. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const forgot = useForgotPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    forgot.mutate(email, {
      onError: (error) =>
        toast({
          title: "Failed to Send Email",
          description: serverMessage(error) ?? "Please try again later",
          variant: "destructive",
        }),
    });
  };

  if (forgot.isSuccess) {
    return (
      <div className="text-center" role="status">
        <MailCheck className="mx-auto h-14 w-14 text-accent" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold">Check Your Email</h1>
        <p className="mt-3 text-ink">{forgot.data.message}</p>
        <p className="mt-2 text-sm text-ink-soft">
          Nothing there after a few minutes? Look in your spam folder, or ask again.
        </p>
        <Button onClick={onBack} className="mt-7 w-full">
          Back to Login
        </Button>
      </div>
    );
  }
  return (
    <>
      <h1 className="text-center text-3xl font-bold">Forgot your password?</h1>
      <p className="mt-2 text-center text-ink-soft">
        Enter your account's email and we'll send you a link to choose a new password.
      </p>
      <form onSubmit={submit} className="mt-6 grid gap-4">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" disabled={forgot.isPending} className="mt-2 w-full">
          {forgot.isPending ? "Sending..." : "Send Reset Link"}
        </Button>
        <Button variant="ghost" onClick={onBack} className="w-full">
          Back to Login
        </Button>
      </form>
    </>
  );
}
