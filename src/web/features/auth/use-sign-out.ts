import { useState } from "react";
import { useLocation } from "wouter";
import { toast } from "../../components/ui/use-toast";
import { apiRequest, queryClient } from "../../lib/query-client";

/**
 * Sign out: end the session, clear the client cache and go to /, or say it failed.
 * A plain request rather than a mutation hook: this sits in the header on every first load.
 */
export function useSignOut() {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      await apiRequest("POST", "/api/auth/logout");
      queryClient.clear();
      navigate("/");
    } catch {
      toast({ title: "Error", description: "Failed to logout", variant: "destructive" });
    } finally {
      setPending(false);
    }
  };
  return { pending, signOut: () => void signOut() };
}
