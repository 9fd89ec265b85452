import { useMutation } from "@tanstack/react-query";
import { refreshQueries } from "../../lib/refresh-queries";
import { callApi } from "../../lib/api-client";
import { AUTH_USER_KEY } from "../../lib/auth";
import type { LoginPayload } from "../../../shared/auth";

export interface RegisterForm {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function useLogin() {
  return useMutation({
    mutationFn: (payload: LoginPayload) => callApi("POST /api/auth/login", { body: payload }),
    onSuccess: () => refreshQueries({ queryKey: AUTH_USER_KEY }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (payload: RegisterForm) => callApi("POST /api/auth/register", { body: payload }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => callApi("POST /api/auth/resend-verification", { body: { email } }),
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => callApi("POST /api/auth/forgot-password", { body: { email } }) });
}
