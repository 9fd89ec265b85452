import { z } from "zod";
import { idText } from "../text";

// Blocks between members (decision 029): private to the blocker; neither sees the other in the feed.

export const blockParams = z.object({ userId: idText("User not found") });
