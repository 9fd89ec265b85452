/**
 * Whether an answer is public to everyone (`Cache-Control: public`): the only kind a shared
 * device may keep in Cache Storage (decision 013). The service worker and sign-out both ask.
 */
export const isPublicResponse = (response: Response | undefined): boolean =>
  /(^|,)\s*public\s*(,|$)/i.test(response?.headers.get("cache-control") ?? "");

/**
 * Where the service worker keeps a member's own pictures (decision 031) for their canvas offline:
 * not public, so signing out deletes it; deleting a picture drops its entries at once.
 */
export const OWN_PICTURES_CACHE = "dragon-grid-own";
