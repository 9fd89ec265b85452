import { HttpError } from "../http/errors";

/** Megabytes as people read them: 1024 MB is "1 GB". */
export function formatQuota(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${Math.round(mb)} MB`;
}

/** An upload that would take a member past their stored-bytes quota (UPLOAD_QUOTA_MB). */
export class UploadQuotaExceeded extends HttpError {
  constructor(readonly quotaBytes: number) {
    super(413, /*i18n*/ "You have used your {quota} of uploads. Delete some drawings or uploads to free space.", {
      values: { quota: formatQuota(quotaBytes) },
    });
  }
}
