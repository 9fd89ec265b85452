import { pageViewSchema } from "./index";
import { endpoints } from "../contract/endpoint";

export const analyticsEndpoints = endpoints({
  "POST /api/analytics/pageview": {
    summary: "Count a page view (without cookies; robots are not counted)",
    access: "everyone",
    body: pageViewSchema,
    rateLimited: true,
    responses: { 204: { contentType: "none", description: "Counted (or ignored, for a robot)" } },
  },
});
