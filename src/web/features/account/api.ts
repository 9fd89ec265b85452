import { useMutation, useQuery } from "@tanstack/react-query";
import { checkUpload } from "../../lib/check-upload";
import { queryClient } from "../../lib/query-client";
import { refreshQueries } from "../../lib/refresh-queries";
import { apiQuery, apiQueryKey, callApi, type ResponseOf } from "../../lib/api-client";
import { AUTH_USER_KEY } from "../../lib/auth";
import { keepAccount } from "../../lib/on-this-device";
import { forgetThisPerson, sendOutbox } from "../../lib/forget-this-person";
import type { CurrentUser } from "../../../shared/auth/responses";
import type { ProfilePayload } from "../../../shared/account";
import type { EmailSettings } from "../../../shared/notifications";

/** The signed-in user changed: the header and profile read it from here; feed cards show names and pictures. */
function userChanged(user: CurrentUser) {
  queryClient.setQueryData(AUTH_USER_KEY, user);
  keepAccount(user);
  void refreshQueries({ queryKey: ["/api/posts"] });
}

/** This browser's session ended: nothing of the person stays, in the page or on the device. */
async function signedOutHere() {
  await forgetThisPerson();
  queryClient.clear();
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (payload: { token: string; password: string }) =>
      callApi("POST /api/auth/reset-password", { body: payload }),
    // Every session of the account ended, this browser's too if it had one.
    onSuccess: async () => {
      await forgetThisPerson();
      queryClient.setQueryData(AUTH_USER_KEY, null);
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (payload: { currentPassword?: string; newPassword: string }) =>
      callApi("POST /api/account/password", { body: payload }),
    onSuccess: () => {
      const user = queryClient.getQueryData<CurrentUser>(AUTH_USER_KEY);
      if (user) queryClient.setQueryData(AUTH_USER_KEY, { ...user, hasPassword: true });
    },
  });
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (payload: ProfilePayload) => callApi("PUT /api/account/profile", { body: payload }),
    onSuccess: userChanged,
  });
}

export function useSetAvatar() {
  return useMutation({
    mutationFn: async (objectPath: string) => {
      // Private: the avatar is a cleaned copy; the photo as it arrived is never anyone else's to see.
      const checked = await checkUpload(objectPath, "private");
      return callApi("PUT /api/account/avatar", { body: { objectPath: checked } });
    },
    onSuccess: userChanged,
  });
}

export function useRemoveAvatar() {
  return useMutation({ mutationFn: () => callApi("DELETE /api/account/avatar"), onSuccess: userChanged });
}

export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: async () => {
      const user = queryClient.getQueryData<CurrentUser>(AUTH_USER_KEY);
      if (user) await sendOutbox(user.id);
      return callApi("POST /api/account/sign-out-everywhere");
    },
    onSuccess: signedOutHere,
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (payload: { email: string; password?: string }) => callApi("DELETE /api/account", { body: payload }),
    onSuccess: signedOutHere,
  });
}

export const EMAIL_SETTINGS_KEY = apiQueryKey("GET /api/notifications/email-settings");

/** Which notifications also come by e-mail; a switch shows its new state at once and goes back if the server refuses. */
export function useEmailSettings() {
  return useQuery(apiQuery("GET /api/notifications/email-settings"));
}

export function useSaveEmailSettings() {
  return useMutation({
    mutationFn: (settings: EmailSettings) => callApi("PUT /api/notifications/email-settings", { body: settings }),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: EMAIL_SETTINGS_KEY });
      const before = queryClient.getQueryData<EmailSettings>(EMAIL_SETTINGS_KEY);
      queryClient.setQueryData(EMAIL_SETTINGS_KEY, settings);
      return { before };
    },
    onError: (_error, _settings, context) => {
      if (context?.before) queryClient.setQueryData(EMAIL_SETTINGS_KEY, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(EMAIL_SETTINGS_KEY, saved),
  });
}

export const BLOCKS_KEY = apiQueryKey("GET /api/blocks");

/** The people this member blocked, newest first. */
export function useBlockedUsers() {
  return useQuery(apiQuery("GET /api/blocks"));
}

export function useUnblock() {
  return useMutation({
    mutationFn: (userId: string) => callApi("DELETE /api/blocks/:userId", { params: { userId } }),
    onSuccess: (_answer, userId) => {
      queryClient.setQueryData<ResponseOf<"GET /api/blocks">>(BLOCKS_KEY, (people) =>
        people?.filter((person) => person.userId !== userId),
      );
      // Their posts, comments and likes show in the feed again.
      void refreshQueries({ queryKey: ["/api/posts"] });
    },
  });
}

/** What this member reported, newest first, and whether an admin has looked at it. */
export function useMyReports() {
  return useQuery(apiQuery("GET /api/reports/mine"));
}
