import { accountEndpoints } from "../account/endpoints";
import { analyticsEndpoints } from "../analytics/endpoints";
import { authEndpoints } from "../auth/endpoints";
import { blogEndpoints } from "../blog/endpoints";
import { blocksEndpoints } from "../blocks/endpoints";
import { documentsEndpoints } from "../documents/endpoints";
import { dragonsEndpoints } from "../dragons/endpoints";
import { healthEndpoints } from "../health/endpoints";
import { imageJobsEndpoints } from "../image-jobs/endpoints";
import { moderationEndpoints } from "../moderation/endpoints";
import { notificationsEndpoints } from "../notifications/endpoints";
import { picturesEndpoints } from "../pictures/endpoints";
import { postsEndpoints } from "../posts/endpoints";
import { progressEndpoints } from "../progress/endpoints";
import { statsEndpoints } from "../stats/endpoints";
import { uploadsEndpoints } from "../uploads/endpoints";
import { usersEndpoints } from "../users/endpoints";
import { waitlistEndpoints } from "../waitlist/endpoints";

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
