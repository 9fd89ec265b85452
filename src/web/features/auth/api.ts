import { useMutation } from "@tanstack/react-query";
import { apiRequest, queryClient } from "../../lib/query-client";
import { AUTH_USER_KEY } from "../../lib/auth";
import type { AuthUser, LoginPayload } from "../../../shared/auth";

export interface RegisterForm {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function useLogin() {
  return useMutation({
    mutationFn: async (payload: LoginPayload) => (await apiRequest("POST", "/api/auth/login", payload)).json() as Promise<AuthUser>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: async (payload: RegisterForm) => (await apiRequest("POST", "/api/auth/register", payload)).json() as Promise<{ message: string }>,
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: async (email: string) => (await apiRequest("POST", "/api/auth/resend-verification", { email })).json() as Promise<{ message: string }>,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: async (email: string) => (await apiRequest("POST", "/api/auth/forgot-password", { email })).json() as Promise<{ message: string }> });
}
