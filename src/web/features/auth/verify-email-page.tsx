import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "wouter";
import { CircleCheck, CircleX } from "lucide-react";
import { buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { apiRequest } from "../../lib/query-client";
import { serverMessage } from "../../lib/errors";
import { usePageMeta } from "../../lib/page-meta";
import { getStaticPageMeta } from "../../../shared/page-meta";

/** /verify-email?token=…: spends the token once (a query, so a re-render never sends it twice). */
export function VerifyEmailPage() {
  usePageMeta(getStaticPageMeta("/verify-email")!);
  const token = new URLSearchParams(useSearch()).get("token");
  const verification = useQuery({
    queryKey: ["/api/auth/verify-email", token],
    enabled: Boolean(token),
    queryFn: async () => (await apiRequest("GET", `/api/auth/verify-email?token=${encodeURIComponent(token!)}`)).json() as Promise<{ message?: string }>,
  });

  let content;
  if (!token || verification.isError) {
    const message = token ? (serverMessage(verification.error) ?? "Verification failed. The link may be invalid or expired.") : "No verification token provided";
    content = (
      <>
        <CircleX className="mx-auto h-14 w-14 text-danger" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold">Verification Failed</h1>
        <p className="mt-3 text-ink">{message}</p>
        <p className="mt-2 text-sm text-ink-soft">You can ask for a new link from the login page, register again, or contact support if this keeps happening.</p>
        <Link href="/login" className={buttonClass("primary", "mt-7 w-full")}>
          Back to Login
        </Link>
      </>
    );
  } else if (verification.isSuccess) {
    content = (
      <>
        <CircleCheck className="mx-auto h-14 w-14 text-emerald-600" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold">Email Verified!</h1>
        <p className="mt-3 text-ink-soft">{verification.data.message || "Email verified successfully!"} You can now log in.</p>
        <Link href="/login" className={buttonClass("primary", "mt-7 w-full")}>
          Go to Login
        </Link>
      </>
    );
  } else {
    content = (
      <>
        <Spinner label="Verifying" />
        <h1 className="text-2xl font-bold">Verifying Email...</h1>
      </>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <Card className="p-8 text-center">{content}</Card>
    </div>
  );
}
