import { useState } from "react";
import { useLocation } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { toast } from "../components/ui/use-toast";
import { queryClient } from "./query-client";
import { callApi } from "./api-client";
import { AUTH_USER_KEY } from "./auth";
import { forgetThisPerson, sendOutbox } from "./forget-this-person";
import type { CurrentUser } from "../../shared/auth/responses";

/**
 * Sign out: send saves still waiting offline, end the session, forget the person (page and device)
 * and go to /, or say it failed.
 * A plain request rather than a mutation hook: this sits in the header on every first load.
 */
export function useSignOut() {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);
  const { t } = useLingui();
  const signOut = async () => {
    setPending(true);
    try {
      const user = queryClient.getQueryData<CurrentUser>(AUTH_USER_KEY);
      if (user) await sendOutbox(user.id);

      await callApi("POST /api/auth/logout");
      await forgetThisPerson();
      queryClient.clear();
      navigate("/");
    } catch {
      toast({ title: t`Error`, description: t`Failed to logout`, variant: "destructive" });
    } finally {
      setPending(false);
    }
  };
  return { pending, signOut: () => void signOut() };
}
