/** Image work runs as jobs in a queue (decision 034); the processing overlay shows where a member's are. */

/** Said with 429 (and Retry-After) when a member already has IMAGE_JOBS_PER_MEMBER pictures in the making. */
export const TOO_MANY_IMAGE_JOBS =
  /*i18n*/ "You already have several pictures being made. Please wait until one of them is ready.";

/** Said with 503 when the server stopped while a request waited: the job goes on without it. */
export const IMAGE_JOB_INTERRUPTED =
  /*i18n*/ "The server is restarting. Your picture is still being made; please look again in a minute.";
