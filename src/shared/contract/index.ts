import { accountEndpoints } from "./account";
import { analyticsEndpoints } from "./analytics";
import { authEndpoints } from "./auth";
import { blogEndpoints } from "./blog";
import { blocksEndpoints } from "./blocks";
import { documentsEndpoints } from "./documents";
import { dragonsEndpoints } from "./dragons";
import { healthEndpoints } from "./health";
import { imageJobsEndpoints } from "./image-jobs";
import { moderationEndpoints } from "./moderation";
import { notificationsEndpoints } from "./notifications";
import { picturesEndpoints } from "./pictures";
import { postsEndpoints } from "./posts";
import { progressEndpoints } from "./progress";
import { statsEndpoints } from "./stats";
import { uploadsEndpoints } from "./uploads";
import { usersEndpoints } from "./users";
import { waitlistEndpoints } from "./waitlist";

/**
 * Every route the server registers, keyed by "METHOD /path" (decision 024). The tag of each group
 * in the OpenAPI document is the key here.
 */
export const CONTRACT_GROUPS = {
  auth: authEndpoints,
  account: accountEndpoints,
  dragons: dragonsEndpoints,
  pictures: picturesEndpoints,
  imageJobs: imageJobsEndpoints,
  progress: progressEndpoints,
  posts: postsEndpoints,
  moderation: moderationEndpoints,
  blocks: blocksEndpoints,
  notifications: notificationsEndpoints,
  uploads: uploadsEndpoints,
  blog: blogEndpoints,
  stats: statsEndpoints,
  users: usersEndpoints,
  analytics: analyticsEndpoints,
  waitlist: waitlistEndpoints,
  health: healthEndpoints,
  documents: documentsEndpoints,
};

export const CONTRACT = {
  ...authEndpoints,
  ...accountEndpoints,
  ...dragonsEndpoints,
  ...picturesEndpoints,
  ...imageJobsEndpoints,
  ...progressEndpoints,
  ...postsEndpoints,
  ...moderationEndpoints,
  ...blocksEndpoints,
  ...notificationsEndpoints,
  ...uploadsEndpoints,
  ...blogEndpoints,
  ...statsEndpoints,
  ...usersEndpoints,
  ...analyticsEndpoints,
  ...waitlistEndpoints,
  ...healthEndpoints,
  ...documentsEndpoints,
};

export type Contract = typeof CONTRACT;
export type ContractKey = keyof Contract;
